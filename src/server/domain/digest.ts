/**
 * The daily digest (issue #17 §2): once a day each member gets one e-mail listing the posts
 * routed to them (the boards' matching predicates, ADR 16) that were created since their previous
 * digest, when their "new requests and offers for me" preference (`routed_posts`) is the digest,
 * and the notifications whose category they chose to get in the digest. No news, no mail. Run by
 * the job queue's `digest` job (jobs/queue.ts).
 *
 * Exactly once: the member's `digests` row says up to when posts have been covered. Each member
 * is done in one transaction that locks that row (`FOR UPDATE SKIP LOCKED`), writes the mail to
 * the outbox and moves `covered_until` to the run's `until`; a second run for the same `until`
 * (another process, a retried job) finds the row covered or locked and skips it. Posts are
 * counted by `created_at` in (covered_until, until], so consecutive digests neither overlap nor
 * leave a gap.
 */
import { and, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { emailCategoryOf, type NotificationItem, notificationPath } from "../../common/notifications";
import { BOARDS, canMatch, RECEIVED_PATHS } from "../../common/posts";
import type { Db, Tx } from "../db/client";
import { digests, posts, profiles, users } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
import { type DigestSection, digestMail, type MailedNotification, notificationSubject } from "../mail/templates";
import { boardPredicate, loadMatchProfile, type MatchProfile } from "./matching";
import { digestNotifications, emailDelivery, unsubscribeHeaders, unsubscribeLink } from "./notifications";

/** Posts listed per board in one digest (the rest are counted: "and 12 more"). */
export const DIGEST_ITEMS_PER_BOARD = 5;
/** How far back a member's first digest looks. */
const FIRST_DIGEST_HOURS = 24;
/** Members read per batch while looking for those due. */
const BATCH = 200;

export interface DigestLinks {
  /** The app's public origin, e.g. `https://club.example` (links in the mail). */
  origin: string;
}

export interface DigestResult {
  /** Members whose period (…, until] was settled by this run. */
  covered: number;
  /** Digests written to the outbox (members with at least one new post or held notification). */
  mailed: number;
}

/**
 * Sends the digests due at `until` (the job's scheduled time; the same `until` twice sends
 * nothing more) to every approved, unsuspended member not yet covered up to `until`. Returns how
 * many members were covered and mailed.
 */
export async function sendDigests(db: Db, opts: { until: Date; links: DigestLinks }): Promise<DigestResult> {
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
        ),
      )
      .orderBy(users.id)
      .limit(BATCH);
    for (const { id } of due) {
      const mailed = await digestOne(db, id, opts.until, opts.links.origin);
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
 * One member's digest for (covered_until, until]: the posts routed to them when their
 * `routed_posts` preference is the digest, and the notifications held for the digest
 * (`digestNotifications`). Null when another run holds or has done it, else whether a mail was
 * written. The mail's one-click unsubscribe is from `routed_posts` when it lists posts, else from
 * the category of its first notification.
 */
async function digestOne(db: Db, userId: string, until: Date, origin: string): Promise<boolean | null> {
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
    const since = row.coveredUntil;
    const wantsPosts = (await emailDelivery(tx, userId, "routed_posts")) === "digest";
    const sections = wantsPosts ? await routedSince(tx, await loadMatchProfile(tx, userId), since, until, origin) : [];
    const held = (await digestNotifications(tx, userId, since, until)).filter(
      (n): n is NotificationItem & MailedNotification => emailCategoryOf(n.kind) !== null,
    );
    let mailed = false;
    if (sections.length > 0 || held.length > 0) {
      const [who] = await tx
        .select({ email: users.email, locale: users.locale, name: profiles.name })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      if (who) {
        const locale = who.locale ?? "en";
        const first = held[0];
        const category = (sections.length === 0 && first && emailCategoryOf(first.kind)) || "routed_posts";
        const unsubscribeUrl = await unsubscribeLink(tx, origin, userId, category);
        await enqueueMail(tx, {
          to: who.email,
          kind: `digest:${userId}`,
          locale,
          headers: unsubscribeHeaders(unsubscribeUrl),
          content: digestMail(locale, {
            name: who.name ?? "",
            sections,
            notices: held.map((n) => ({
              text: notificationSubject(locale, n),
              url: `${origin}${notificationPath(n)}`,
            })),
            settingsUrl: `${origin}/profile#email-notifications`,
            unsubscribeUrl,
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
