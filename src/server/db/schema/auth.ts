import {
  bigint,
  index,
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
    /** Null once the account is deleted (a tombstone: domain/myData.ts `deleteAccount`). */
    passwordHash: text(),
    locale: localeEnum(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set while an admin has suspended the account; sign-in and every session are refused. */
    suspendedAt: timestamp({ withTimezone: true }),
    suspendedReason: text(),
    lastActiveAt: timestamp({ withTimezone: true }),
    /**
     * Set when the account was deleted (docs/architecture.md "Deleting an account"): the row stays
     * as a tombstone so that kept contributions and the security log still reference it; its
     * e-mail is then an unusable unique address and its password hash null.
     */
    deletedAt: timestamp({ withTimezone: true }),
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
 * Audit trail of security-relevant events and admin actions (spec part 1 §7 log_security_event;
 * ASVS 5.0 V16.2.1, V16.4.2). Append-only: a trigger of the migration refuses UPDATE, DELETE and
 * TRUNCATE. `user_id` is the account the event is about (the target of an admin action),
 * `actor_id` the admin who acted (null for a member's own or an anonymous event). Neither
 * references `users`: a foreign key's action would have to update or block rows of an
 * append-only table (ADR 26).
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid(),
    actorId: uuid(),
    eventType: text().notNull(),
    eventDetails: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("security_events_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("security_events_actor_created_idx").on(t.actorId, t.createdAt.desc()),
    index("security_events_created_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
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

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"; ASVS 5.0 V6.1.1,
 * V6.3.1): a browser that signed in to `userId` holds the token `<id>.<secret>`; only
 * SHA-256(secret) is kept. Such a browser's failed sign-ins count against its own limit, never the
 * account's (auth/device-cookie.ts). Deleted with the account, or once expired by the cleanup job.
 */
export const deviceCookies = pgTable(
  "device_cookies",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    secretHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last successful sign-in with it. */
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("device_cookies_user_id_idx").on(t.userId), index("device_cookies_expires_at_idx").on(t.expiresAt)],
);
