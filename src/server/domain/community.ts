/**
 * Leaderboard, dashboard figures and recent activity from the database (spec part 2 §2;
 * DESIGN.md §8.1; issue #5 §5), and the Q&A (spec part 2 §2, §4).
 */
import { and, count, desc, eq, gt, gte, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { memberRequests, memberResponses, pointsLedger, profiles, qaItems, sharedKnowledge, users } from "../db/schema";
import { monthStart } from "./help";

const activeMember = and(eq(profiles.approvalStatus, "approved"), isNull(users.suspendedAt));

/**
 * Ranking by points: `allTime` by balance, `month` by points earned this calendar month
 * (positive ledger rows). Returns the top `limit` and the viewer's own rank and points.
 */
export async function leaderboard(db: DbOrTx, viewerId: string, period: "month" | "allTime", limit = 20) {
  if (period === "allTime") {
    const ranked = db
      .select({
        userId: profiles.userId,
        name: profiles.name,
        tier: profiles.tier,
        activities: profiles.activities,
        points: profiles.points,
        rank: sql<number>`rank() over (order by ${profiles.points} desc)`.as("rank"),
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
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
    .where(and(gte(pointsLedger.createdAt, monthStart()), gt(pointsLedger.delta, 0)))
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

function norm<T extends { rank: number; points: number }>(r: T): T {
  return { ...r, rank: Number(r.rank), points: Number(r.points) };
}

/** Approved members active in the last 30 days, and all approved members. */
export async function memberCounts(db: DbOrTx) {
  const since = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${users.lastActiveAt} >= ${since.toISOString()})::int`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(activeMember);
  return { total: row?.total ?? 0, active: Number(row?.active ?? 0) };
}

/**
 * The latest club activity: approved shares, new requests and answers, newest first, with the
 * member's name and the time (the UI shows it relative).
 */
export async function recentActivity(db: DbOrTx, limit = 10) {
  const result = await db.execute(sql`
    (select 'shared' as kind, p.name, k.title as subject, coalesce(k.reviewed_at, k.created_at) as at
       from ${sharedKnowledge} k join ${profiles} p on p.user_id = k.user_id
      where k.status = 'approved'
      order by coalesce(k.reviewed_at, k.created_at) desc limit ${limit})
    union all
    (select 'requested' as kind, p.name, coalesce(r.title, left(r.description, 80)) as subject, r.created_at as at
       from ${memberRequests} r join ${profiles} p on p.user_id = r.user_id
      where r.status = 'active'
      order by r.created_at desc limit ${limit})
    union all
    (select 'helped' as kind, p.name, left(r.description, 80) as subject, x.created_at as at
       from ${memberResponses} x join ${profiles} p on p.user_id = x.responder_id
       join ${memberRequests} r on r.id = x.request_id
      order by x.created_at desc limit ${limit})
    order by at desc limit ${limit}`);
  const rows = ((result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as {
    kind: "shared" | "requested" | "helped";
    name: string;
    subject: string;
    at: string | Date;
  }[];
  return rows.map((r) => ({ ...r, at: new Date(r.at) }));
}

/** Published Q&A for members, newest first. */
export function publishedQa(db: DbOrTx) {
  return db
    .select({ id: qaItems.id, question: qaItems.question, answer: qaItems.answer, subsection: qaItems.subsection })
    .from(qaItems)
    .where(eq(qaItems.isPublished, true))
    .orderBy(desc(qaItems.createdAt), desc(qaItems.id));
}

export function allQa(db: DbOrTx) {
  return db.select().from(qaItems).orderBy(desc(qaItems.createdAt), desc(qaItems.id));
}
