/**
 * Accounts, sessions, roles and profiles (spec part 1 §3; DESIGN.md §4, §6).
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ACTIVITIES, APPROVAL_STATUSES, LOCALES, TIERS, USER_TYPES } from "../../../common/constants";
import { uploads } from "./files";

export const approvalStatusEnum = pgEnum("approval_status", APPROVAL_STATUSES);
export const tierEnum = pgEnum("tier", TIERS);
export const userTypeEnum = pgEnum("user_type", USER_TYPES);
export const activityEnum = pgEnum("activity", ACTIVITIES);
export const localeEnum = pgEnum("locale", LOCALES);
export const roleEnum = pgEnum("role", ["admin"]);

/** An account. The e-mail belongs here, not to the profile (spec part 1 §3). */
export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    locale: localeEnum(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set while an admin has suspended the account; sign-in and every session are refused. */
    suspendedAt: timestamp({ withTimezone: true }),
    suspendedReason: text(),
    lastActiveAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

/**
 * Server-side sessions (Lucia guide): the token is `<id>.<secret>`; only SHA-256(secret) is kept.
 * `lastActiveAt` drives the 30-minute idle timeout, `createdAt` the 12-hour absolute lifetime.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    secretHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/** Admin is exactly a row (user_id, 'admin') here (DESIGN.md §4). */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: roleEnum().notNull(),
    grantedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    grantedBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/**
 * One profile per account: identity, approval state and standing (tier, points balance).
 * Further profile fields arrive with the profile issue.
 */
export const profiles = pgTable(
  "profiles",
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    activities: activityEnum().array().notNull(),
    userType: userTypeEnum().notNull(),
    referralCode: text(),
    approvalStatus: approvalStatusEnum().notNull().default("pending"),
    appliedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    approvalNotes: text(),
    reviewedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    tier: tierEnum().notNull().default("turquoise"),
    points: integer().notNull().default(0),
    // Profile Settings (spec part 2 §3). Photo and attachment reference `uploads`.
    photoUploadId: uuid().references((): AnyPgColumn => uploads.id, { onDelete: "set null" }),
    attachmentUploadId: uuid().references((): AnyPgColumn => uploads.id, { onDelete: "set null" }),
    mobile: text(),
    whatsapp: text(),
    postalAddress: text(),
    postalCode: text(),
    linkedinUrl: text(),
    expertiseAreas: text().array().notNull().default(sql`'{}'::text[]`),
    yearsExportExperience: integer().notNull().default(0),
    certificates: text().array().notNull().default(sql`'{}'::text[]`),
    /** Industrial sector codes (`industrial_sectors.code`). */
    industrialSectors: text().array().notNull().default(sql`'{}'::text[]`),
    /** ISO alpha-2 codes (`countries.code`). */
    targetCountries: text().array().notNull().default(sql`'{}'::text[]`),
    activitySelections: jsonb()
      .$type<{ mainCategories: string[]; details: Record<string, string[]> }>()
      .notNull()
      .default({ mainCategories: [], details: {} }),
    updatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Pending applicants, newest applied first (spec part 1 §7).
    index("profiles_pending_applied_idx").on(t.appliedAt.desc()).where(sql`${t.approvalStatus} = 'pending'`),
  ],
);

/** Audit trail of security-relevant events (spec part 1 §7 log_security_event). */
export const securityEvents = pgTable(
  "security_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    eventType: text().notNull(),
    eventDetails: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("security_events_user_created_idx").on(t.userId, t.createdAt.desc())],
);

/** One row per counted attempt; a window counts the rows of a key newer than its start. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_limit_hits_key_at_idx").on(t.key, t.at)],
);

/** Pending e-mail changes: applied only when the link sent to the new address is opened. */
export const emailChangeRequests = pgTable(
  "email_change_requests",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text().notNull(),
    /** SHA-256 (hex) of the token in the link. */
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("email_change_requests_token_key").on(t.tokenHash),
    index("email_change_requests_user_idx").on(t.userId),
  ],
);
