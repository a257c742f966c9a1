/**
 * Q&A items (spec part 2 §3 qa_items), including the questions members ask (issue #13 §3):
 * a member's question is a draft with `askedBy` set and an empty answer until an admin answers
 * it; declining records `declinedAt` and the admin's `declineNote`.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { QA_SUBSECTIONS } from "../../../common/qa";
import { users } from "./index";

export const qaSubsectionEnum = pgEnum("qa_subsection", QA_SUBSECTIONS);

/** Curated Q&A; members see published items only (spec part 2 §4). */
export const qaItems = pgTable(
  "qa_items",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    question: text().notNull(),
    answer: text().notNull(),
    subsection: qaSubsectionEnum().notNull(),
    isPublished: boolean().notNull().default(false),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    /** The member who asked the question; null for items the admins wrote themselves. */
    askedBy: uuid().references(() => users.id, { onDelete: "cascade" }),
    /** Set when an admin declined the member's question (then `declineNote` says why). */
    declinedAt: timestamp({ withTimezone: true }),
    declineNote: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("qa_items_published_idx").on(t.subsection, t.createdAt.desc()).where(sql`${t.isPublished}`),
    index("qa_items_asked_by_idx").on(t.askedBy, t.createdAt.desc()).where(sql`${t.askedBy} is not null`),
  ],
);
