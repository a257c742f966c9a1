/**
 * The daily digest (issue #17 §2): each member whose "new requests and offers routed to me"
 * e-mail preference is the digest gets, once a day, one e-mail listing the posts routed to them
 * (the boards' matching predicates, ADR 16) that were created since their previous digest. Run
 * by the job queue's `digest` job (jobs/queue.ts).
 *
 * Exactly once: the member's `digests` row says up to when posts have been covered. Each member
 * is done in one transaction that locks that row (`FOR UPDATE SKIP LOCKED`), writes the mail to
 * the outbox and moves `covered_until` to the run's `until`; a second run for the same `until`
 * (another process, a retried job) finds the row covered or locked and skips it. Posts are
 * counted by `created_at` in (covered_until, until], so consecutive digests neither overlap nor
 * leave a gap.
 */
import { and, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { BOARDS, canMatch, RECEIVED_PATHS } from "../../common/posts";
import type { Db, Tx } from "../db/client";
import { digests, posts, profiles, users } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
import { type DigestSection, digestMail } from "../mail/templates";
import { boardPredicate, loadMatchProfile, type MatchProfile } from "./matching";

/** Posts listed per board in one digest (the rest are counted: "and 12 more"). */
export const DIGEST_ITEMS_PER_BOARD = 5;
/** How far back a member's first digest looks. */
const FIRST_DIGEST_HOURS = 24;
/** Members read per batch while looking for those due. */
const BATCH = 200;

export interface DigestLinks {
  /** The app's public origin, e.g. `https://club.example` (links in the mail). */
  origin: string;
  /** The one-click unsubscribe link of `userId`'s digest preference, and the mail headers for it. */
  unsubscribe(userId: string): { url: string; headers: Record<string, string> };
}

export interface DigestResult {
  /** Members whose period (…, until] was settled by this run. */
  covered: number;
  /** Digests written to the outbox (members with at least one new post). */
  mailed: number;
}

/**
 * Sends the digests due at `until` (the job's scheduled time; the same `until` twice sends
 * nothing more). `wantsDigest` is the SQL condition on `users.id` choosing members whose
 * preference is the digest. Returns how many members were covered and mailed.
 */
export async function sendDigests(
  db: Db,
  opts: { until: Date; links: DigestLinks; wantsDigest?: (userId: typeof users.id) => ReturnType<typeof sql> },
): Promise<DigestResult> {
  const result: DigestResult = { covered: 0, mailed: 0 };
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const due = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(digests, eq(digests.userId, users.id))
      .where(
        and(
          gt(users.id, after),
          eq(profiles.approvalStatus, "approved"),
          isNull(users.suspendedAt),
          sql`(${digests.coveredUntil} is null or ${digests.coveredUntil} < ${opts.until})`,
          opts.wantsDigest?.(users.id),
        ),
      )
      .orderBy(users.id)
      .limit(BATCH);
    for (const { id } of due) {
      const mailed = await digestOne(db, id, opts.until, opts.links);
      if (mailed !== null) {
        result.covered++;
        if (mailed) result.mailed++;
      }
    }
    const last = due.at(-1);
    if (due.length < BATCH || !last) return result;
    after = last.id;
  }
}

/**
 * One member's digest for (covered_until, until]: null when another run holds or has done it,
 * else whether a mail was written.
 */
async function digestOne(db: Db, userId: string, until: Date, links: DigestLinks): Promise<boolean | null> {
  return db.transaction(async (tx) => {
    await tx
      .insert(digests)
      .values({ userId, coveredUntil: sql`${until}::timestamptz - make_interval(hours => ${FIRST_DIGEST_HOURS})` })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ coveredUntil: digests.coveredUntil })
      .from(digests)
      .where(eq(digests.userId, userId))
      .for("update", { skipLocked: true });
    if (!row || row.coveredUntil >= until) return null;
    const profile = await loadMatchProfile(tx, userId);
    const sections = await routedSince(tx, profile, row.coveredUntil, until, links.origin);
    let mailed = false;
    if (sections.length > 0) {
      const [who] = await tx
        .select({ email: users.email, locale: users.locale, name: profiles.name })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      if (who) {
        const locale = who.locale ?? "en";
        const unsubscribe = links.unsubscribe(userId);
        await enqueueMail(tx, {
          to: who.email,
          kind: `digest:${userId}`,
          locale,
          content: digestMail(locale, {
            name: who.name ?? "",
            sections,
            settingsUrl: `${links.origin}/profile`,
            unsubscribeUrl: unsubscribe.url,
          }),
        });
        mailed = true;
      }
    }
    await tx
      .update(digests)
      .set({ coveredUntil: until, ...(mailed ? { lastSentAt: sql`now()` } : {}) })
      .where(eq(digests.userId, userId));
    return mailed;
  });
}

/** Per board `profile` can match: the posts routed to them created in (since, until], newest first. */
async function routedSince(
  tx: Tx,
  profile: MatchProfile,
  since: Date,
  until: Date,
  origin: string,
): Promise<DigestSection[]> {
  const sections: DigestSection[] = [];
  for (const board of BOARDS.filter((b) => canMatch(b, profile))) {
    const where = and(boardPredicate(board, profile), gt(posts.createdAt, since), lte(posts.createdAt, until));
    const rows = await tx
      .select({
        title: posts.title,
        description: posts.description,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(posts)
      .where(where)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(DIGEST_ITEMS_PER_BOARD);
    const first = rows[0];
    if (!first) continue;
    sections.push({
      board,
      url: `${origin}${RECEIVED_PATHS[board]}`,
      items: rows.map((r) => headline(r.title, r.description)),
      total: first.total,
    });
  }
  return sections;
}

/** A post's line in the digest: its title, or the start of its description (one line, ≤ 100 characters). */
function headline(title: string | null, description: string): string {
  const text = (title?.trim() || description).replace(/\s+/g, " ").trim();
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}
