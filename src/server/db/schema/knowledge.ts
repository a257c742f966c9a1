/**
 * Shared knowledge, the points ledger, help requests and Q&A (spec part 2 §3; DESIGN.md §6;
 * issue #5).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  EMPLOYMENT_TYPES,
  HELP_TYPES,
  HELP_URGENCIES,
  QA_SUBSECTIONS,
  SERVICE_TYPES,
  SHARE_TYPES,
} from "../../../common/knowledge";
import { users } from "./accounts";
import { uploads } from "./files";
import { memberRequests } from "./requests";

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

export const pointsReasonEnum = pgEnum("points_reason", ["knowledge_approved", "helpful_answer", "tier_upgrade"]);

/**
 * One row per award (+) or spend (−). Unique per reason and source, so nothing is credited
 * twice; the balance on `profiles.points` changes in the same transaction (DESIGN.md §6).
 */
export const pointsLedger = pgTable(
  "points_ledger",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: integer().notNull(),
    reason: pointsReasonEnum().notNull(),
    /** What earned or spent it: a submission id, a response id, or `<userId>:<tier>`. */
    sourceId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("points_ledger_reason_source_key").on(t.reason, t.sourceId),
    index("points_ledger_created_user_idx").on(t.createdAt, t.userId),
  ],
);

export const helpTypeEnum = pgEnum("help_type", HELP_TYPES);
export const helpUrgencyEnum = pgEnum("help_urgency", HELP_URGENCIES);
export const employmentTypeEnum = pgEnum("employment_type", EMPLOYMENT_TYPES);
export const serviceTypeEnum = pgEnum("service_type", SERVICE_TYPES);

/**
 * A help request (spec part 2 §3). Each is also routed as a member request, so matching members
 * receive it and answer it like any other (issue #5 §4).
 */
export const helpRequests = pgTable(
  "help_requests",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    memberRequestId: bigint({ mode: "number" }).references(() => memberRequests.id, { onDelete: "set null" }),
    helpType: helpTypeEnum().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    targetCountry: text(),
    productCategory: text(),
    expertiseAreas: text().array().notNull().default(sql`'{}'::text[]`),
    employmentType: employmentTypeEnum(),
    serviceType: serviceTypeEnum(),
    urgency: helpUrgencyEnum().notNull().default("medium"),
    budgetRange: text(),
    additionalDetails: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("help_requests_user_created_idx").on(t.userId, t.createdAt.desc())],
);

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
