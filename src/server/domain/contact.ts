/**
 * The admins' contact inbox (issue #16 §3): the messages of the landing page's contact form,
 * unread (`read_at` null; opening one reads it), open (not handled) or handled; replies e-mailed
 * to the sender through the mail outbox in the transaction that records them; hard delete.
 * Every write publishes `contact.changed` in its transaction (the admin badge counts unread
 * messages; open inbox screens reload).
 */
import { and, count, desc, eq, isNotNull, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import { CONTACT_PAGE_SIZE, type ContactFilter } from "../../common/contact";
import { Msg } from "../../common/messages";
import { type AdminActor, logAdminAction } from "../auth/security-events";
import type { Db, DbOrTx } from "../db/client";
import { contactMessages, contactReplies, profiles, userRoles, users } from "../db/schema";
import { publish } from "../live/events";
import { enqueueMail } from "../mail/outbox";
import { contactReplyMail } from "../mail/templates";
import { DomainError } from "./errors";
import { notify } from "./notifications";

function filterSql(filter: ContactFilter): SQL | undefined {
  switch (filter) {
    case "unread":
      return isNull(contactMessages.readAt);
    case "open":
      return isNull(contactMessages.handledAt);
    case "handled":
      return isNotNull(contactMessages.handledAt);
    case "all":
      return undefined;
  }
}

const listColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  readAt: contactMessages.readAt,
  handledAt: contactMessages.handledAt,
};

/** Unread messages (the admin badge). */
export async function countUnreadContact(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.n ?? 0;
}

/** Messages per filter (the inbox's tabs). */
export async function contactCounts(db: DbOrTx): Promise<Record<ContactFilter, number>> {
  const [row] = await db
    .select({
      all: count(),
      unread: sql<number>`count(*) filter (where ${contactMessages.readAt} is null)`.mapWith(Number),
      open: sql<number>`count(*) filter (where ${contactMessages.handledAt} is null)`.mapWith(Number),
    })
    .from(contactMessages);
  const all = row?.all ?? 0;
  const open = row?.open ?? 0;
  return { unread: row?.unread ?? 0, open, handled: all - open, all };
}

/**
 * One page of the messages of `filter`, newest first, and whether more follow (`nextCursor`:
 * the id to pass as `cursor` for the next page).
 */
export async function listContactMessages(db: DbOrTx, filter: ContactFilter, cursor?: number) {
  const rows = await db
    .select(listColumns)
    .from(contactMessages)
    .where(and(filterSql(filter), cursor !== undefined ? lt(contactMessages.id, cursor) : undefined))
    .orderBy(desc(contactMessages.id))
    .limit(CONTACT_PAGE_SIZE + 1);
  const items = rows.slice(0, CONTACT_PAGE_SIZE);
  const nextCursor = rows.length > CONTACT_PAGE_SIZE ? (items[items.length - 1]?.id ?? null) : null;
  return { items, nextCursor };
}

/**
 * Marks message `id` read (the first time only; the unread badge moves: `contact.changed`).
 * Reading is a write, so it is its own mutation: `getContactMessage` changes nothing.
 * @throws NOT_FOUND.
 */
export async function markContactRead(db: Db, actor: AdminActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [read] = await tx
      .update(contactMessages)
      .set({ readAt: new Date() })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)))
      .returning({ userId: contactMessages.userId });
    if (read) {
      await logAdminAction(tx, actor, { type: "contact_read", targetId: read.userId, details: { messageId: id } });
      await publish(tx, { type: "contact.changed" });
      return;
    }
    const [exists] = await tx
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    if (!exists) throw new DomainError("NOT_FOUND", Msg.notFound);
  });
}

/**
 * One message with its replies, oldest reply first.
 * @throws NOT_FOUND.
 */
export async function getContactMessage(db: Db, id: number) {
  const [message] = await db
    .select({
      ...listColumns,
      userId: contactMessages.userId,
      handledByName: profiles.name,
    })
    .from(contactMessages)
    .leftJoin(profiles, eq(profiles.userId, contactMessages.handledBy))
    .where(eq(contactMessages.id, id));
  if (!message) throw new DomainError("NOT_FOUND", Msg.notFound);
  const replies = await db
    .select({
      id: contactReplies.id,
      body: contactReplies.body,
      createdAt: contactReplies.createdAt,
      adminName: profiles.name,
    })
    .from(contactReplies)
    .leftJoin(profiles, eq(profiles.userId, contactReplies.adminId))
    .where(eq(contactReplies.messageId, id))
    .orderBy(contactReplies.createdAt, contactReplies.id);
  return { ...message, replies };
}

/**
 * Records `adminId`'s reply to message `id` and queues its e-mail to the sender in the same
 * transaction (a down SMTP server loses nothing: the worker retries). The mail is in the
 * sender's account language when they were signed in, otherwise English. Replying reads the
 * message; it stays open until marked handled.
 * @throws NOT_FOUND.
 */
export async function replyToContact(db: Db, actor: AdminActor, id: number, body: string): Promise<{ id: number }> {
  const adminId = actor.id;
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select({
        userId: contactMessages.userId,
        name: contactMessages.name,
        email: contactMessages.email,
        message: contactMessages.message,
        readAt: contactMessages.readAt,
        locale: users.locale,
      })
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.userId))
      .where(eq(contactMessages.id, id))
      .for("update", { of: contactMessages });
    if (!message) throw new DomainError("NOT_FOUND", Msg.notFound);
    const [reply] = await tx
      .insert(contactReplies)
      .values({ messageId: id, adminId, body })
      .returning({ id: contactReplies.id });
    if (!reply) throw new Error("contact reply not inserted");
    await logAdminAction(tx, actor, {
      type: "contact_replied",
      targetId: message.userId,
      details: { messageId: id, replyId: reply.id },
    });
    const locale = message.locale ?? "en";
    await enqueueMail(tx, {
      to: message.email,
      kind: `contact_reply:${id}`,
      locale,
      content: contactReplyMail(locale, { name: message.name, reply: body, original: message.message }),
    });
    if (!message.readAt) {
      await tx.update(contactMessages).set({ readAt: new Date() }).where(eq(contactMessages.id, id));
    }
    // The other admins learn that the message was answered (in-app only; the sender's e-mail
    // above stays transactional).
    const admins = await tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(and(eq(userRoles.role, "admin"), ne(userRoles.userId, adminId)));
    for (const admin of admins) {
      await notify(tx, {
        userId: admin.userId,
        kind: "contact_replied",
        params: { messageId: id, senderName: message.name },
      });
    }
    await publish(tx, { type: "contact.changed" });
    return reply;
  });
}

/**
 * Marks message `id` handled by `adminId` (and read), or open again (`handled` false).
 * Idempotent: a message already in that state keeps its first handler.
 * @throws NOT_FOUND.
 */
export async function setContactHandled(db: Db, actor: AdminActor, id: number, handled: boolean): Promise<void> {
  const adminId = actor.id;
  await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(contactMessages)
      .set(
        handled
          ? {
              handledAt: sql`coalesce(${contactMessages.handledAt}, ${now.toISOString()}::timestamptz)`,
              handledBy: sql`case when ${contactMessages.handledAt} is null then ${adminId}::uuid else ${contactMessages.handledBy} end`,
              readAt: sql`coalesce(${contactMessages.readAt}, ${now.toISOString()}::timestamptz)`,
            }
          : { handledAt: null, handledBy: null },
      )
      .where(eq(contactMessages.id, id))
      .returning({ userId: contactMessages.userId });
    if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
    await logAdminAction(tx, actor, {
      type: handled ? "contact_handled" : "contact_reopened",
      targetId: row.userId,
      details: { messageId: id },
    });
    await publish(tx, { type: "contact.changed" });
  });
}

/**
 * Deletes message `id` and its replies for good.
 * @throws NOT_FOUND.
 */
export async function deleteContactMessage(db: Db, actor: AdminActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(contactMessages)
      .where(eq(contactMessages.id, id))
      .returning({ userId: contactMessages.userId });
    if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
    await logAdminAction(tx, actor, { type: "contact_deleted", targetId: row.userId, details: { messageId: id } });
    await publish(tx, { type: "contact.changed" });
  });
}

/** Stores a contact form message and tells the admins' badges (`landing.contact`). */
export async function storeContactMessage(
  db: Db,
  m: { name: string; email: string; message: string; ip: string | null; userId: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values(m);
    await publish(tx, { type: "contact.changed" });
  });
}
