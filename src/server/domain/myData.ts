/**
 * A member's rights over their data (docs/architecture.md "A copy of my data" and "Deleting an
 * account"; ADR 25; ASVS 5.0 V14.2.x): asking for a copy (built by the `data-export` job,
 * domain/dataArchive.ts), downloading it, and deleting the account.
 *
 * `USER_REFERENCES` is the one decision of what happens to every column that references
 * `users` when an account is deleted; routers/myData.test.ts reads every such foreign key from
 * `pg_constraint` and fails while one is not listed here, as the authorization matrix does for
 * procedures.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { type Locale, RATE_LIMITS } from "../../common/constants";
import { Msg } from "../../common/messages";
import { DATA_EXPORT_TTL_MS, dataExportUrl } from "../../common/myData";
import { hitRateLimit } from "../auth/rate-limit";
import { logAdminAction, logSecurityEvent } from "../auth/security-events";
import type { Db, DbOrTx } from "../db/client";
import { dataExports, emailOutbox, postResponses, posts, profiles, uploads, uploadVariants, users } from "../db/schema";
import type { FileStorage } from "../files/storage";
import { publish } from "../live/events";
import { enqueueMail } from "../mail/outbox";
import { accountDeletedMail, dataExportReadyMail } from "../mail/templates";
import { requireCurrentPassword } from "./account";
import { writeMemberArchive } from "./dataArchive";
import { DomainError, tooManyRequests } from "./errors";

/**
 * What deleting an account does to the rows of a column that references `users`:
 *
 * - `erased`: the member's rows are deleted in the deletion's transaction, except those matching
 *   `keepWhere` (SQL over the table's columns), which stay as contributions of a "Former member";
 * - `kept`: the rows stay and point at the tombstone; clients show "Former member" for its name;
 * - `tombstone`: the column records who did something (an admin's review, the security log);
 *   it keeps pointing at the tombstone `users` row, so the record stays true.
 */
export type UserReferenceFate =
  | { fate: "erased"; keepWhere?: string; why: string }
  | { fate: "kept"; why: string }
  | { fate: "tombstone"; why: string };

/**
 * Every `<table>.<column>` that references `users.id`, and its fate on deletion. (`security_events`
 * names members without a foreign key and keeps its rows: the log is append-only, ASVS V16.4.2.) Erased columns
 * are deleted in this order (the member's uploads after the rows that name them).
 */
export const USER_REFERENCES: Record<string, UserReferenceFate> = {
  "sessions.user_id": { fate: "erased", why: "signed out everywhere" },
  "device_cookies.user_id": { fate: "erased", why: "browsers remembered for the account's lockout budget" },
  "totp_credentials.user_id": { fate: "erased", why: "the authenticator app's secret" },
  "recovery_codes.user_id": { fate: "erased", why: "one-time recovery codes" },
  "pending_sign_ins.user_id": { fate: "erased", why: "a sign-in waiting for its second step" },
  "passkeys.user_id": { fate: "erased", why: "the member's passkeys" },
  "webauthn_challenges.user_id": { fate: "erased", why: "passkey ceremonies under way" },
  "user_roles.user_id": { fate: "erased", why: "no role survives the account" },
  "user_roles.granted_by": { fate: "tombstone", why: "who granted another admin's role" },
  "profiles.user_id": { fate: "erased", why: "name, contact details, photo, points: leaves directory and leaderboard" },
  "profiles.reviewed_by": { fate: "tombstone", why: "who decided an application" },
  "email_change_requests.user_id": { fate: "erased", why: "addresses asked for" },
  "password_reset_tokens.user_id": { fate: "erased", why: "open links" },
  "password_reset_tokens.sent_by": { fate: "tombstone", why: "the admin who sent a link" },
  "notifications.user_id": { fate: "erased", why: "personal notifications" },
  "notification_preferences.user_id": { fate: "erased", why: "personal settings" },
  "email_unsubscribe_tokens.user_id": { fate: "erased", why: "personal settings" },
  "digests.user_id": { fate: "erased", why: "digest progress" },
  "points_ledger.user_id": { fate: "erased", why: "points and leaderboard entries go" },
  "member_active_days.user_id": {
    fate: "erased",
    why: "activity days; the chart's totals (active_member_changes) hold no user",
  },
  "assessments.user_id": { fate: "erased", why: "private self-assessments" },
  "assessment_preferences.user_id": { fate: "erased", why: "personal settings" },
  "post_archives.user_id": { fate: "erased", why: "posts the member hid (saved things)" },
  "help_requests.user_id": { fate: "erased", why: "the help form's private details; the routed post stays closed" },
  "services.provider_id": { fate: "erased", why: "the member's offer with contact details" },
  "services.reviewed_by": { fate: "tombstone", why: "the admin who reviewed a service" },
  "contact_messages.user_id": { fate: "erased", why: "messages with the member's name and address" },
  "contact_messages.handled_by": { fate: "tombstone", why: "the admin who handled a message" },
  "contact_replies.admin_id": { fate: "tombstone", why: "the admin who replied" },
  "qa_items.asked_by": {
    fate: "erased",
    keepWhere: "is_published",
    why: "unpublished questions go; published Q&A stays under Former member",
  },
  "qa_items.created_by": { fate: "tombstone", why: "the admin who wrote an item" },
  "shared_knowledge.user_id": {
    fate: "erased",
    keepWhere: "status = 'approved' and unpublished_at is null",
    why: "submissions go; published knowledge stays under Former member",
  },
  "shared_knowledge.reviewed_by": { fate: "tombstone", why: "the admin who reviewed" },
  "shared_knowledge.unpublished_by": { fate: "tombstone", why: "the admin who unpublished" },
  "knowledge_likes.user_id": { fate: "kept", why: "the author's points rest on each like" },
  "posts.user_id": {
    fate: "kept",
    why: "closed at once; others' responses and the ratings given rest on them",
  },
  "post_responses.responder_id": { fate: "kept", why: "answers others rely on; their contact fields are erased" },
  "post_responses.requester_id": { fate: "kept", why: "the ratings the member gave" },
  "membership_documents.uploaded_by": { fate: "tombstone", why: "club content an admin published" },
  "videos.uploaded_by": { fate: "tombstone", why: "club content an admin published" },
  "pdf_documents.uploaded_by": { fate: "tombstone", why: "club content an admin published" },
  "uploads.owner_id": {
    fate: "erased",
    keepWhere: "purpose in ('membership_document', 'video', 'pdf_document')",
    why: "photos and attachments (their bytes after commit); landing content stays",
  },
  "data_exports.user_id": { fate: "erased", why: "export archives (their bytes after commit)" },
  "data_exports.requested_by": { fate: "tombstone", why: "the admin who asked for a member's copy" },
};

/** The unusable, unique address a deleted account keeps (`.invalid` is reserved, RFC 2606). */
export function tombstoneEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

// ── A copy of my data ────────────────────────────────────────────────────────────────────

/** The export state a member's section shows; `url` only while `ready`. */
export interface DataExportView {
  id: string;
  status: "requested" | "ready" | "expired" | "failed";
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  sizeBytes: number | null;
  url: string | null;
}

/** The member's current export, or null when they never asked (or it was replaced). */
export async function dataExportStatus(db: DbOrTx, userId: string, origin: string): Promise<DataExportView | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt,
    readyAt: row.readyAt,
    expiresAt: row.expiresAt,
    sizeBytes: row.sizeBytes,
    url: row.status === "ready" ? dataExportUrl(origin, row.id, row.token) : null,
  };
}

/**
 * Asks for a copy of `userId`'s data: one at a time per member (a `requested` one refuses a new
 * request), at most `RATE_LIMITS.dataExport` per day per member whoever asks. A previous archive
 * is replaced (its bytes deleted after commit). Logs `data_export_requested`, or
 * `data_export_by_admin` with `by` as the actor when an admin asked. The `data-export` job builds it.
 * @throws NOT_FOUND (no such approved account, admins only); CONFLICT 'Your copy is already
 *   being prepared…'; TOO_MANY_REQUESTS.
 */
export async function requestDataExport(
  db: Db,
  storage: FileStorage | undefined,
  m: { userId: string; by: string | null; ip: string | null },
): Promise<{ id: string }> {
  const [account] = await db
    .select({ locale: users.locale })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, m.userId), sql`${users.deletedAt} is null`))
    .limit(1);
  if (!account) throw new DomainError("NOT_FOUND", Msg.notFound);
  const [current] = await db
    .select({ status: dataExports.status })
    .from(dataExports)
    .where(eq(dataExports.userId, m.userId));
  if (current?.status === "requested") throw new DomainError("CONFLICT", Msg.dataExportInProgress);
  const limit = await hitRateLimit(db, `data-export:${m.userId}`, RATE_LIMITS.dataExport);
  if (!limit.allowed) throw tooManyRequests(Msg.dataExportTooMany, limit.delaySeconds);
  const result = await db.transaction(async (tx) => {
    const replaced = await tx
      .delete(dataExports)
      .where(and(eq(dataExports.userId, m.userId), sql`${dataExports.status} <> 'requested'`))
      .returning({ storageKey: dataExports.storageKey });
    // The unique index on user_id refuses a second request racing this one.
    const inserted = await tx
      .insert(dataExports)
      .values({
        userId: m.userId,
        requestedBy: m.by,
        token: randomBytes(32).toString("base64url"),
        locale: (account.locale ?? "en") as Locale,
      })
      .onConflictDoNothing()
      .returning({ id: dataExports.id });
    const row = inserted[0];
    if (!row) throw new DomainError("CONFLICT", Msg.dataExportInProgress);
    // One row: the member's request, or the admin's action with the admin as actor.
    if (m.by) await logAdminAction(tx, { id: m.by, ip: m.ip }, { type: "data_export_by_admin", targetId: m.userId });
    else await logSecurityEvent(tx, { type: "data_export_requested", userId: m.userId, ip: m.ip });
    return { id: row.id, keys: replaced.flatMap((r) => (r.storageKey ? [r.storageKey] : [])) };
  });
  if (result.keys.length > 0) await storage?.delete(result.keys);
  return { id: result.id };
}

/** The storage key of an export's archive. */
function archiveKey(exportId: string): string {
  return `data-export-${exportId}.zip`;
}

/**
 * The `data-export` job's work: builds every requested archive (oldest first; each claimed with
 * `FOR UPDATE SKIP LOCKED`, so two processes never build the same one), stores it, marks it
 * ready for `DATA_EXPORT_TTL_MS`, mails the member the link (`origin` is `PUBLIC_ORIGIN`) and
 * logs `data_export_ready`. An archive that cannot be built is marked `failed` (the member may
 * ask again). Returns how many were built.
 */
export async function buildRequestedExports(
  db: Db,
  storage: FileStorage,
  opts: { origin: string; log?: { error(obj: object, msg: string): void } },
): Promise<{ built: number; failed: number }> {
  let built = 0;
  let failed = 0;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(dataExports)
        .where(eq(dataExports.status, "requested"))
        .orderBy(dataExports.createdAt)
        .limit(1)
        .for("update", { skipLocked: true });
      if (!job) return null;
      const key = archiveKey(job.id);
      try {
        const sizeBytes = await writeMemberArchive(tx, storage, { userId: job.userId, locale: job.locale, key });
        const readyAt = new Date();
        const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_TTL_MS);
        await tx
          .update(dataExports)
          .set({ status: "ready", storageKey: key, sizeBytes, readyAt, expiresAt })
          .where(eq(dataExports.id, job.id));
        const [member] = await tx
          .select({ email: users.email, name: profiles.name })
          .from(users)
          .innerJoin(profiles, eq(profiles.userId, users.id))
          .where(eq(users.id, job.userId));
        if (member) {
          const expiresOn = new Intl.DateTimeFormat(job.locale === "fa" ? "fa-IR" : "en-GB", {
            dateStyle: "long",
            timeZone: "UTC",
          }).format(expiresAt);
          await enqueueMail(tx, {
            to: member.email,
            kind: `data-export:${job.userId}`,
            locale: job.locale,
            content: dataExportReadyMail(job.locale, {
              name: member.name,
              url: dataExportUrl(opts.origin, job.id, job.token),
              expiresOn,
              byAdmin: job.requestedBy !== null,
            }),
          });
        }
        await logSecurityEvent(tx, {
          type: "data_export_ready",
          userId: job.userId,
          details: { exportId: job.id, sizeBytes },
        });
        await publish(tx, { type: "member.changed", userIds: [job.userId] });
        return "built" as const;
      } catch (err) {
        opts.log?.error({ err, exportId: job.id }, "data export failed");
        await storage.delete([key]).catch(() => undefined);
        await tx.update(dataExports).set({ status: "failed" }).where(eq(dataExports.id, job.id));
        return "failed" as const;
      }
    });
    if (outcome === null) return { built, failed };
    if (outcome === "built") built++;
    else failed++;
  }
}

/**
 * The cleanup job's part: ready archives past `expires_at` become `expired` and their bytes are
 * deleted. Returns how many expired.
 */
export async function expireDataExports(db: Db, storage: FileStorage, now: Date = new Date()): Promise<number> {
  const keys = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: dataExports.id, key: dataExports.storageKey })
      .from(dataExports)
      .where(and(eq(dataExports.status, "ready"), lt(dataExports.expiresAt, now)))
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(dataExports)
      .set({ status: "expired", storageKey: null })
      .where(
        inArray(
          dataExports.id,
          due.map((d) => d.id),
        ),
      );
    return due.flatMap((d) => (d.key ? [d.key] : []));
  });
  if (keys.length > 0) await storage.delete(keys);
  return keys.length;
}

/**
 * The archive `exportId` for its member's download: it must be the viewer's own, ready, not
 * expired, and `token` must be its token (compared in constant time). Anything else is null,
 * which the route answers with 404.
 */
export async function openDataExport(
  db: DbOrTx,
  viewerId: string,
  exportId: string,
  token: string,
): Promise<{ storageKey: string; sizeBytes: number; readyAt: Date } | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, viewerId)))
    .limit(1);
  if (row?.status !== "ready" || !row.storageKey || !row.readyAt) return null;
  if (!row.expiresAt || row.expiresAt.getTime() <= Date.now()) return null;
  const a = Buffer.from(row.token);
  const b = Buffer.from(token);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  return { storageKey: row.storageKey, sizeBytes: row.sizeBytes ?? 0, readyAt: row.readyAt };
}

// ── Deleting an account ──────────────────────────────────────────────────────────────────

/**
 * Deletes the member's own account after checking their current password (the same check and
 * limit as a password change: 5 wrong tries per 15 minutes).
 * @throws BAD_REQUEST 'Your current password is incorrect.'; TOO_MANY_REQUESTS.
 */
export async function deleteOwnAccount(
  db: Db,
  storage: FileStorage | undefined,
  viewerId: string,
  input: { currentPassword: string },
  ip: string | null,
): Promise<void> {
  await requireCurrentPassword(db, viewerId, input.currentPassword);
  await deleteAccount(db, storage, { userId: viewerId, by: null, ip });
}

/**
 * Deletes an account (docs/architecture.md "Deleting an account"), in one transaction: every
 * column of `USER_REFERENCES` gets its fate (erased rows deleted, the member's open posts closed,
 * contact fields of their responses cleared), mail to the old address leaves the outbox, and the
 * `users` row becomes a tombstone (unusable unique e-mail, no password hash, `deleted_at`), so the
 * address can sign up again and kept rows stay valid. The member is mailed at the old address,
 * `account_deleted` is logged (or `account_deleted_by_admin` with `by` as the actor, when an
 * admin did it), and `member.changed` closes their sockets. The files' bytes are deleted after commit.
 * @throws NOT_FOUND when there is no such account, or it is already deleted.
 */
export async function deleteAccount(
  db: Db,
  storage: FileStorage | undefined,
  m: { userId: string; by: string | null; ip: string | null },
): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: users.email, locale: users.locale, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, m.userId))
      .for("update");
    if (!account || account.deletedAt) throw new DomainError("NOT_FOUND", Msg.notFound);
    const [profile] = await tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, m.userId));
    const locale = (account.locale ?? "en") as Locale;

    // The bytes to delete once the rows are gone.
    const erasedUploads = await tx
      .select({ id: uploads.id, key: uploads.storageKey })
      .from(uploads)
      .where(and(eq(uploads.ownerId, m.userId), sql.raw(`not (${keepWhereOf("uploads.owner_id")})`)));
    const variantKeys =
      erasedUploads.length === 0
        ? []
        : await tx
            .select({ key: uploadVariants.storageKey })
            .from(uploadVariants)
            .where(
              inArray(
                uploadVariants.uploadId,
                erasedUploads.map((u) => u.id),
              ),
            );
    const exportKeys = await tx
      .select({ key: dataExports.storageKey })
      .from(dataExports)
      .where(eq(dataExports.userId, m.userId));

    // Kept rows: open posts close; the contact details of the member's responses go.
    await tx
      .update(posts)
      .set({ status: "closed", closedAt: sql`now()` })
      .where(and(eq(posts.userId, m.userId), eq(posts.status, "active")));
    await tx
      .update(postResponses)
      .set({ contactEmail: null, contactPhone: null, contactWhatsapp: null })
      .where(eq(postResponses.responderId, m.userId));

    for (const [ref, fate] of Object.entries(USER_REFERENCES)) {
      if (fate.fate !== "erased") continue;
      const [table, column] = ref.split(".") as [string, string];
      const keep = fate.keepWhere ? sql` and not (${sql.raw(fate.keepWhere)})` : sql``;
      await tx.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${m.userId}${keep}`);
    }

    await tx.delete(emailOutbox).where(eq(emailOutbox.toAddress, account.email));
    await tx
      .update(users)
      .set({
        email: tombstoneEmail(m.userId),
        passwordHash: null,
        locale: null,
        suspendedAt: null,
        suspendedReason: null,
        lastActiveAt: null,
        deletedAt: sql`now()`,
      })
      .where(eq(users.id, m.userId));
    await enqueueMail(tx, {
      to: account.email,
      kind: `account-deleted:${m.userId}`,
      locale,
      content: accountDeletedMail(locale, { name: profile?.name ?? "", byAdmin: m.by !== null }),
    });
    // One row: the member's deletion, or the admin's action with the admin as actor.
    if (m.by)
      await logAdminAction(tx, { id: m.by, ip: m.ip }, { type: "account_deleted_by_admin", targetId: m.userId });
    else await logSecurityEvent(tx, { type: "account_deleted", userId: m.userId, ip: m.ip });
    // Sockets close; badges and lists that counted the member's rows refresh.
    await publish(tx, { type: "member.changed", userIds: [m.userId] });
    await publish(tx, { type: "applicants.changed" });
    await publish(tx, { type: "knowledge.changed" });
    await publish(tx, { type: "services.changed" });
    await publish(tx, { type: "contact.changed" });
    return [...erasedUploads, ...variantKeys, ...exportKeys].flatMap((r) => (r.key ? [r.key] : []));
  });
  if (keys.length > 0) await storage?.delete(keys);
}

function keepWhereOf(ref: string): string {
  const fate = USER_REFERENCES[ref];
  return fate?.fate === "erased" && fate.keepWhere ? fate.keepWhere : "false";
}
