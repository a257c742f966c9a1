/**
 * Password reset by an e-mailed link (issue #11 §3 "Forgotten passwords").
 *
 * - `requestPasswordReset` ("Forgot password?", public): rate-limited per address and per IP,
 *   then the same answer, and the same database work, whether or not the address has an account.
 *   A known, non-suspended account gets a new link (`issuePasswordReset`); its older unused links
 *   stop working.
 * - `issuePasswordReset`: the one way a link is made, also used by the admin's "Send password
 *   reset link" (domain/adminMembers.ts). The token is `<id>.<secret>` (15 and 20 random bytes,
 *   base32); the row keeps the id and the SHA-256 of the secret, never the token. Valid
 *   `PASSWORD_RESET_TTL_MS` (30 minutes), once.
 * - `completePasswordReset` (public; the token is the proof): checks the token (the secret's hash
 *   compared in constant time, unexpired, unused), sets the new password (argon2id), uses the
 *   token up, ends every session of the account (publishing `member.changed`, so its sockets
 *   close), lifts the failed-sign-in limit of its address and logs `password_reset_completed`.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, isNull, lt, ne } from "drizzle-orm";
import { type Locale, PASSWORD_RESET_TTL_MS, RATE_LIMITS } from "../../common/constants";
import { Msg } from "../../common/messages";
import { RESET_TOKEN_PATTERN } from "../../common/passwordReset";
import { revokeDeviceCookies } from "../auth/device-cookie";
import { hashPassword } from "../auth/password";
import { hitRateLimits } from "../auth/rate-limit";
import { logSecurityEvent } from "../auth/security-events";
import { invalidateUserSessions } from "../auth/session";
import type { Db, DbOrTx } from "../db/client";
import { passwordResetTokens, profiles, rateLimitHits, users } from "../db/schema";
import { enqueueMail } from "../mail/outbox";
import { passwordResetMail } from "../mail/templates";
import { DomainError, tooManyRequests } from "./errors";

/** A uuid no account has: the unknown address's stand-in, so its queries are the same ones. */
const NO_ACCOUNT = "00000000-0000-0000-0000-000000000000";

function randomBase32(bytes: number): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return encodeBase32LowerCaseNoPadding(buf);
}

function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));
}

/** The id and secret of a well-formed token (`RESET_TOKEN_PATTERN`), or null. */
function parseToken(token: string): { id: string; secret: string } | null {
  if (!RESET_TOKEN_PATTERN.test(token)) return null;
  const [id, secret] = token.split(".");
  return id && secret ? { id, secret } : null;
}

/**
 * Makes a reset link for the account `m.userId` inside `tx`: deletes its unused links, stores the
 * new token (id and secret hash, valid 30 minutes) and queues the mail in `m.locale` with the
 * link `${origin}/reset-password?token=<id>.<secret>`. `sentBy`: the admin who sent it, or null.
 */
export async function issuePasswordReset(
  tx: DbOrTx,
  m: { userId: string; email: string; name: string; locale: Locale; origin: string; sentBy: string | null },
): Promise<void> {
  const id = randomBase32(15);
  const secret = randomBase32(20);
  await tx
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, m.userId), isNull(passwordResetTokens.usedAt)));
  await tx.insert(passwordResetTokens).values({
    id,
    userId: m.userId,
    secretHash: hashSecret(secret),
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
    sentBy: m.sentBy,
  });
  await enqueueMail(tx, {
    to: m.email,
    kind: `password-reset:${m.userId}`,
    locale: m.locale,
    content: passwordResetMail(m.locale, {
      name: m.name,
      resetUrl: `${m.origin}/reset-password?token=${id}.${secret}`,
      byAdmin: m.sentBy !== null,
    }),
  });
}

/**
 * "Forgot password?": answers the same (nothing) for every address. At most
 * `RATE_LIMITS.passwordReset` requests per address (known or not) and
 * `RATE_LIMITS.passwordResetPerIp` per IP; every allowed request logs `password_reset_requested`
 * with its outcome (`sent`, `unknown`, `suspended`). The mail is in `input.locale`, the language
 * of the page the person is using (issue #13 §4), or the account's when the form sends none.
 * @throws DomainError TOO_MANY_REQUESTS 'Too many attempts. Please try again later.' with the wait.
 */
export async function requestPasswordReset(
  db: Db,
  input: { email: string; locale?: Locale },
  opts: { ip: string | null; origin: string },
): Promise<void> {
  const perEmail = `password-reset:${input.email}`;
  const limit = await hitRateLimits(db, [
    { key: perEmail, ...RATE_LIMITS.passwordReset },
    ...(opts.ip ? [{ key: `password-reset-ip:${opts.ip}`, ...RATE_LIMITS.passwordResetPerIp }] : []),
  ]);
  if (!limit.allowed) {
    await logSecurityEvent(db, {
      type: "password_reset_requested",
      ip: opts.ip,
      details: { email: input.email, outcome: "rate_limited", scope: limit.refusedBy === perEmail ? "email" : "ip" },
    });
    throw tooManyRequests(Msg.tooManyAttempts, limit.delaySeconds);
  }
  await db.transaction(async (tx) => {
    // The account row is locked, so two requests at once leave one valid link, not two.
    const [account] = await tx
      .select({ id: users.id, name: profiles.name, locale: users.locale, suspendedAt: users.suspendedAt })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.email, input.email))
      .for("no key update", { of: users })
      .limit(1);
    const outcome = !account ? "unknown" : account.suspendedAt ? "suspended" : "sent";
    if (account && outcome === "sent") {
      await issuePasswordReset(tx, {
        userId: account.id,
        email: input.email,
        name: account.name,
        locale: input.locale ?? account.locale ?? "en",
        origin: opts.origin,
        sentBy: null,
      });
    } else {
      // The statement a known address runs first, on no row, so the answer's time tells little.
      await tx
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, account?.id ?? NO_ACCOUNT), isNull(passwordResetTokens.usedAt)));
    }
    await logSecurityEvent(tx, {
      type: "password_reset_requested",
      userId: account?.id ?? null,
      ip: opts.ip,
      details: { email: input.email, outcome },
    });
  });
}

/** The token's row when the token is valid now (secret matches, unexpired, unused), else null. */
async function validToken(db: DbOrTx, token: { id: string; secret: string }, lock: boolean) {
  const query = db
    .select({
      id: passwordResetTokens.id,
      userId: passwordResetTokens.userId,
      secretHash: passwordResetTokens.secretHash,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
      sentBy: passwordResetTokens.sentBy,
      email: users.email,
      suspendedAt: users.suspendedAt,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.id, token.id))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: passwordResetTokens }) : await query;
  if (!row) return null;
  const a = new TextEncoder().encode(hashSecret(token.secret));
  const b = new TextEncoder().encode(row.secretHash);
  const matches = a.length === b.length && constantTimeEqual(a, b);
  if (!matches || row.usedAt !== null || row.expiresAt.getTime() <= Date.now()) return null;
  return row;
}

/**
 * Sets a new password with a reset link's token, once. Every session of the account ends.
 * Returns the account's id.
 * @throws DomainError BAD_REQUEST 'This password reset link is invalid or has expired…' for a
 *   malformed, unknown, wrong, expired or used token; FORBIDDEN 'This account is suspended…'.
 */
export async function completePasswordReset(
  db: Db,
  input: { token: string; newPassword: string },
  ip: string | null,
): Promise<{ userId: string }> {
  const token = parseToken(input.token);
  // Checked before hashing, so a wrong token costs no argon2 time; checked again under the lock.
  if (!token || !(await validToken(db, token, false))) throw new DomainError("BAD_REQUEST", Msg.resetLinkInvalid);
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const row = await validToken(tx, token, true);
    if (!row) throw new DomainError("BAD_REQUEST", Msg.resetLinkInvalid);
    if (row.suspendedAt) throw new DomainError("FORBIDDEN", Msg.accountSuspended);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    await tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(eq(passwordResetTokens.id, row.id));
    await tx
      .delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.userId, row.userId),
          isNull(passwordResetTokens.usedAt),
          ne(passwordResetTokens.id, row.id),
        ),
      );
    // Publishes member.changed: every process closes the account's sockets.
    await invalidateUserSessions(tx, row.userId);
    // Devices that signed in with the old password no longer escape the lockout.
    await revokeDeviceCookies(tx, row.userId);
    // Whoever proved the mailbox may sign in at once, even after failed guesses.
    await tx.delete(rateLimitHits).where(eq(rateLimitHits.key, `signin:${row.email}`));
    await logSecurityEvent(tx, {
      type: "password_reset_completed",
      userId: row.userId,
      ip,
      details: { sentBy: row.sentBy },
    });
    return { userId: row.userId };
  });
}

/** Deletes reset links that expired more than a day ago (housekeeping). */
export async function pruneResetTokens(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}
