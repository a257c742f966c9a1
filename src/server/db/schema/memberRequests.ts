/**
 * Member requests, their responses and archive records (spec part 2 §3; DESIGN.md §9).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { REQUEST_TYPES, SERVICE_ACTIVITIES, URGENCIES } from "../../../common/memberRequests";
import { products } from "./catalog";
import { users } from "./index";
import { countries, industrialSectors } from "./reference";

export const requestTypeEnum = pgEnum("request_type", REQUEST_TYPES);

export const urgencyEnum = pgEnum("urgency", URGENCIES);

export const serviceActivityEnum = pgEnum("service_activity", SERVICE_ACTIVITIES);

export const requestStatusEnum = pgEnum("request_status", ["active", "closed"]);

/**
 * A member's short request. `sector` is the routing sector: the product's sector for the
 * product form, the chosen one for the export-services form (copied at creation, so matching
 * reads one table).
 */
export const memberRequests = pgTable(
  "member_requests",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer().references(() => products.id),
    targetCountry: text().references(() => countries.code),
    sector: text().references(() => industrialSectors.code),
    requestType: requestTypeEnum().notNull(),
    /** Send and export-services forms: the activity type and sub-activity ("Activity - Sub-activity"). */
    activityType: serviceActivityEnum(),
    subActivity: text(),
    /** Set for requests that come from the Request Help form. */
    title: text(),
    description: text().notNull(),
    urgency: urgencyEnum().notNull().default("normal"),
    status: requestStatusEnum().notNull().default("active"),
    /** Millisecond precision, so the received list's cursor (a JS Date) is exact. */
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // The three arms of the matching predicate (DESIGN.md §9), newest first, active only.
    index("member_requests_active_country_idx")
      .on(t.targetCountry, t.createdAt, t.id)
      .where(sql`${t.status} = 'active'`),
    index("member_requests_active_sector_idx").on(t.sector, t.createdAt, t.id).where(sql`${t.status} = 'active'`),
    index("member_requests_active_type_idx").on(t.requestType, t.createdAt, t.id).where(sql`${t.status} = 'active'`),
    // Newest-first walk for the received list and the capped badge count.
    // Ascending, scanned backwards: `ORDER BY created_at DESC, id DESC` (NULLS FIRST) can use it,
    // whereas a `DESC NULLS LAST` index (Drizzle's `.desc()`) cannot.
    index("member_requests_active_created_idx").on(t.createdAt, t.id).where(sql`${t.status} = 'active'`),
    index("member_requests_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/** A response (offer) to a request. Contact fields reach the requester only on reveal. */
export const memberResponses = pgTable(
  "member_responses",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: bigint({ mode: "number" })
      .notNull()
      .references(() => memberRequests.id, { onDelete: "cascade" }),
    responderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requesterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text().notNull(),
    contactEmail: text(),
    contactPhone: text(),
    contactWhatsapp: text(),
    /** 1–3 stars, set once by the requester. */
    rating: smallint(),
    ratedAt: timestamp({ withTimezone: true }),
    revealedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("member_responses_request_responder_key").on(t.requestId, t.responderId),
    index("member_responses_requester_created_idx").on(t.requesterId, t.createdAt, t.id),
    index("member_responses_responder_rated_idx").on(t.responderId).where(sql`${t.rating} is not null`),
  ],
);

/** "Ignore": the request leaves this member's received list only. */
export const archivedMemberRequests = pgTable(
  "archived_member_requests",
  {
    requestId: bigint({ mode: "number" })
      .notNull()
      .references(() => memberRequests.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId] })],
);
