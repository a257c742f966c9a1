/**
 * Q&A items (spec part 2 §3 qa_items).
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("qa_items_published_idx").on(t.subsection, t.createdAt.desc()).where(sql`${t.isPublished}`)],
);
