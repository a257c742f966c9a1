/**
 * Notifications of a member (spec part 2 §3 notifications: user, title, is_read).
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./index";
import { postResponses } from "./posts";

export const notificationKindEnum = pgEnum("notification_kind", ["response_received"]);

/** In-app notifications; 'Response to Your Request' is the response_received kind. */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: notificationKindEnum().notNull(),
    title: text().notNull(),
    responseId: bigint({ mode: "number" }).references(() => postResponses.id, { onDelete: "cascade" }),
    isRead: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_unread_idx").on(t.userId, t.kind).where(sql`not ${t.isRead}`)],
);
