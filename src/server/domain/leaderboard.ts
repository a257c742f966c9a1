/**
 * The leaderboard from the points ledger (spec part 2 §2 Leaderboard; DESIGN.md §8.1).
 */
import { and, eq, gte, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { pointsLedger, profiles, users } from "../db/schema";
import { monthStart } from "./help";
import { activeMember } from "./members";

/** Ranks and points as numbers (Postgres returns bigint aggregates as strings). */
function norm<T extends { rank: number; points: number }>(r: T): T {
  return { ...r, rank: Number(r.rank), points: Number(r.points) };
}

/**
 * Ranking by points: `allTime` by all-time points, i.e. points earned — the balance plus what was
 * spent on tier upgrades, so buying a tier never drops a member (issue #13 §4); `month` by points
 * earned this calendar month (every ledger row but tier upgrades, so a withdrawn like nets out). Returns the top `limit` and the viewer's own
 * rank and points (`points` is what the board ranks by).
 */
export async function leaderboard(db: DbOrTx, viewerId: string, period: "month" | "allTime", limit = 20) {
  if (period === "allTime") {
    const spent = db
      .select({
        userId: pointsLedger.userId,
        points: sql<number>`(-sum(${pointsLedger.delta}))::int`.as("spent"),
      })
      .from(pointsLedger)
      .where(eq(pointsLedger.reason, "tier_upgrade"))
      .groupBy(pointsLedger.userId)
      .as("spent");
    const allTimePoints = sql<number>`(${profiles.points} + coalesce(${spent.points}, 0))::int`;
    const ranked = db
      .select({
        userId: profiles.userId,
        name: profiles.name,
        tier: profiles.tier,
        activities: profiles.activities,
        points: allTimePoints.as("points"),
        rank: sql<number>`rank() over (order by ${allTimePoints} desc)`.as("rank"),
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .leftJoin(spent, eq(spent.userId, profiles.userId))
      .where(activeMember)
      .as("ranked");
    const top = await db.select().from(ranked).orderBy(ranked.rank, ranked.name).limit(limit);
    const [me] = await db.select().from(ranked).where(eq(ranked.userId, viewerId));
    return { top: top.map(norm), me: me ? norm(me) : null };
  }
  const earned = db
    .select({
      userId: pointsLedger.userId,
      points: sql<number>`sum(${pointsLedger.delta})::int`.as("earned"),
    })
    .from(pointsLedger)
    .where(and(gte(pointsLedger.createdAt, monthStart()), ne(pointsLedger.reason, "tier_upgrade")))
    .having(sql`sum(${pointsLedger.delta}) > 0`)
    .groupBy(pointsLedger.userId)
    .as("earned");
  const ranked = db
    .select({
      userId: profiles.userId,
      name: profiles.name,
      tier: profiles.tier,
      activities: profiles.activities,
      points: earned.points,
      rank: sql<number>`rank() over (order by ${earned.points} desc)`.as("rank"),
    })
    .from(earned)
    .innerJoin(profiles, eq(profiles.userId, earned.userId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(activeMember)
    .as("ranked_month");
  const top = await db.select().from(ranked).orderBy(ranked.rank, ranked.name).limit(limit);
  const [me] = await db.select().from(ranked).where(eq(ranked.userId, viewerId));
  return { top: top.map(norm), me: me ? norm(me) : null };
}
