/**
 * Outgoing e-mail (transactional outbox) and contact messages from the landing page
 * (spec part 1 §2 contact section; DESIGN.md §8.4).
 */
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const outboxStatusEnum = pgEnum("outbox_status", ["pending", "sent"]);

/**
 * Mail written in the same transaction as the change it reports; the mail worker delivers it
 * and retries with backoff until it is sent.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /** What produced it, e.g. `approval:<userId>`; for tracing only. */
    kind: text().notNull(),
    status: outboxStatusEnum().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
);

/** Messages sent through the landing page's Ask Questions Online form, already sanitised. */
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
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc())],
);
