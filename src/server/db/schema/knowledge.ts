/**
 * Shared knowledge and its review (spec part 2 §3 shared_knowledge).
 */
import { sql } from "drizzle-orm";
import { bigint, date, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { SHARE_TYPES } from "../../../common/knowledge";
import { uploads } from "./files";
import { users } from "./index";

export const shareTypeEnum = pgEnum("share_type", SHARE_TYPES);

export const reviewStatusEnum = pgEnum("review_status", ["pending", "approved", "rejected"]);

/** A knowledge submission, reviewed by an admin; approval credits points (spec part 2 §4). */
export const sharedKnowledge = pgTable(
  "shared_knowledge",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    content: text().notNull(),
    shareType: shareTypeEnum().notNull(),
    /** Country code, product category or event type, by share type. */
    category: text().notNull(),
    eventDate: date(),
    eventLocation: text(),
    attachmentUploadId: uuid().references(() => uploads.id, { onDelete: "set null" }),
    status: reviewStatusEnum().notNull().default("pending"),
    reviewedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    adminNotes: text(),
    pointsAwarded: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shared_knowledge_created_idx").on(t.createdAt.desc()),
    index("shared_knowledge_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index("shared_knowledge_user_idx").on(t.userId),
  ],
);
