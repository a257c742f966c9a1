import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./index";

/**
 * Messages sent through the landing page's Ask Questions Online form, already sanitised. The
 * admins' contact inbox (issue #16 §3): unread while `read_at` is null (opening one reads it),
 * open until an admin marks it handled.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    email: text().notNull(),
    message: text().notNull(),
    ip: text(),
    /** The signed-in sender, when there was one. */
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
    handledAt: timestamp({ withTimezone: true }),
    handledBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt.desc()),
    index("contact_messages_unread_idx").on(t.id).where(sql`${t.readAt} is null`),
  ],
);

/** An admin's e-mailed reply to a contact message (sent through the mail outbox). */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint({ mode: "number" })
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    adminId: uuid().references(() => users.id, { onDelete: "set null" }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId, t.createdAt)],
);
