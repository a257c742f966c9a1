/**
 * Matching of member requests to members (DESIGN.md §9). One SQL predicate serves the received
 * list and its badge count; `requestMatches` is its in-memory twin for live events, and the
 * tests check that the two agree.
 *
 * A request R is shown to member V when R is active and not expired, not V's own, not archived or answered by
 * V, and R's target country is in V's countries, or R's sector is in V's sectors, or R's type
 * fits V's activity.
 *
 * The other boards of service-area posts (ADR 16, issue #14) have their own predicates,
 * `boardPredicate`; their twin is `postMatches` (src/common/posts.ts).
 */
import { eq, is, Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Activity, PostArea, PostKind, Tier } from "../../common/constants";
import { type RequestType, requestTypesFor } from "../../common/memberRequests";
import { BOARD_ROUTING, type Board, boardParts } from "../../common/posts";
import type { DbOrTx } from "../db/client";
import { postArchives, postResponses, posts, profiles } from "../db/schema";

/** What matching needs to know about the viewing member. */
export interface MatchProfile {
  userId: string;
  countries: string[];
  sectors: string[];
  types: RequestType[];
}

/**
 * The member's match profile and standing (points, tier) in one query; an account without a
 * profile matches nothing and stands at 0 points, Turquoise.
 */
export async function loadMatchProfileAndStanding(
  db: DbOrTx,
  userId: string,
): Promise<{ match: MatchProfile; points: number; tier: Tier }> {
  const [p] = await db
    .select({
      countries: profiles.targetCountries,
      sectors: profiles.industrialSectors,
      activities: profiles.activities,
      points: profiles.points,
      tier: profiles.tier,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return {
    match: {
      userId,
      countries: p?.countries ?? [],
      sectors: p?.sectors ?? [],
      types: requestTypesFor((p?.activities ?? []) as Activity[]),
    },
    points: p?.points ?? 0,
    tier: p?.tier ?? "turquoise",
  };
}

/** The member's match profile (DESIGN.md §9). */
export async function loadMatchProfile(db: DbOrTx, userId: string): Promise<MatchProfile> {
  return (await loadMatchProfileAndStanding(db, userId)).match;
}

/** A value, or a placeholder filled when a prepared statement runs. */
type Arg<T> = T | Placeholder;

/** The predicate's parameters: a `MatchProfile`, or placeholders of the same names. */
export interface MatchArgs {
  userId: Arg<string>;
  countries: Arg<string[]>;
  sectors: Arg<string[]>;
  types: Arg<RequestType[]>;
}

/** Placeholders `userId`, `countries`, `sectors`, `types` for prepared statements. */
export const matchPlaceholders: MatchArgs = {
  userId: sql.placeholder("userId"),
  countries: sql.placeholder("countries"),
  sectors: sql.placeholder("sectors"),
  types: sql.placeholder("types"),
};

/** One bound parameter (an array stays ONE array parameter). */
function param(value: unknown): SQLWrapper | Placeholder {
  return is(value, Placeholder) ? value : sql.param(value);
}

/**
 * The matching predicate over the membership area's requests in `posts` (DESIGN.md §9; ADR 16).
 * Its text does not depend on the profile (arrays are single parameters, `= any(…)`), so it can
 * be prepared once and planned generically; `status = 'active'`, the area and the kind are
 * literals so the partial indexes apply, and an expired request is shown to no one. Request
 * types travel as text[] (a connection opened before the migrations does not know the enum's
 * array type) and are cast in SQL.
 */
export function matchingPredicate(p: MatchArgs): SQL {
  return boardBase(
    "membership",
    "request",
    p.userId,
    sql`(${posts.targetCountry} = any(${param(p.countries)}::text[])
      or ${posts.sector} = any(${param(p.sectors)}::text[])
      or ${posts.requestType} = any(${param(p.types)}::text[]::request_type[]))`,
  );
}

/**
 * What every board's predicate shares (ADR 16): active, of the board's area and kind (literals,
 * so partial indexes apply), not expired, not the member's own, then the shape's `condition`,
 * then neither archived nor answered by the member.
 */
function boardBase(area: PostArea, kind: PostKind, userId: Arg<string>, condition: SQL): SQL {
  return sql`${posts.status} = 'active'
    and ${posts.area} = ${literal(area)} and ${posts.kind} = ${literal(kind)} and ${posts.expiresAt} > now()
    and ${posts.userId} <> ${param(userId)}::uuid
    and ${condition}
    and not exists (select 1 from ${postArchives} where ${postArchives.userId} = ${param(userId)}::uuid and ${postArchives.postId} = ${posts.id})
    and not exists (select 1 from ${postResponses} where ${postResponses.postId} = ${posts.id} and ${postResponses.responderId} = ${param(userId)}::uuid)`;
}

/** A fixed enum value as an SQL literal (from POST_AREAS / POST_KINDS, never user input). */
function literal(value: PostArea | PostKind): SQL {
  if (!/^[a-z_]+$/.test(value)) throw new Error(`not an enum literal: ${value}`);
  return sql.raw(`'${value}'`);
}

/** A `MatchProfile` with the member's tags (`memberTags`, src/common/posts.ts; ADR 16). */
export type BoardMatchProfile = MatchProfile & { tags: string[] };

/** `boardPredicate`'s parameters: a `BoardMatchProfile`, or placeholders of the same names. */
export interface BoardMatchArgs extends MatchArgs {
  tags: Arg<string[]>;
}

/** `matchPlaceholders` and `tags`, for prepared statements of any board. */
export const boardPlaceholders: BoardMatchArgs = { ...matchPlaceholders, tags: sql.placeholder("tags") };

/**
 * The matching predicate of one board (ADR 16 "One SQL predicate per board"; issue #14). Its
 * text depends on the board only, so it can be prepared once per board: the base of
 * `boardBase`, plus the board's shape (`BOARD_ROUTING`, src/common/posts.ts):
 *
 * - membership: exactly `matchingPredicate` (its benchmarked plan stays);
 * - open: `countries && $countries or sectors && $sectors or reach && $tags`;
 * - gated: `reach && $tags and (countries && $countries or sectors && $sectors)`;
 * - audience: `reach && $tags`.
 *
 * Each array is one `text[]` parameter. Its in-memory twin is `postMatches`.
 */
export function boardPredicate(board: Board, p: BoardMatchArgs): SQL {
  const shape = BOARD_ROUTING[board].shape;
  if (shape === "membership") return matchingPredicate(p);
  const { area, kind } = boardParts(board);
  const place = sql`(${posts.countries} && ${param(p.countries)}::text[] or ${posts.sectors} && ${param(p.sectors)}::text[])`;
  const reached = sql`${posts.reach} && ${param(p.tags)}::text[]`;
  const condition =
    shape === "open" ? sql`(${place} or ${reached})` : shape === "gated" ? sql`${reached} and ${place}` : reached;
  return boardBase(area, kind, p.userId, condition);
}

/** True when no request can match `p` (no country, sector or request type). */
export function matchesNothing(p: MatchProfile): boolean {
  return p.countries.length === 0 && p.sectors.length === 0 && p.types.length === 0;
}

/**
 * In-memory twin of `matchingPredicate` for a request that was just created (so it cannot be
 * archived or answered yet).
 */
export function requestMatches(
  p: MatchProfile,
  r: { userId: string; targetCountry: string | null; sector: string | null; requestType: string },
): boolean {
  if (r.userId === p.userId) return false;
  return (
    (r.targetCountry !== null && p.countries.includes(r.targetCountry)) ||
    (r.sector !== null && p.sectors.includes(r.sector)) ||
    (p.types as readonly string[]).includes(r.requestType)
  );
}
