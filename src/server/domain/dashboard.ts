/**
 * Dashboard figures and recent activity from the database (spec part 2 §2 Dashboard; DESIGN.md §8.1).
 */
import { count, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { memberRequests, memberResponses, profiles, sharedKnowledge, users } from "../db/schema";

import { activeMember } from "./members";

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
