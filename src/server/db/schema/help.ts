/**
 * Help requests (spec part 2 §3 help_requests).
 */
import { sql } from "drizzle-orm";
import { bigint, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { EMPLOYMENT_TYPES, HELP_TYPES, HELP_URGENCIES, SERVICE_TYPES } from "../../../common/help";
import { posts, users } from "./index";

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
    memberRequestId: bigint({ mode: "number" }).references(() => posts.id, { onDelete: "set null" }),
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
