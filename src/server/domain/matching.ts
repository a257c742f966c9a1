/**
 * Matching of posts to members (DESIGN.md §9; ADR 16). One SQL predicate per board serves the
 * received list, its badge count, respond and ignore; `postMatches` (src/common/posts.ts) is its
 * in-memory twin for live events, and the tests check that the two agree.
 *
 * A request R is shown to member V when R is active and not expired, not V's own, not archived or answered by
 * V, and R's target country is in V's countries, or R's sector is in V's sectors, or R's type
 * fits V's activity.
 *
 */
import { eq, is, Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Activity, PostArea, PostKind, Tier, UserType } from "../../common/constants";
import { type RequestType, requestTypesFor } from "../../common/memberRequests";
import { BOARD_ROUTING, type Board, boardParts, memberTags } from "../../common/posts";
import type { ActivitySelections } from "../../common/profile";
import type { DbOrTx } from "../db/client";
import { postArchives, postResponses, posts, profiles } from "../db/schema";

/**
 * What matching needs to know about the viewing member: their countries, sectors, the request
 * types their activities receive (membership board) and their tags (`memberTags`; ADR 16).
 */
export interface MatchProfile {
  userId: string;
  countries: string[];
  sectors: string[];
  types: RequestType[];
  tags: string[];
}

/** The profile columns a match profile is made of (a missing profile matches nothing). */
export interface MatchProfileSource {
  targetCountries: string[] | null;
  industrialSectors: string[] | null;
  activities: string[] | null;
  userType: UserType | null;
  expertiseAreas: string[] | null;
  activitySelections: ActivitySelections | null;
}

/** The match profile of `userId` from their profile's columns (DESIGN.md §9; ADR 16). */
export function matchProfileFrom(userId: string, p: MatchProfileSource): MatchProfile {
  const activities = (p.activities ?? []) as Activity[];
  const sectors = p.industrialSectors ?? [];
  return {
    userId,
    countries: p.targetCountries ?? [],
    sectors,
    types: requestTypesFor(activities),
    tags: p.userType
      ? memberTags({
          userId,
          activities,
          userType: p.userType,
          sectors,
          expertiseAreas: p.expertiseAreas ?? [],
          activitySelections: p.activitySelections ?? { mainCategories: [], details: {} },
        })
      : [],
  };
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
      targetCountries: profiles.targetCountries,
      industrialSectors: profiles.industrialSectors,
      activities: profiles.activities,
      userType: profiles.userType,
      expertiseAreas: profiles.expertiseAreas,
      activitySelections: profiles.activitySelections,
      points: profiles.points,
      tier: profiles.tier,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return {
    match: matchProfileFrom(userId, {
      targetCountries: p?.targetCountries ?? null,
      industrialSectors: p?.industrialSectors ?? null,
      activities: p?.activities ?? null,
      userType: p?.userType ?? null,
      expertiseAreas: p?.expertiseAreas ?? null,
      activitySelections: (p?.activitySelections as ActivitySelections | null) ?? null,
    }),
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
  tags: Arg<string[]>;
}

/** Placeholders `userId`, `countries`, `sectors`, `types`, `tags` for prepared statements. */
export const matchPlaceholders: MatchArgs = {
  userId: sql.placeholder("userId"),
  countries: sql.placeholder("countries"),
  sectors: sql.placeholder("sectors"),
  types: sql.placeholder("types"),
  tags: sql.placeholder("tags"),
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
export function matchingPredicate(p: Omit<MatchArgs, "tags">): SQL {
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
export function boardPredicate(board: Board, p: MatchArgs): SQL {
  const shape = BOARD_ROUTING[board].shape;
  if (shape === "membership") return matchingPredicate(p);
  const { area, kind } = boardParts(board);
  const place = sql`(${posts.countries} && ${param(p.countries)}::text[] or ${posts.sectors} && ${param(p.sectors)}::text[])`;
  const reached = sql`${posts.reach} && ${param(p.tags)}::text[]`;
  const condition =
    shape === "open" ? sql`(${place} or ${reached})` : shape === "gated" ? sql`${reached} and ${place}` : reached;
  return boardBase(area, kind, p.userId, condition);
}
