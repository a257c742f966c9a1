/**
 * Matching of member requests to members (DESIGN.md §9). One SQL predicate serves the received
 * list and its badge count; `requestMatches` is its in-memory twin for live events, and the
 * tests check that the two agree.
 *
 * A request R is shown to member V when R is active, not V's own, not archived or answered by
 * V, and R's target country is in V's countries, or R's sector is in V's sectors, or R's type
 * fits V's activity.
 */
import { and, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Activity } from "../../common/constants";
import { type RequestType, requestTypesFor } from "../../common/requests";
import type { DbOrTx } from "../db/client";
import { archivedMemberRequests, memberRequests, memberResponses, profiles } from "../db/schema";

/** What matching needs to know about the viewing member. */
export interface MatchProfile {
  userId: string;
  countries: string[];
  sectors: string[];
  types: RequestType[];
}

export async function loadMatchProfile(db: DbOrTx, userId: string): Promise<MatchProfile> {
  const [p] = await db
    .select({
      countries: profiles.targetCountries,
      sectors: profiles.industrialSectors,
      activities: profiles.activities,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return {
    userId,
    countries: p?.countries ?? [],
    sectors: p?.sectors ?? [],
    types: requestTypesFor((p?.activities ?? []) as Activity[]),
  };
}

/** The matching predicate over `member_requests` for `p` (DESIGN.md §9). */
export function matchingPredicate(p: MatchProfile): SQL {
  const arms: SQL[] = [];
  if (p.countries.length) arms.push(inArray(memberRequests.targetCountry, p.countries));
  if (p.sectors.length) arms.push(inArray(memberRequests.sector, p.sectors));
  if (p.types.length) arms.push(inArray(memberRequests.requestType, p.types));
  const anyArm = arms.length ? or(...arms) : sql`false`;
  return and(
    eq(memberRequests.status, "active"),
    ne(memberRequests.userId, p.userId),
    anyArm,
    sql`not exists (select 1 from ${archivedMemberRequests} where ${archivedMemberRequests.userId} = ${p.userId} and ${archivedMemberRequests.requestId} = ${memberRequests.id})`,
    sql`not exists (select 1 from ${memberResponses} where ${memberResponses.requestId} = ${memberRequests.id} and ${memberResponses.responderId} = ${p.userId})`,
  ) as SQL;
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
