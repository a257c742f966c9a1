/**
 * Notifications of a member (spec part 2 §3 notifications: user, title, is_read; issue 17 §1)
 * and their e-mail preferences (issue 17 §2).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
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
import { EMAIL_CATEGORIES, EMAIL_DELIVERY, NOTIFICATION_KINDS } from "../../../common/notifications";
import { users } from "./index";
import { postResponses } from "./posts";

export const notificationKindEnum = pgEnum("notification_kind", NOTIFICATION_KINDS);
export const emailCategoryEnum = pgEnum("email_category", EMAIL_CATEGORIES);
export const emailDeliveryEnum = pgEnum("email_delivery", EMAIL_DELIVERY);

/**
 * In-app notifications, newest first by id. `title` is the English title (the spec's column);
 * the client renders the title in the viewer's language from `kind` + `params`
 * (`NotificationParams`). 'Response to Your Request' is the response_received kind.
 *
 * `emailDelivery` records how the notification was routed to e-mail when it was created:
 * null for in-app-only kinds, `immediate` (queued in the outbox at once), `digest` (left for
 * the daily digest: the digest job selects `email_delivery = 'digest'` rows created after the
 * member's previous digest) or `never`.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: notificationKindEnum().notNull(),
    title: text().notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    responseId: bigint({ mode: "number" }).references(() => postResponses.id, { onDelete: "cascade" }),
    isRead: boolean().notNull().default(false),
    emailDelivery: emailDeliveryEnum(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_unread_idx").on(t.userId, t.kind).where(sql`not ${t.isRead}`),
    index("notifications_user_id_idx").on(t.userId, t.id.desc()),
    index("notifications_digest_idx").on(t.userId, t.createdAt).where(sql`${t.emailDelivery} = 'digest'`),
  ],
);

/** A member's choice for one e-mail category; no row = `EMAIL_DEFAULTS`. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: emailCategoryEnum().notNull(),
    delivery: emailDeliveryEnum().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/**
 * The one-click unsubscribe tokens (RFC 8058): one random token (32 bytes, base64url) per member
 * and category, made when the first mail of that category is queued and reused after. A token
 * only ever sets its own member's own category to `never`, so it is stored as is.
 */
export const emailUnsubscribeTokens = pgTable(
  "email_unsubscribe_tokens",
  {
    token: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: emailCategoryEnum().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("email_unsubscribe_tokens_user_category_key").on(t.userId, t.category)],
);
