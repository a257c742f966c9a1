/**
 * The authenticator app, recovery codes and the second sign-in step (docs/architecture.md
 * "Security model"; ADR 27; ASVS V6.3.3, V6.5.1–V6.5.5, V6.6).
 *
 * - Enrolment: `beginTotpEnrolment` stores a new secret (not yet a factor) and returns it once,
 *   with its `otpauth://` URI; `confirmTotpEnrolment` activates it with a current code and
 *   returns ten recovery codes, shown once (only their hashes are kept).
 * - `regenerateRecoveryCodes` (a code or the password) replaces every code; `disableTotp`
 *   (password and code, or a recovery code) removes the authenticator and its codes.
 * - `completeSecondStep`: the pending sign-in of the browser's cookie, a code, and then the
 *   session, exactly as a sign-in without a second factor makes it (`startSession`).
 *
 * Every code check counts against `RATE_LIMITS.secondFactor` per account and
 * `RATE_LIMITS.secondFactorPerIp` per IP; only wrong codes count. Wrong and refused codes log
 * `second_factor_failed`.
 */
import { and, count, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { RATE_LIMITS } from "../../common/constants";
import { Msg } from "../../common/messages";
import type { disableTotpInput, regenerateRecoveryCodesInput, secondStepInput } from "../../common/secondFactor";
import { verifyPassword } from "../auth/password";
import { lockPendingSignIn } from "../auth/pendingSignIn";
import { hitRateLimits, refundRateLimit } from "../auth/rate-limit";
import { logSecurityEvent } from "../auth/security-events";
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, totpKeyUri } from "../auth/totp";
import type { Db, DbOrTx } from "../db/client";
import { pendingSignIns, recoveryCodes, totpCredentials, users } from "../db/schema";
import { type SessionStart, startSession } from "./auth";
import { DomainError, tooManyRequests } from "./errors";

type Context = "sign_in" | "enrol" | "regenerate" | "disable";

/** Counts one code attempt of `userId`; throws TOO_MANY_REQUESTS (and logs it) when over the limit. */
async function hitCodeLimit(db: Db, userId: string, ip: string | null, context: Context, now: Date) {
  const limit = await hitRateLimits(
    db,
    [
      { key: `second-factor:${userId}`, ...RATE_LIMITS.secondFactor },
      ...(ip ? [{ key: `second-factor-ip:${ip}`, ...RATE_LIMITS.secondFactorPerIp }] : []),
    ],
    now,
  );
  if (!limit.allowed) {
    await logSecurityEvent(db, {
      type: "second_factor_failed",
      userId,
      ip,
      details: { context, reason: "rate_limited", delaySeconds: limit.delaySeconds },
    });
    throw tooManyRequests(Msg.secondFactorRateLimited, limit.delaySeconds);
  }
  return limit.hitIds;
}

async function wrongCode(db: Db, userId: string, ip: string | null, context: Context, method: string): Promise<never> {
  await logSecurityEvent(db, { type: "second_factor_failed", userId, ip, details: { context, method } });
  throw new DomainError(context === "sign_in" ? "UNAUTHORIZED" : "BAD_REQUEST", Msg.secondFactorWrong);
}

/** Replaces every recovery code of `userId` with `RECOVERY_CODE_COUNT` new ones; returns them as shown. */
async function replaceRecoveryCodes(tx: DbOrTx, userId: string, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c), createdAt: now })));
  return codes;
}

/**
 * Checks `code` against the confirmed (or, with `pending`, the unconfirmed) authenticator of
 * `userId` inside `tx`, the row locked; on a match records its step (so it cannot be replayed).
 * Returns whether it matched.
 */
async function spendTotpCode(tx: DbOrTx, userId: string, code: string, now: Date, pending = false): Promise<boolean> {
  const [row] = await tx.select().from(totpCredentials).where(eq(totpCredentials.userId, userId)).for("update");
  if (!row || (row.confirmedAt === null) !== pending) return false;
  const step = matchTotp(row.secret, code, now, row.lastUsedStep);
  if (step === null) return false;
  await tx
    .update(totpCredentials)
    .set({ lastUsedStep: step, ...(pending ? { confirmedAt: now } : {}) })
    .where(eq(totpCredentials.userId, userId));
  return true;
}

/** Uses up one unused recovery code of `userId` inside `tx`; returns whether there was one. */
async function spendRecoveryCode(tx: DbOrTx, userId: string, code: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

async function unusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** What the profile's "Two-step sign-in" section shows. */
export async function secondFactorStatus(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ confirmedAt: totpCredentials.confirmedAt })
    .from(totpCredentials)
    .where(eq(totpCredentials.userId, userId));
  const enabledAt = row?.confirmedAt ?? null;
  return {
    totp: { enabled: enabledAt !== null, enabledAt },
    recoveryCodesLeft: enabledAt ? await unusedRecoveryCodes(db, userId) : 0,
  };
}

/**
 * Starts (or restarts) enrolment: a new secret, not a factor until confirmed. Returns the secret
 * (base32, for typing in) and the `otpauth://` URI (for the QR code); they are not shown again.
 * @throws DomainError CONFLICT 'An authenticator app is already set up…'.
 */
export async function beginTotpEnrolment(db: Db, viewer: { id: string; email: string }, now = new Date()) {
  const secret = newTotpSecret();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ confirmedAt: totpCredentials.confirmedAt })
      .from(totpCredentials)
      .where(eq(totpCredentials.userId, viewer.id))
      .for("update");
    if (row?.confirmedAt) throw new DomainError("CONFLICT", Msg.totpAlreadyEnabled);
    await tx
      .insert(totpCredentials)
      .values({ userId: viewer.id, secret, createdAt: now })
      .onConflictDoUpdate({
        target: totpCredentials.userId,
        set: { secret, createdAt: now, confirmedAt: null, lastUsedStep: null },
      });
  });
  return { secret, keyUri: totpKeyUri(secret, viewer.email) };
}

/**
 * Activates the authenticator being enrolled with a current code (±1 step) and returns the ten
 * recovery codes, once. Logs totp_enabled.
 * @throws DomainError BAD_REQUEST 'This code is not valid…' (logged second_factor_failed),
 *   'Please start setting up… again.' when no enrolment is pending; CONFLICT when already set up;
 *   TOO_MANY_REQUESTS.
 */
export async function confirmTotpEnrolment(
  db: Db,
  userId: string,
  code: string,
  ip: string | null,
  now = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  const [row] = await db
    .select({ confirmedAt: totpCredentials.confirmedAt })
    .from(totpCredentials)
    .where(eq(totpCredentials.userId, userId));
  if (!row) throw new DomainError("BAD_REQUEST", Msg.totpNotStarted);
  if (row.confirmedAt) throw new DomainError("CONFLICT", Msg.totpAlreadyEnabled);
  const hitIds = await hitCodeLimit(db, userId, ip, "enrol", now);
  const codes = await db.transaction(async (tx) => {
    if (!(await spendTotpCode(tx, userId, code, now, true))) return null;
    const codes = await replaceRecoveryCodes(tx, userId, now);
    await logSecurityEvent(tx, { type: "totp_enabled", userId, ip });
    return codes;
  });
  if (!codes) return wrongCode(db, userId, ip, "enrol", "totp");
  await refundRateLimit(db, hitIds);
  return { recoveryCodes: codes };
}

/**
 * New recovery codes for a member with an authenticator, proven by a current code or the
 * password; the old codes stop working. Logs recovery_codes_regenerated.
 * @throws DomainError BAD_REQUEST wrong code or password, or no authenticator; TOO_MANY_REQUESTS.
 */
export async function regenerateRecoveryCodes(
  db: Db,
  userId: string,
  input: z.output<typeof regenerateRecoveryCodesInput>,
  ip: string | null,
  now = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  if (!(await secondFactorStatus(db, userId)).totp.enabled) throw new DomainError("BAD_REQUEST", Msg.totpNotEnabled);
  const hitIds = await hitCodeLimit(db, userId, ip, "regenerate", now);
  if (input.proof === "password" && !(await passwordMatches(db, userId, input.password))) {
    await logSecurityEvent(db, {
      type: "second_factor_failed",
      userId,
      ip,
      details: { context: "regenerate", method: "password" },
    });
    throw new DomainError("BAD_REQUEST", Msg.currentPasswordWrong);
  }
  const codes = await db.transaction(async (tx) => {
    if (input.proof === "totp" && !(await spendTotpCode(tx, userId, input.code, now))) return null;
    const codes = await replaceRecoveryCodes(tx, userId, now);
    await logSecurityEvent(tx, { type: "recovery_codes_regenerated", userId, ip, details: { proof: input.proof } });
    return codes;
  });
  if (!codes) return wrongCode(db, userId, ip, "regenerate", "totp");
  await refundRateLimit(db, hitIds);
  return { recoveryCodes: codes };
}

/**
 * Removes the authenticator and its recovery codes, proven by the password and a current code, or
 * by a recovery code (for a member who lost the phone). Logs totp_disabled.
 * @throws DomainError BAD_REQUEST wrong proof or no authenticator; TOO_MANY_REQUESTS.
 */
export async function disableTotp(
  db: Db,
  userId: string,
  input: z.output<typeof disableTotpInput>,
  ip: string | null,
  now = new Date(),
): Promise<void> {
  if (!(await secondFactorStatus(db, userId)).totp.enabled) throw new DomainError("BAD_REQUEST", Msg.totpNotEnabled);
  const hitIds = await hitCodeLimit(db, userId, ip, "disable", now);
  if (input.proof === "totp" && !(await passwordMatches(db, userId, input.password))) {
    await logSecurityEvent(db, {
      type: "second_factor_failed",
      userId,
      ip,
      details: { context: "disable", method: "password" },
    });
    throw new DomainError("BAD_REQUEST", Msg.currentPasswordWrong);
  }
  const done = await db.transaction(async (tx) => {
    const ok =
      input.proof === "totp"
        ? await spendTotpCode(tx, userId, input.code, now)
        : await spendRecoveryCode(tx, userId, input.code, now);
    if (!ok) return false;
    await tx.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await logSecurityEvent(tx, { type: "totp_disabled", userId, ip, details: { proof: input.proof } });
    return true;
  });
  if (!done) return wrongCode(db, userId, ip, "disable", input.proof);
  await refundRateLimit(db, hitIds);
}

async function passwordMatches(db: DbOrTx, userId: string, password: string): Promise<boolean> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return user ? verifyPassword(user.passwordHash, password) : false;
}

/**
 * The second sign-in step: checks the browser's pending sign-in (`pendingToken`, 5 minutes,
 * once), then the code; on success deletes the pending sign-in and starts the session as a
 * sign-in without a second factor does. A recovery code is used up and logs recovery_code_used.
 * @throws DomainError UNAUTHORIZED 'Your sign-in has expired…' for a missing, expired or used
 *   pending sign-in, 'This code is not valid…' for a wrong or replayed code (the pending sign-in
 *   stays for another try); FORBIDDEN when the account was suspended meanwhile;
 *   TOO_MANY_REQUESTS after `RATE_LIMITS.secondFactor` wrong codes.
 */
export async function completeSecondStep(
  db: Db,
  pendingToken: string | undefined,
  input: z.output<typeof secondStepInput>,
  opts: { ip: string | null; adminEmail?: string; origin?: string; deviceTokens?: readonly string[] },
  now = new Date(),
): Promise<SessionStart> {
  const pending = await lockPendingSignIn(db, pendingToken, now);
  if (!pending) throw new DomainError("UNAUTHORIZED", Msg.pendingSignInExpired);
  const { userId } = pending;
  const hitIds = await hitCodeLimit(db, userId, opts.ip, "sign_in", now);
  const outcome = await db.transaction(async (tx) => {
    // Locked, so two tries at once cannot both use it.
    const current = await lockPendingSignIn(tx, pendingToken, now);
    if (!current) return "expired" as const;
    const [user] = await tx.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId));
    if (!user || user.suspendedAt) return "suspended" as const;
    const ok =
      input.method === "totp"
        ? await spendTotpCode(tx, userId, input.code, now)
        : await spendRecoveryCode(tx, userId, input.code, now);
    if (!ok) return "wrong" as const;
    await tx.delete(pendingSignIns).where(eq(pendingSignIns.id, current.id));
    return "ok" as const;
  });
  if (outcome === "expired") throw new DomainError("UNAUTHORIZED", Msg.pendingSignInExpired);
  if (outcome === "suspended") throw new DomainError("FORBIDDEN", Msg.accountSuspended);
  if (outcome === "wrong") return wrongCode(db, userId, opts.ip, "sign_in", input.method);
  await refundRateLimit(db, hitIds);
  if (input.method === "recovery_code") {
    await logSecurityEvent(db, {
      type: "recovery_code_used",
      userId,
      ip: opts.ip,
      details: { left: await unusedRecoveryCodes(db, userId) },
    });
  }
  return startSession(db, userId, { ...opts, secondFactor: input.method });
}
