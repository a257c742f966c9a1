/**
 * Posts (member requests are the membership area's requests), their responses and archive
 * records (spec part 2 §3; DESIGN.md §9; docs/decisions/0016-service-area-posts.md).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { POST_AREAS, POST_KINDS } from "../../../common/constants";
import { REQUEST_TYPES, SERVICE_ACTIVITIES, URGENCIES } from "../../../common/memberRequests";
import type { PostDetails } from "../../../common/posts";
import type { SessionMode } from "../../../common/services";
import { products } from "./catalog";
import { uploads } from "./files";
import { users } from "./index";
import { countries, industrialSectors } from "./reference";

export const requestTypeEnum = pgEnum("request_type", REQUEST_TYPES);

export const urgencyEnum = pgEnum("urgency", URGENCIES);

export const serviceActivityEnum = pgEnum("service_activity", SERVICE_ACTIVITIES);

export const requestStatusEnum = pgEnum("request_status", ["active", "closed"]);

export const postAreaEnum = pgEnum("post_area", POST_AREAS);

export const postKindEnum = pgEnum("post_kind", POST_KINDS);

/**
 * A member's post; today every post is a membership request. `sector` is the routing sector:
 * the product's sector for the product form, the chosen one for the export-services form
 * (copied at creation, so matching reads one table).
 */
export const posts = pgTable(
  "posts",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer().references(() => products.id),
    targetCountry: text().references(() => countries.code),
    sector: text().references(() => industrialSectors.code),
    /** Membership requests only (`posts_request_type_check`). */
    requestType: requestTypeEnum(),
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
    area: postAreaEnum().notNull(),
    kind: postKindEnum().notNull(),
    /** Routing of the non-membership boards (ADR 16); empty for membership requests. */
    countries: text().array().notNull().default(sql`'{}'::text[]`),
    sectors: text().array().notNull().default(sql`'{}'::text[]`),
    reach: text().array().notNull().default(sql`'{}'::text[]`),
    /** Display-only fields of a form, validated on write by its zod schema (ADR 16). */
    details: jsonb().$type<PostDetails>().notNull().default({}),
    byExpert: boolean().notNull().default(false),
    /** A post leaves every received list once this has passed (matching's `expires_at > now()`). */
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    closedAt: timestamp({ withTimezone: true }),
    /** information.offer: an uploaded document (purpose `post_attachment`; ADR 16). */
    attachmentUploadId: uuid().references(() => uploads.id, { onDelete: "set null" }),
    /**
     * When the first response arrived (its `created_at`), set in the response's transaction; null
     * while unanswered. Admin analytics reads response rates and times from it (issue #17 §3).
     */
    firstResponseAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The three arms of the membership predicate (DESIGN.md §9), newest first, active only.
    index("posts_active_country_idx").on(t.targetCountry, t.createdAt, t.id).where(sql`${t.status} = 'active'`),
    index("posts_active_sector_idx").on(t.sector, t.createdAt, t.id).where(sql`${t.status} = 'active'`),
    index("posts_active_type_idx").on(t.requestType, t.createdAt, t.id).where(sql`${t.status} = 'active'`),
    // Newest-first walk of every board for the received lists and the capped badge counts.
    // Ascending, scanned backwards: `ORDER BY created_at DESC, id DESC` (NULLS FIRST) can use it,
    // whereas a `DESC NULLS LAST` index (Drizzle's `.desc()`) cannot.
    index("posts_active_created_idx").on(t.createdAt, t.id).where(sql`${t.status} = 'active'`),
    index("posts_board_created_idx").on(t.area, t.kind, t.createdAt, t.id).where(sql`${t.status} = 'active'`),
    // Experts first on the information boards (ADR 16).
    index("posts_information_expert_idx")
      .on(t.kind, t.byExpert, t.createdAt, t.id)
      .where(sql`${t.status} = 'active' and ${t.area} = 'information'`),
    // No index on the routing arrays: the board queries walk posts_board_created_idx (bitmap scans,
    // the only way to use a GIN index, are off for them: domain/posts.ts `walking`; ADR 16).
    index("posts_user_created_idx").on(t.userId, t.createdAt),
    // Admin analytics (issue #17 §3): posts per week, area and kind, and their first responses,
    // read from the index alone for any date range.
    index("posts_created_analytics_idx").on(t.createdAt, t.area, t.kind, t.firstResponseAt),
    // For closing expired posts.
    index("posts_active_expires_idx").on(t.expiresAt).where(sql`${t.status} = 'active'`),
    check("posts_details_object_check", sql`jsonb_typeof(${t.details}) = 'object'`),
    check("posts_request_type_check", sql`${t.area} <> 'membership' or ${t.requestType} is not null`),
  ],
);

/** A response (offer) to a post. Contact fields reach the requester only on reveal. */
export const postResponses = pgTable(
  "post_responses",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    postId: bigint({ mode: "number" })
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
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
    /** Consultancy responses (issue #15 §3): a proposed date and session mode, both optional. */
    proposedDate: date(),
    proposedMode: text().$type<SessionMode>(),
  },
  (t) => [
    check("post_responses_proposed_mode_check", sql`${t.proposedMode} in ('in_person', 'online')`),
    uniqueIndex("post_responses_post_responder_key").on(t.postId, t.responderId),
    index("post_responses_requester_created_idx").on(t.requesterId, t.createdAt, t.id),
    index("post_responses_responder_rated_idx").on(t.responderId).where(sql`${t.rating} is not null`),
  ],
);

/** "Ignore": the post leaves this member's received list only. */
export const postArchives = pgTable(
  "post_archives",
  {
    postId: bigint({ mode: "number" })
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);
