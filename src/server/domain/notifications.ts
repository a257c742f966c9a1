/**
 * Notifications (issue 17 §1) and their e-mail (issue 17 §2).
 *
 * - `notify` is the one way to create a notification: called inside the transaction of the event
 *   it reports, it inserts the row, publishes `notifications.changed` (the live bell badge) and,
 *   for a mailed kind whose member chose `immediate`, queues the e-mail in the outbox with the
 *   one-click unsubscribe headers. Everything commits or rolls back with the event.
 * - Preferences: `notification_preferences` (no row = `EMAIL_DEFAULTS`), read with
 *   `emailDelivery` / `emailDeliveries`, changed with `setEmailPreference`.
 * - One-click unsubscribe (RFC 8058): `unsubscribeLink` gives `<origin>/api/unsubscribe?token=<token>`
 *   with a stored random token per member and category (`email_unsubscribe_tokens`);
 *   `unsubscribeHeaders` the `List-Unsubscribe` / `List-Unsubscribe-Post` fields;
 *   `unsubscribe(db, token)` sets only that category to `never`.
 * - The daily digest (built elsewhere) finds the notifications it must include as those with
 *   `email_delivery = 'digest'` created after the member's previous digest: `digestNotifications`.
 */
import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, lt, lte, sql } from "drizzle-orm";
import type { Locale } from "../../common/constants";
import { Msg } from "../../common/messages";
import {
  EMAIL_DEFAULTS,
  type EmailCategory,
  type EmailDelivery,
  emailCategoryOf,
  type MailedKind,
  type NotificationItem,
  type NotificationKind,
  type NotificationParams,
  notificationPath,
} from "../../common/notifications";
import type { Db, DbOrTx } from "../db/client";
import { emailUnsubscribeTokens, notificationPreferences, notifications, profiles, users } from "../db/schema";
import { publish } from "../live/events";
import { enqueueMail } from "../mail/outbox";
import { type NotificationMailInput, notificationMail } from "../mail/templates";
import { DomainError } from "./errors";
import { OFFER_RESPONSE_NOTIFICATION_TITLE, RESPONSE_NOTIFICATION_TITLE } from "./offers";

/** The English title stored in `notifications.title` (the spec's column; the client renders its own). */
function englishTitle(n: NotifyInput): string {
  switch (n.kind) {
    case "response_received":
      return n.params.postKind === "offer" ? OFFER_RESPONSE_NOTIFICATION_TITLE : RESPONSE_NOTIFICATION_TITLE;
    case "rating_received":
      return "Your response was rated";
    case "knowledge_reviewed":
      return n.params.decision === "approved"
        ? "Your knowledge submission was approved"
        : "Your knowledge submission was not approved";
    case "tier_changed":
      return "Your tier changed";
    case "approval_decided":
      return n.params.decision === "approved" ? "Your membership was approved" : "Your membership was not approved";
    case "service_reviewed":
      return n.params.decision === "approved" ? "Your service was approved" : "Your service was not approved";
    case "contact_replied":
      return "A contact message was answered";
  }
}

/** What a mailed notification needs to build its links: the site's public origin. */
export interface MailLinks {
  origin: string;
}

/** One notification to create: its member, kind and the kind's params. */
export type NotifyInput = {
  [K in NotificationKind]: { userId: string; kind: K; params: NotificationParams[K] };
}[NotificationKind];

/**
 * Creates one notification inside the caller's transaction `tx`: the row, the live badge event
 * and, for a mailed kind (`MAILED_KINDS`) whose member's preference is `immediate`, the e-mail in
 * the member's language with the unsubscribe headers. `opts.origin` (the site's public origin,
 * for the mail's links) is required for mailed kinds. Returns the notification's id and how it
 * was routed to e-mail (null: an in-app-only kind).
 */
export async function notify(
  tx: DbOrTx,
  n: NotifyInput,
  opts: { origin?: string } = {},
): Promise<{ id: number; emailDelivery: EmailDelivery | null }> {
  const category = emailCategoryOf(n.kind);
  const delivery = category ? await emailDelivery(tx, n.userId, category) : null;
  const responseId = n.kind === "response_received" || n.kind === "rating_received" ? n.params.responseId : null;
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: n.userId,
      kind: n.kind,
      title: englishTitle(n),
      params: n.params as Record<string, unknown>,
      responseId,
      emailDelivery: delivery,
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error("notification not inserted");
  await publish(tx, { type: "notifications.changed", userIds: [n.userId] });
  if (category && delivery === "immediate") {
    if (!opts.origin) throw new Error(`notify: an origin is needed to mail ${n.kind}`);
    await mailNotification(tx, n as NotifyInput & { kind: MailedKind }, category, opts.origin);
  }
  return { id: row.id, emailDelivery: delivery };
}

/** Queues the immediate e-mail of a mailed notification (see `notify`). */
async function mailNotification(
  tx: DbOrTx,
  n: NotifyInput & { kind: MailedKind },
  category: EmailCategory,
  origin: string,
): Promise<void> {
  const [member] = await tx
    .select({ email: users.email, locale: users.locale, name: profiles.name })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, n.userId));
  if (!member) return;
  const locale: Locale = member.locale ?? "en";
  const unsubscribeUrl = await unsubscribeLink(tx, origin, n.userId, category);
  const input = {
    kind: n.kind,
    params: n.params,
    name: member.name ?? "",
    link: `${origin}${notificationPath(n)}`,
    settingsUrl: `${origin}/profile#email-notifications`,
    unsubscribeUrl,
  } as NotificationMailInput;
  await enqueueMail(tx, {
    to: member.email,
    kind: `notification:${n.kind}`,
    locale,
    content: notificationMail(locale, input),
    headers: unsubscribeHeaders(unsubscribeUrl),
  });
}

/** A member's delivery for one category: their choice, or the default. */
export async function emailDelivery(db: DbOrTx, userId: string, category: EmailCategory): Promise<EmailDelivery> {
  const [row] = await db
    .select({ delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.category, category)));
  return row?.delivery ?? EMAIL_DEFAULTS[category];
}

/**
 * The delivery of one category for many members at once (the daily digest): a map with an entry
 * for every id of `userIds`.
 */
export async function emailDeliveries(
  db: DbOrTx,
  userIds: readonly string[],
  category: EmailCategory,
): Promise<Map<string, EmailDelivery>> {
  const result = new Map<string, EmailDelivery>(userIds.map((id) => [id, EMAIL_DEFAULTS[category]]));
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: notificationPreferences.userId, delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, [...userIds]), eq(notificationPreferences.category, category)));
  for (const r of rows) result.set(r.userId, r.delivery);
  return result;
}

/** Every category's delivery for one member (the profile's e-mail settings). */
export async function emailPreferences(db: DbOrTx, userId: string): Promise<Record<EmailCategory, EmailDelivery>> {
  const rows = await db
    .select({ category: notificationPreferences.category, delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const prefs = { ...EMAIL_DEFAULTS };
  for (const r of rows) prefs[r.category] = r.delivery;
  return prefs;
}

/** Sets one category's delivery for a member (an upsert). */
export async function setEmailPreference(
  db: DbOrTx,
  userId: string,
  category: EmailCategory,
  delivery: EmailDelivery,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, category, delivery })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category],
      set: { delivery, updatedAt: sql`now()` },
    });
}

/**
 * The one-click unsubscribe URL of `userId`'s `category`: `<origin>/api/unsubscribe?token=<token>`,
 * where the token is 32 random bytes (base64url) stored in `email_unsubscribe_tokens`, made on
 * the first call for that member and category and the same afterwards. Opening it (GET) shows a
 * confirmation page; POSTing it (RFC 8058, no session) sets that category to `never`.
 */
export async function unsubscribeLink(
  db: DbOrTx,
  origin: string,
  userId: string,
  category: EmailCategory,
): Promise<string> {
  const [row] = await db
    .insert(emailUnsubscribeTokens)
    .values({ token: randomBytes(32).toString("base64url"), userId, category })
    .onConflictDoUpdate({
      target: [emailUnsubscribeTokens.userId, emailUnsubscribeTokens.category],
      // Keep the existing token (a no-op update, so RETURNING gives it).
      set: { token: sql`${emailUnsubscribeTokens.token}` },
    })
    .returning({ token: emailUnsubscribeTokens.token });
  if (!row) throw new Error("unsubscribe token not stored");
  return `${origin}/api/unsubscribe?token=${row.token}`;
}

/** The RFC 2369 / RFC 8058 header fields for a mail whose unsubscribe URL is `url`. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The member and category of an unsubscribe token, or null when it is unknown. */
export async function unsubscribeTarget(
  db: DbOrTx,
  token: string,
): Promise<{ userId: string; category: EmailCategory; locale: Locale } | null> {
  const [row] = await db
    .select({ userId: emailUnsubscribeTokens.userId, category: emailUnsubscribeTokens.category, locale: users.locale })
    .from(emailUnsubscribeTokens)
    .innerJoin(users, eq(users.id, emailUnsubscribeTokens.userId))
    .where(eq(emailUnsubscribeTokens.token, token));
  return row ? { userId: row.userId, category: row.category, locale: row.locale ?? "en" } : null;
}

/**
 * One-click unsubscribe: sets only the token's category of its member to `never`.
 * Returns the category, or null for an unknown token (nothing changes).
 */
export async function unsubscribe(db: DbOrTx, token: string): Promise<EmailCategory | null> {
  const target = await unsubscribeTarget(db, token);
  if (!target) return null;
  await setEmailPreference(db, target.userId, target.category, "never");
  return target.category;
}

/** Unread notifications of a member: all kinds (the bell) and 'Response to Your Request' (offers). */
export async function countUnread(db: DbOrTx, userId: string): Promise<{ notifications: number; offers: number }> {
  const [row] = await db
    .select({
      all: count(),
      offers: sql<number>`count(*) filter (where ${notifications.kind} = 'response_received')`.mapWith(Number),
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return { notifications: row?.all ?? 0, offers: row?.offers ?? 0 };
}

/**
 * A page of the member's notifications, newest first: `limit` after the notification `cursor`
 * (an id), and the cursor of the next page (null at the end).
 */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  input: { cursor?: number | null; limit: number },
): Promise<{ items: NotificationItem[]; nextCursor: number | null }> {
  const conditions = [eq(notifications.userId, userId)];
  if (input.cursor) conditions.push(lt(notifications.id, input.cursor));
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      params: notifications.params,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.id))
    .limit(input.limit + 1);
  const more = rows.length > input.limit;
  const page = more ? rows.slice(0, input.limit) : rows;
  return {
    items: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }) as NotificationItem),
    nextCursor: more ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * The notifications the member's daily digest must include: those routed to the digest
 * (`email_delivery = 'digest'`) created after `since` (the previous digest; null = all) and up to
 * `until` (the digest's own time; default no bound), oldest
 * first, read or not. Render each with `notificationPath` (link) and the mail texts.
 */
export async function digestNotifications(
  db: DbOrTx,
  userId: string,
  since: Date | null,
  until?: Date,
): Promise<NotificationItem[]> {
  const conditions = [eq(notifications.userId, userId), eq(notifications.emailDelivery, "digest")];
  if (since) conditions.push(gt(notifications.createdAt, since));
  if (until) conditions.push(lte(notifications.createdAt, until));
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      params: notifications.params,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(...conditions))
    .orderBy(asc(notifications.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }) as NotificationItem);
}

/**
 * Marks one of the member's notifications read (again: a no-op).
 * @throws NOT_FOUND for an id that is not the member's.
 */
export async function markNotificationRead(db: Db, userId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ isRead: notifications.isRead })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
    if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
    if (row.isRead) return;
    await tx.update(notifications).set({ isRead: true }).where(eq(notifications.id, id));
    await publish(tx, { type: "notifications.changed", userIds: [userId] });
  });
}

/** Marks every notification of the member read; returns how many were unread. */
export async function markAllNotificationsRead(db: Db, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
      .returning({ id: notifications.id });
    if (updated.length) await publish(tx, { type: "notifications.changed", userIds: [userId] });
    return updated.length;
  });
}
