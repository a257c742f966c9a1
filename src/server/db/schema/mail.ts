/**
 * Outgoing e-mail: the transactional outbox (DESIGN.md §4, §6).
 */
import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

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
    /**
     * Extra header fields, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) on every
     * preference-governed mail; null for none.
     */
    headers: jsonb().$type<Record<string, string>>(),
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

/**
 * The daily digest's progress per member (issue #17 §2; domain/digest.ts): every post routed to
 * the member and created up to `coveredUntil` has been in a digest (or in none, when there was
 * nothing to send). The next digest covers (`coveredUntil`, its run time].
 */
export const digests = pgTable("digests", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  coveredUntil: timestamp({ withTimezone: true }).notNull(),
  /** When the last digest e-mail was written to the outbox (null: none yet). */
  lastSentAt: timestamp({ withTimezone: true }),
});
