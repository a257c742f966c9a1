/**
 * Pending sign-ins (docs/architecture.md "Security model"; ASVS V6.3.3, V7.2): the password was
 * right, the account has a second factor, and no session exists until the second step succeeds.
 * The browser holds `<id>.<secret>` in an httpOnly cookie (the sessions' token scheme: only
 * SHA-256 of the secret is stored, compared in constant time). Valid `PENDING_SIGN_IN_TTL_MS`
 * (5 minutes) and once.
 */

import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { eq, lt } from "drizzle-orm";
import { PENDING_SIGN_IN_TTL_MS } from "../../common/secondFactor";
import type { Db, DbOrTx } from "../db/client";
import { pendingSignIns } from "../db/schema";
import { parseSessionToken, sessionSecretMatches } from "./session";

function randomPart(): string {
  const bytes = new Uint8Array(15);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Cookie name of the pending sign-in: `__Host-` prefixed (and Secure) in production. */
export function pendingSignInCookieName(secure: boolean): string {
  return secure ? "__Host-pending-sign-in" : "pending_sign_in";
}

/**
 * Starts a pending sign-in for `userId` and ends the member's older ones (one at a time).
 * Returns the cookie's token and when it expires.
 */
export async function createPendingSignIn(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const id = randomPart();
  const secret = randomPart();
  const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_TTL_MS);
  await db.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
  await db.insert(pendingSignIns).values({
    id,
    userId,
    secretHash: encodeHexLowerCase(sha256(new TextEncoder().encode(secret))),
    createdAt: now,
    expiresAt,
  });
  return { token: `${id}.${secret}`, expiresAt };
}

/**
 * The pending sign-in of `token`, locked for update inside `tx`: its id and member, or null for
 * a malformed, unknown, forged or expired token.
 */
export async function lockPendingSignIn(
  tx: DbOrTx,
  token: string | undefined,
  now = new Date(),
): Promise<{ id: string; userId: string } | null> {
  const parts = token ? parseSessionToken(token) : null;
  if (!parts) return null;
  const [row] = await tx.select().from(pendingSignIns).where(eq(pendingSignIns.id, parts.id)).for("update");
  if (!row || !sessionSecretMatches(parts.secret, row.secretHash)) return null;
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  return { id: row.id, userId: row.userId };
}

/** Deletes pending sign-ins past their end (housekeeping). */
export async function pruneExpiredPendingSignIns(db: Db, now = new Date()): Promise<void> {
  await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, now));
}
