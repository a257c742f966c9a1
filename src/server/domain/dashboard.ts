/**
 * Dashboard figures and recent activity from the database (spec part 2 §2 Dashboard; DESIGN.md §8.1).
 */
import { count, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { postResponses, posts, profiles, sharedKnowledge, users } from "../db/schema";

import { loadMatchProfile, matchingPredicate } from "./matching";
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
 * The latest club activity seen by `viewerId`: published shares, new requests and answers, newest
 * first, with the member's name and the time (the UI shows it relative). A request, and an answer
 * to it, appear only when the viewer may see the request (issue #10 §7): their own, one they
 * answered, or one the received list shows them (`matchingPredicate`).
 *
 * Each row names what it links to (issue #13 §1): `userId`, the member named; `targetId`, the
 * library item for a share, the request for a request or an answer; `ownRequest`, whether that
 * request is the viewer's own (its answers are under Offers received).
 */
export async function recentActivity(db: DbOrTx, viewerId: string, limit = 10) {
  const p = await loadMatchProfile(db, viewerId);
  const visible = sql`(${posts.userId} = ${viewerId}::uuid
      or exists (select 1 from ${postResponses} mine where mine.post_id = ${posts.id} and mine.responder_id = ${viewerId}::uuid)
      or (${matchingPredicate(p)}))`;
  // posts is not aliased: the predicate names its columns by the table's own name.
  const result = await db.execute(sql`
    (select 'shared' as kind, p.name, p.user_id, k.id as target_id, false as own_request, k.title as subject, coalesce(k.reviewed_at, k.created_at) as at
       from ${sharedKnowledge} k join ${profiles} p on p.user_id = k.user_id
      where k.status = 'approved' and k.unpublished_at is null
      order by coalesce(k.reviewed_at, k.created_at) desc limit ${limit})
    union all
    (select 'requested' as kind, p.name, p.user_id, ${posts.id} as target_id, ${posts.userId} = ${viewerId}::uuid as own_request, coalesce(${posts.title}, left(${posts.description}, 80)) as subject, ${posts.createdAt} as at
       from ${posts} join ${profiles} p on p.user_id = ${posts.userId}
      where ${posts.status} = 'active' and ${visible}
      order by ${posts.createdAt} desc limit ${limit})
    union all
    (select 'helped' as kind, p.name, p.user_id, ${posts.id} as target_id, ${posts.userId} = ${viewerId}::uuid as own_request, left(${posts.description}, 80) as subject, x.created_at as at
       from ${postResponses} x join ${profiles} p on p.user_id = x.responder_id
       join ${posts} on ${posts.id} = x.post_id
      where ${visible}
      order by x.created_at desc limit ${limit})
    order by at desc limit ${limit}`);
  const rows = ((result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as {
    kind: "shared" | "requested" | "helped";
    name: string;
    user_id: string;
    target_id: string | number;
    own_request: boolean;
    subject: string;
    at: string | Date;
  }[];
  return rows.map(({ user_id, target_id, own_request, ...r }) => ({
    ...r,
    userId: user_id,
    targetId: Number(target_id),
    ownRequest: own_request,
    at: new Date(r.at),
  }));
}
