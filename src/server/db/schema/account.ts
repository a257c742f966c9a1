import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

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
