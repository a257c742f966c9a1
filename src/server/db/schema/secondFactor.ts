import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * A member's authenticator app (TOTP, RFC 6238; docs/architecture.md "Security model",
 * ASVS V6.5). One per member. The row is written when enrolment starts (`confirmedAt` null,
 * not yet a factor) and becomes the factor once the member confirms a current code. The secret
 * never leaves the server after enrolment (ADR 27). `lastUsedStep` is the 30-second step of the
 * last accepted code: a code of that step or an earlier one is refused (replay, ASVS V6.5.4).
 */
export const totpCredentials = pgTable("totp_credentials", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The shared secret, 20 random bytes, base32 (RFC 4648, no padding). */
  secret: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp({ withTimezone: true }),
  lastUsedStep: bigint({ mode: "number" }),
});

/**
 * One-time recovery codes (ASVS V6.5.1, V6.5.2): ten per member, made when the authenticator is
 * activated or the codes are regenerated. Only the SHA-256 of a code is kept (codes carry 50
 * random bits, so a fast hash is enough); `usedAt` is set when one signs in.
 */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the normalised code (lower case, no dashes). */
    codeHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * A sign-in whose password was right and that waits for its second step (ASVS V6.3.3): no session
 * exists yet. The browser holds `<id>.<secret>` in an httpOnly cookie; only SHA-256(secret) is
 * kept. Valid until `expiresAt` (5 minutes) and once: the row is deleted when the step succeeds.
 */
export const pendingSignIns = pgTable(
  "pending_sign_ins",
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    secretHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("pending_sign_ins_user_idx").on(t.userId)],
);
