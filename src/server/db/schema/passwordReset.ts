import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * Password reset links (issue #11 §3). The link's token is `<id>.<secret>`: `id` is a random
 * lookup key that opens nothing alone, and of the secret only its SHA-256 is kept, compared in
 * constant time (the sessions' scheme). A token is valid until `expiresAt` (30 minutes) and
 * once: `usedAt` is set when it resets the password. A new link deletes the member's unused ones.
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the secret half of the token. */
    secretHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp({ withTimezone: true }),
    /** The admin who sent the link from member management; null when the member asked for it. */
    sentBy: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);
