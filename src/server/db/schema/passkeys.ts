import { bigint, boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sessions, users } from "./auth";

/**
 * A member's passkeys (WebAuthn credentials; docs/architecture.md "Passkeys").
 * `credentialId` and `publicKey` are base64url; the public key is the COSE key the
 * authenticator sent at registration. `counter` is the signature counter last seen: an assertion
 * whose counter is not above it (when either is non-zero) is refused as a possible clone.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** base64url credential id, unique across the club. */
    credentialId: text().notNull(),
    /** base64url COSE public key. */
    publicKey: text().notNull(),
    counter: bigint({ mode: "number" }).notNull().default(0),
    /** Transports the browser reported (`internal`, `hybrid`, `usb`, …), as hints for sign-in. */
    transports: text().array().notNull().default([]),
    /** `singleDevice` or `multiDevice` (backup eligible), from the authenticator's flags. */
    deviceType: text().notNull(),
    /** The backup state flag at the last use. */
    backedUp: boolean().notNull(),
    /** The member's name for it ("Laptop", "Phone"). */
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("passkeys_credential_id_key").on(t.credentialId), index("passkeys_user_id_idx").on(t.userId)],
);

export const webauthnCeremonyEnum = pgEnum("webauthn_ceremony", ["registration", "authentication"]);

/**
 * Outstanding WebAuthn challenges: single-use (the row is deleted when it is answered, right or
 * wrong), valid 5 minutes, and bound to the browser that asked. A registration challenge belongs
 * to the member's session (`sessionId`); a sign-in challenge to the browser holding the random
 * value whose SHA-256 is `browserKeyHash` (an HttpOnly cookie, `passkey_flow`).
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: uuid().primaryKey().defaultRandom(),
    ceremony: webauthnCeremonyEnum().notNull(),
    /** base64url challenge the authenticator signs. */
    challenge: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    sessionId: text().references(() => sessions.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the sign-in flow cookie's value. */
    browserKeyHash: text(),
    /** The name a registration will give the new passkey. */
    passkeyName: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("webauthn_challenges_session_idx").on(t.sessionId),
    uniqueIndex("webauthn_challenges_browser_key").on(t.browserKeyHash),
    index("webauthn_challenges_expires_idx").on(t.expiresAt),
  ],
);
