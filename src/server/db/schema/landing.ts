import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./index";

/** Messages sent through the landing page's Ask Questions Online form, already sanitised. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    email: text().notNull(),
    message: text().notNull(),
    ip: text(),
    /** The signed-in sender, when there was one. */
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc())],
);
