/**
 * Matching of member requests to members (DESIGN.md §9). One SQL predicate serves the received
 * list and its badge count; `requestMatches` is its in-memory twin for live events, and the
 * tests check that the two agree.
 *
 * A request R is shown to member V when R is active and not expired, not V's own, not archived or answered by
 * V, and R's target country is in V's countries, or R's sector is in V's sectors, or R's type
 * fits V's activity.
 */
import { eq, is, Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Activity, Tier } from "../../common/constants";
import { type RequestType, requestTypesFor } from "../../common/memberRequests";
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
  return sql`${posts.status} = 'active'
    and ${posts.area} = 'membership' and ${posts.kind} = 'request' and ${posts.expiresAt} > now()
    and ${posts.userId} <> ${param(p.userId)}::uuid
    and (${posts.targetCountry} = any(${param(p.countries)}::text[])
      or ${posts.sector} = any(${param(p.sectors)}::text[])
      or ${posts.requestType} = any(${param(p.types)}::text[]::request_type[]))
    and not exists (select 1 from ${postArchives} where ${postArchives.userId} = ${param(p.userId)}::uuid and ${postArchives.postId} = ${posts.id})
    and not exists (select 1 from ${postResponses} where ${postResponses.postId} = ${posts.id} and ${postResponses.responderId} = ${param(p.userId)}::uuid)`;
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
