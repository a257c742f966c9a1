/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"; ASVS 5.0 V6.1.1,
 * V6.3.1; docs/architecture.md, Security model: Lockout). After a successful sign-in the browser
 * gets a long-lived cookie naming that account. A sign-in attempt that carries a valid device
 * cookie of the account it names is counted against that device alone (`signin-device:<id>`),
 * never against the account-wide or per-IP limits, so an attacker's failures elsewhere cannot
 * lock the owner's browser out, and the owner's typos cannot lock the account.
 *
 * A token is `<id>.<secret>` (15 random bytes each, base32), stored as SHA-256(secret) in
 * `device_cookies` and compared in constant time, like sessions. A stored token rather than an
 * HMAC: the app has no signing key to keep, and a row can be revoked (it goes with the account).
 * One cookie holds the tokens of up to `MAX_DEVICE_TOKENS` accounts, newest first, joined by `_`.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, gt, inArray, lt, notInArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import { deviceCookies, users } from "../db/schema";

/** How long a device cookie lasts after its last successful sign-in: a year. */
export const DEVICE_COOKIE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/** Accounts one browser is remembered for; signing in to another drops the oldest. */
export const MAX_DEVICE_TOKENS = 5;

/** `__Host-device` in production (Secure, Path=/, no Domain), `device` elsewhere. */
export function deviceCookieName(secure: boolean): string {
  return secure ? "__Host-device" : "device";
}

const TOKEN = /^([a-z2-7]{24})\.([a-z2-7]{24})$/;
const SEPARATOR = "_";

function randomPart(): string {
  const bytes = new Uint8Array(15);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));
}

/** The well-formed tokens of a device cookie's value (at most `MAX_DEVICE_TOKENS`); anything else is dropped. */
export function parseDeviceCookie(value: string | undefined): string[] {
  if (!value || value.length > MAX_DEVICE_TOKENS * 50) return [];
  return value
    .split(SEPARATOR)
    .filter((t) => TOKEN.test(t))
    .slice(0, MAX_DEVICE_TOKENS);
}

/** The cookie value after `token` was issued or used: it first, then the others, at most `MAX_DEVICE_TOKENS`. */
export function deviceCookieValue(tokens: readonly string[], token: string): string {
  return [token, ...tokens.filter((t) => t !== token)].slice(0, MAX_DEVICE_TOKENS).join(SEPARATOR);
}

/**
 * The device cookie among `tokens` that is valid (known, secret right, not expired) for the
 * account named by `account` (its e-mail at sign-in, its id once known); null when none is. A
 * token of another account gives nothing.
 */
export async function findTrustedDevice(
  db: Db,
  tokens: readonly string[],
  account: { email: string } | { userId: string },
  now = new Date(),
): Promise<{ id: string; userId: string } | null> {
  const parts = tokens.map((t) => TOKEN.exec(t)).filter((m): m is RegExpExecArray => m !== null);
  if (parts.length === 0) return null;
  const rows = await db
    .select({ id: deviceCookies.id, userId: deviceCookies.userId, secretHash: deviceCookies.secretHash })
    .from(deviceCookies)
    .innerJoin(users, eq(users.id, deviceCookies.userId))
    .where(
      and(
        inArray(
          deviceCookies.id,
          parts.map((p) => p[1] as string),
        ),
        "email" in account ? eq(users.email, account.email) : eq(deviceCookies.userId, account.userId),
        gt(deviceCookies.expiresAt, now),
      ),
    );
  for (const row of rows) {
    const secret = parts.find((p) => p[1] === row.id)?.[2] ?? "";
    const a = new TextEncoder().encode(hashSecret(secret));
    const b = new TextEncoder().encode(row.secretHash);
    if (a.length === b.length && constantTimeEqual(a, b)) return { id: row.id, userId: row.userId };
  }
  return null;
}

/** Creates a device cookie for `userId`; returns its token. */
export async function issueDeviceCookie(db: DbOrTx, userId: string, now = new Date()): Promise<string> {
  const id = randomPart();
  const secret = randomPart();
  await db.insert(deviceCookies).values({
    id,
    userId,
    secretHash: hashSecret(secret),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + DEVICE_COOKIE_LIFETIME_MS),
  });
  return `${id}.${secret}`;
}

/** Records a successful sign-in with device cookie `id`: it lasts another `DEVICE_COOKIE_LIFETIME_MS`. */
export async function touchDeviceCookie(db: DbOrTx, id: string, now = new Date()): Promise<void> {
  await db
    .update(deviceCookies)
    .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + DEVICE_COOKIE_LIFETIME_MS) })
    .where(eq(deviceCookies.id, id));
}

/**
 * Forgets every device of `userId` except those whose tokens are in `keep` (the browser that
 * changed the password): after a password change or reset, a browser that signed in with the old
 * password (perhaps an attacker's) no longer escapes the account's lockout.
 */
export async function revokeDeviceCookies(db: DbOrTx, userId: string, keep: readonly string[] = []): Promise<void> {
  const keepIds = keep.map((t) => TOKEN.exec(t)?.[1]).filter((id): id is string => id !== undefined);
  await db
    .delete(deviceCookies)
    .where(
      keepIds.length > 0
        ? and(eq(deviceCookies.userId, userId), notInArray(deviceCookies.id, keepIds))
        : eq(deviceCookies.userId, userId),
    );
}

/** Deletes expired device cookies (housekeeping, the `cleanup` job). */
export async function pruneDeviceCookies(db: Db, now = new Date()): Promise<void> {
  await db.delete(deviceCookies).where(lt(deviceCookies.expiresAt, now));
}
