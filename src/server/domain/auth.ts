/**
 * Sign-up and sign-in (spec part 1 §3, §4, §5, §7, §8; DESIGN.md §4, §8.3).
 */
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { signInInput, signUpInput } from "../../common/auth";
import { type Locale, RATE_LIMITS } from "../../common/constants";
import { Msg } from "../../common/messages";
import { SECOND_FACTOR_METHODS, type SecondFactorMethod } from "../../common/secondFactor";
import { findTrustedDevice, issueDeviceCookie, touchDeviceCookie } from "../auth/device-cookie";
import { hasSecondFactor } from "../auth/factors";
import { finishPasskeyAuthentication, type RelyingParty } from "../auth/passkeys";
import { hashPassword, verifyDummy, verifyPassword } from "../auth/password";
import { createPendingSignIn } from "../auth/pendingSignIn";
import { hitRateLimits, refundRateLimit } from "../auth/rate-limit";
import { logSecurityEvent } from "../auth/security-events";
import { createSession } from "../auth/session";
import type { Db } from "../db/client";
import { emailChangeRequests, profiles, userRoles, users } from "../db/schema";
import { publish } from "../live/events";
import { adminRoleRevoked, issueAddressConfirmation } from "./account";
import { recordActiveDay } from "./analytics";
import { DomainError, tooManyRequests } from "./errors";

type SignUp = z.output<typeof signUpInput>;
type SignIn = z.output<typeof signInInput>;

/**
 * Creates a pending applicant (spec part 1 §4). The account whose e-mail equals `adminEmail`
 * stays a pending applicant too, but is sent a confirmation link (`issueAddressConfirmation`):
 * opening it, signed in as that account, grants admin and approves it (DESIGN.md §4, issue #10
 * §6), so nobody becomes admin without proving the mailbox.
 * @throws DomainError TOO_MANY_REQUESTS 'Please wait 5 minutes before trying again.' after 3
 *   attempts for one e-mail within 5 minutes, 'Too many attempts. Please try again later.' after
 *   20 attempts from one IP address within an hour; CONFLICT when the e-mail is taken.
 */
export async function signUp(
  db: Db,
  input: SignUp,
  opts: { adminEmail?: string; ip?: string | null; origin: string },
): Promise<{ userId: string; approvalStatus: "pending"; adminConfirmationSent: boolean }> {
  const perEmail = `signup:${input.email}`;
  const limit = await hitRateLimits(db, [
    { key: perEmail, ...RATE_LIMITS.signUp },
    ...(opts.ip ? [{ key: `signup-ip:${opts.ip}`, ...RATE_LIMITS.signUpPerIp }] : []),
  ]);
  if (!limit.allowed) {
    const scope = limit.refusedBy === perEmail ? "email" : "ip";
    await logSecurityEvent(db, { type: "sign_up_rate_limited", ip: opts.ip, details: { email: input.email, scope } });
    throw tooManyRequests(scope === "email" ? Msg.signUpWait : Msg.tooManyAttempts, limit.delaySeconds);
  }
  const passwordHash = await hashPassword(input.password);
  const isBootstrapAdmin = opts.adminEmail !== undefined && opts.adminEmail === input.email;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({ email: input.email, passwordHash, locale: input.locale ?? null })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const user = inserted[0];
    if (!user) throw new DomainError("CONFLICT", Msg.emailTaken);
    await tx.insert(profiles).values({
      userId: user.id,
      name: input.name,
      activities: [input.activity],
      userType: input.userType,
      referralCode: input.referralCode ?? null,
      approvalStatus: "pending",
    });
    await logSecurityEvent(tx, { type: "sign_up", userId: user.id, ip: opts.ip });
    if (isBootstrapAdmin) {
      await issueAddressConfirmation(tx, {
        userId: user.id,
        email: input.email,
        name: input.name,
        locale: input.locale ?? "en",
        origin: opts.origin,
      });
    }
    await publish(tx, { type: "applicants.changed" });
    return { userId: user.id, approvalStatus: "pending" as const, adminConfirmationSent: isBootstrapAdmin };
  });
}

/**
 * Checks the login rate limits, then the password. Without a valid device cookie of the account
 * among `deviceTokens`: 5 failed sign-ins per 15 minutes per e-mail and 20 per 15 minutes per IP
 * address across e-mails. With one: 5 failed sign-ins per 15 minutes for that device cookie
 * alone, so the account's lockout never refuses the owner's browser, and its failures lock only
 * itself (auth/device-cookie.ts; ASVS 5.0 V6.1.1, V6.3.1). A successful sign-in does not count.
 * Unknown e-mail and wrong password take the same time and give the same answer. Logs
 * login_rate_limited or login_failed. With the right password: for an account with a second
 * factor, a pending sign-in that waits for the second step (no session; docs/architecture.md
 * "Security model", ASVS V6.3.3); otherwise `startSession`.
 * @throws DomainError TOO_MANY_REQUESTS with the wait (the client shows 'Too many login attempts.
 *   Please try again in N minute(s).'); UNAUTHORIZED 'Invalid email or password' for unknown
 *   e-mail and wrong password alike; FORBIDDEN when suspended.
 */
export async function signIn(
  db: Db,
  input: SignIn,
  opts: { ip?: string | null; adminEmail?: string; origin?: string; deviceTokens?: readonly string[] },
): Promise<SessionStart | SecondStepRequired> {
  const device = opts.deviceTokens?.length
    ? await findTrustedDevice(db, opts.deviceTokens, { email: input.email })
    : null;
  // Recorded before the password is checked (so parallel guesses all count) and refunded when
  // the sign-in succeeds: only failed sign-ins count.
  const perEmail = `signin:${input.email}`;
  const perDevice = device ? `signin-device:${device.id}` : null;
  const limit = await hitRateLimits(
    db,
    perDevice
      ? [{ key: perDevice, ...RATE_LIMITS.signInPerDevice }]
      : [
          { key: perEmail, ...RATE_LIMITS.signIn },
          ...(opts.ip ? [{ key: `signin-ip:${opts.ip}`, ...RATE_LIMITS.signInPerIp }] : []),
        ],
  );
  const deviceDetails = device ? { device: device.id } : {};
  if (!limit.allowed) {
    await logSecurityEvent(db, {
      type: "login_rate_limited",
      ip: opts.ip,
      details: {
        email: input.email,
        delaySeconds: limit.delaySeconds,
        scope: limit.refusedBy === perDevice ? "device" : limit.refusedBy === perEmail ? "email" : "ip",
        ...deviceDetails,
      },
    });
    throw tooManyRequests(Msg.loginRateLimited, limit.delaySeconds);
  }
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  if (!user) {
    await verifyDummy(input.password);
    await logSecurityEvent(db, { type: "login_failed", ip: opts.ip, details: { email: input.email } });
    throw new DomainError("UNAUTHORIZED", Msg.invalidCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await logSecurityEvent(db, { type: "login_failed", userId: user.id, ip: opts.ip, details: deviceDetails });
    throw new DomainError("UNAUTHORIZED", Msg.invalidCredentials);
  }
  if (user.suspendedAt) {
    await logSecurityEvent(db, {
      type: "login_failed",
      userId: user.id,
      ip: opts.ip,
      details: { suspended: true, ...deviceDetails },
    });
    throw new DomainError("FORBIDDEN", Msg.accountSuspended);
  }
  await refundRateLimit(db, limit.hitIds);
  if (await hasSecondFactor(db, user.id)) {
    // No session yet: the second step (domain/secondFactor.ts) makes it (ASVS V6.3.3).
    const pending = await createPendingSignIn(db, user.id);
    return {
      kind: "second_step",
      pendingToken: pending.token,
      expiresAt: pending.expiresAt,
      methods: [...SECOND_FACTOR_METHODS],
    };
  }
  return startSession(db, user.id, opts);
}

/** A sign-in that made its session: the cookie's token, the member and when it began. */
export interface SessionStart {
  kind: "session";
  token: string;
  userId: string;
  createdAt: Date;
  /** The device cookie token to put first in the browser's cookie (a new one, or the one it signed in with). */
  deviceToken: string;
}

/** A sign-in whose password was right and that waits for its second step (no session yet). */
export interface SecondStepRequired {
  kind: "second_step";
  /** The pending sign-in's token, for its httpOnly cookie. */
  pendingToken: string;
  expiresAt: Date;
  methods: SecondFactorMethod[];
}

/**
 * The end of every successful sign-in — password alone, password and second step, or passkey:
 * creates the session, records the active day, logs login_successful (with the second factor
 * used, if any) or login_passkey and, when the browser held no valid device cookie of the account among
 * `deviceTokens`, issues one and logs login_new_device (auth/device-cookie.ts); for the
 * `ADMIN_EMAIL` account not yet admin, mails a new confirmation link when none is pending.
 * Returns the session's token and the device cookie token to put first in the browser's cookie.
 */
export async function startSession(
  db: Db,
  userId: string,
  opts: {
    ip?: string | null;
    adminEmail?: string;
    origin?: string;
    secondFactor?: SecondFactorMethod;
    deviceTokens?: readonly string[];
    /** `login_passkey` for a sign-in with a passkey; `login_successful` otherwise. */
    event?: "login_successful" | "login_passkey";
    details?: Record<string, unknown>;
  },
): Promise<SessionStart> {
  const device = opts.deviceTokens?.length ? await findTrustedDevice(db, opts.deviceTokens, { userId }) : null;
  const { token, session } = await createSession(db, userId);
  await db.transaction((tx) => recordActiveDay(tx, userId, session.createdAt));
  const event = opts.event ?? "login_successful";
  const details = {
    ...opts.details,
    ...(opts.secondFactor ? { secondFactor: opts.secondFactor } : {}),
    ...(device ? { device: device.id } : {}),
  };
  let deviceToken: string;
  if (device) {
    await touchDeviceCookie(db, device.id, session.createdAt);
    deviceToken = opts.deviceTokens?.find((t) => t.startsWith(`${device.id}.`)) ?? "";
    await logSecurityEvent(db, { type: event, userId, ip: opts.ip, details });
  } else {
    deviceToken = await db.transaction(async (tx) => {
      const issued = await issueDeviceCookie(tx, userId, session.createdAt);
      await logSecurityEvent(tx, { type: event, userId, ip: opts.ip, details });
      await logSecurityEvent(tx, { type: "login_new_device", userId, ip: opts.ip });
      return issued;
    });
  }
  if (opts.adminEmail !== undefined && opts.origin) {
    const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (account?.email === opts.adminEmail) await resendAdminConfirmation(db, userId, account.email, opts.origin);
  }
  return { kind: "session", token, userId, createdAt: session.createdAt, deviceToken };
}

/**
 * Signs in without a password (docs/architecture.md "Passkeys"): verifies the assertion against
 * the challenge of the browser's flow cookie (`finishPasskeyAuthentication`), then follows the
 * password sign-in from the point where the password was found right: a suspended account is
 * refused, anyone else (pending and rejected applicants included, as with a password) gets a
 * session. Logs login_failed (`method: passkey`) or login_passkey.
 * @throws DomainError UNAUTHORIZED 'This passkey was not accepted…' (any verification failure);
 *   FORBIDDEN when suspended.
 */
export async function signInWithPasskey(
  db: Db,
  rp: RelyingParty,
  flowKey: string | undefined,
  response: AuthenticationResponseJSON,
  opts: { ip?: string | null; adminEmail?: string; origin?: string; deviceTokens?: readonly string[] },
): Promise<SessionStart> {
  let proven: { userId: string; passkeyId: string };
  try {
    proven = await finishPasskeyAuthentication(db, rp, flowKey, response);
  } catch (err) {
    if (err instanceof DomainError) {
      await logSecurityEvent(db, { type: "login_failed", ip: opts.ip, details: { method: "passkey" } });
    }
    throw err;
  }
  const [user] = await db
    .select({ id: users.id, email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, proven.userId))
    .limit(1);
  if (!user) throw new DomainError("UNAUTHORIZED", Msg.passkeyNotAccepted);
  if (user.suspendedAt) {
    await logSecurityEvent(db, {
      type: "login_failed",
      userId: user.id,
      ip: opts.ip,
      details: { suspended: true, method: "passkey" },
    });
    throw new DomainError("FORBIDDEN", Msg.accountSuspended);
  }
  return startSession(db, user.id, { ...opts, event: "login_passkey", details: { passkeyId: proven.passkeyId } });
}

/**
 * For the `ADMIN_EMAIL` account that is not admin yet, has no valid link pending (it expired
 * unopened, say) and has never had the role removed by an admin (`adminRoleRevoked`): mails a
 * new one. Called on its successful sign-in, so at most one link is valid at a time.
 */
async function resendAdminConfirmation(db: Db, userId: string, email: string, origin: string): Promise<void> {
  await db.transaction(async (tx) => {
    // One sign-in at a time decides, so two at once do not send two links.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`admin-confirm:${userId}`}, 0))`);
    const [state] = await tx
      .select({
        name: profiles.name,
        locale: users.locale,
        isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId}::uuid and ${userRoles.role} = 'admin')`,
        linkPending: sql<boolean>`exists (select 1 from ${emailChangeRequests} where ${emailChangeRequests.userId} = ${userId}::uuid and ${emailChangeRequests.newEmail} = ${email} and ${emailChangeRequests.consumedAt} is null and ${emailChangeRequests.expiresAt} > now())`,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId));
    if (!state || state.isAdmin || state.linkPending || (await adminRoleRevoked(tx, userId))) return;
    await issueAddressConfirmation(tx, {
      userId,
      email,
      name: state.name,
      locale: (state.locale ?? "en") as Locale,
      origin,
    });
  });
}
