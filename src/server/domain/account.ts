/**
 * Password and e-mail changes (spec part 2 §2, §4, §8; DESIGN.md §8.10, issue #3 §3).
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, gt, isNull } from "drizzle-orm";
import { type Locale, RATE_LIMITS } from "../../common/constants";
import { Msg } from "../../common/messages";
import { hashPassword, verifyPassword } from "../auth/password";
import { hitRateLimit, refundRateLimit } from "../auth/rate-limit";
import { logSecurityEvent } from "../auth/security-events";
import { invalidateUserSessions } from "../auth/session";
import type { Db, DbOrTx, Tx } from "../db/client";
import { emailChangeRequests, profiles, userRoles, users } from "../db/schema";
import { publish } from "../live/events";
import { enqueueMail } from "../mail/outbox";
import { adminConfirmMail, emailChangeMail, type MailContent } from "../mail/templates";
import { DomainError, tooManyRequests } from "./errors";

/** E-mail confirmation links last 24 hours. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Checks the current password, at most 5 wrong tries per 15 minutes per account (like sign-in),
 * so a borrowed session cannot guess it.
 * @throws TOO_MANY_REQUESTS; BAD_REQUEST 'Your current password is incorrect.'
 */
export async function requireCurrentPassword(db: Db, userId: string, password: string) {
  const limit = await hitRateLimit(db, `password-check:${userId}`, RATE_LIMITS.signIn);
  if (!limit.allowed) {
    throw tooManyRequests(Msg.tooManyAttempts, limit.delaySeconds);
  }
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    throw new DomainError("BAD_REQUEST", Msg.currentPasswordWrong);
  }
  // Only wrong passwords count, as for sign-in.
  await refundRateLimit(db, limit.hitIds);
  return user;
}

function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/**
 * Changes the password after checking the current one, and ends every other session.
 * @throws BAD_REQUEST 'Your current password is incorrect.'
 */
export async function changePassword(
  db: Db,
  viewer: { id: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
  ip: string | null,
): Promise<void> {
  await requireCurrentPassword(db, viewer.id, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, viewer.id));
    await invalidateUserSessions(tx, viewer.id, viewer.sessionId);
    await logSecurityEvent(tx, { type: "password_changed", userId: viewer.id, ip });
  });
}

/**
 * Sends a confirmation link to `newEmail`; the address changes only when it is opened. The mail
 * is in `input.locale`, the language of the page that asked (the account's saved language only
 * when the caller did not say).
 * @throws BAD_REQUEST (wrong password, same address), CONFLICT (address taken).
 */
export async function requestEmailChange(
  db: Db,
  viewer: { id: string; name: string; locale: Locale | null },
  input: { newEmail: string; currentPassword: string; locale?: Locale },
  opts: { origin: string; ip: string | null },
): Promise<void> {
  const user = await requireCurrentPassword(db, viewer.id, input.currentPassword);
  if (user.email === input.newEmail) throw new DomainError("BAD_REQUEST", Msg.sameEmail);
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.newEmail)).limit(1);
  if (taken) throw new DomainError("CONFLICT", Msg.emailTaken);
  const locale = input.locale ?? viewer.locale ?? "en";
  await db.transaction(async (tx) => {
    await issueEmailLink(tx, {
      userId: viewer.id,
      email: input.newEmail,
      kind: `email-change:${viewer.id}`,
      locale,
      origin: opts.origin,
      mail: (confirmUrl) => emailChangeMail(locale, { name: viewer.name, confirmUrl }),
    });
    await logSecurityEvent(tx, {
      type: "email_change_requested",
      userId: viewer.id,
      ip: opts.ip,
      details: { newEmail: input.newEmail },
    });
  });
}

/** A new random link token (20 bytes, base32). */
function newToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * Sends the `ADMIN_EMAIL` account a link that confirms its current address (issue #10 §6): a
 * row of `email_change_requests` whose new address is the account's own, and a mail in the
 * outbox, in the caller's transaction. `confirmEmailChange` grants admin when it is opened.
 */
export async function issueAddressConfirmation(
  tx: DbOrTx,
  m: { userId: string; email: string; name: string; locale: Locale; origin: string },
): Promise<void> {
  await issueEmailLink(tx, {
    ...m,
    kind: `admin-confirm:${m.userId}`,
    mail: (confirmUrl) => adminConfirmMail(m.locale, { name: m.name, confirmUrl }),
  });
}

/**
 * The one way a confirmation link is made: a row of `email_change_requests` for `email` (a new
 * token, valid `EMAIL_CHANGE_TTL_MS`) and its mail in the outbox, both in `tx`; `mail` builds
 * the mail from the link `${origin}/confirm-email?token=…`.
 */
async function issueEmailLink(
  tx: DbOrTx,
  m: {
    userId: string;
    email: string;
    kind: string;
    locale: Locale;
    origin: string;
    mail: (confirmUrl: string) => MailContent;
  },
): Promise<void> {
  const token = newToken();
  await tx.insert(emailChangeRequests).values({
    userId: m.userId,
    newEmail: m.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
  });
  await enqueueMail(tx, {
    to: m.email,
    kind: m.kind,
    locale: m.locale,
    content: m.mail(`${m.origin}/confirm-email?token=${token}`),
  });
}

/**
 * Opens a confirmation link (once, within 24 hours). A link for another address changes the
 * account's e-mail to it. A link for the account's own address (`issueAddressConfirmation`)
 * confirms it; when that address is `adminEmail`, the account — which must be the signed-in
 * viewer, so a link opened by someone else cannot make the account that requested it admin —
 * is granted admin and approved (`adminGranted`).
 * @throws BAD_REQUEST 'This confirmation link is invalid or has expired.'; CONFLICT when the
 *   address was taken meanwhile; UNAUTHORIZED 'Please sign in to continue.' when an admin link
 *   is opened without being signed in as its account (the link stays valid).
 */
export async function confirmEmailChange(
  db: Db,
  token: string,
  ip: string | null,
  opts: { adminEmail?: string; viewerId?: string | null } = {},
): Promise<{ email: string; adminGranted: boolean }> {
  return db.transaction(async (tx) => {
    const [req] = await tx
      .select()
      .from(emailChangeRequests)
      .where(
        and(
          eq(emailChangeRequests.tokenHash, hashToken(token)),
          isNull(emailChangeRequests.consumedAt),
          gt(emailChangeRequests.expiresAt, new Date()),
        ),
      )
      .for("update")
      .limit(1);
    if (!req) throw new DomainError("BAD_REQUEST", Msg.emailLinkInvalid);
    const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, req.userId));
    if (current?.email === req.newEmail) return confirmOwnAddress(tx, req, ip, opts);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, req.newEmail)).limit(1);
    if (taken) throw new DomainError("CONFLICT", Msg.emailTaken);
    const [old] = await tx.select({ email: users.email }).from(users).where(eq(users.id, req.userId));
    await tx.update(users).set({ email: req.newEmail }).where(eq(users.id, req.userId));
    await tx
      .update(emailChangeRequests)
      .set({ consumedAt: new Date() })
      .where(and(eq(emailChangeRequests.userId, req.userId), isNull(emailChangeRequests.consumedAt)));
    await logSecurityEvent(tx, {
      type: "email_changed",
      userId: req.userId,
      ip,
      details: { from: old?.email, to: req.newEmail },
    });
    // Open sockets and subscriptions of the member read the new address.
    await publish(tx, { type: "member.changed", userIds: [req.userId] });
    return { email: req.newEmail, adminGranted: false };
  });
}

/** `confirmEmailChange` for a link that confirms the account's own address. */
async function confirmOwnAddress(
  tx: Tx,
  req: { id: number; userId: string; newEmail: string },
  ip: string | null,
  opts: { adminEmail?: string; viewerId?: string | null },
): Promise<{ email: string; adminGranted: boolean }> {
  const forAdmin = opts.adminEmail !== undefined && opts.adminEmail === req.newEmail;
  if (forAdmin && opts.viewerId !== req.userId) throw new DomainError("UNAUTHORIZED", Msg.signInRequired);
  await tx.update(emailChangeRequests).set({ consumedAt: new Date() }).where(eq(emailChangeRequests.id, req.id));
  if (!forAdmin) return { email: req.newEmail, adminGranted: false };
  await tx.insert(userRoles).values({ userId: req.userId, role: "admin" }).onConflictDoNothing();
  await tx
    .update(profiles)
    .set({ approvalStatus: "approved", reviewedAt: new Date() })
    .where(eq(profiles.userId, req.userId));
  await logSecurityEvent(tx, {
    type: "admin_granted",
    userId: req.userId,
    ip,
    details: { via: "ADMIN_EMAIL", confirmed: true },
  });
  await publish(tx, { type: "applicants.changed" });
  await publish(tx, { type: "member.changed", userIds: [req.userId] });
  return { email: req.newEmail, adminGranted: true };
}
