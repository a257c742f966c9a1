/**
 * Member administration (admin only): every account with its standing, suspension,
 * reinstatement, the admin role and a password reset link (issue #11 §3), each audited.
 */
import { and, asc, count, desc, eq, ilike, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { ADMIN_MEMBERS_PAGE_SIZE, type adminMembersInput } from "../../common/adminMembers";
import type { Locale } from "../../common/constants";
import { Msg } from "../../common/messages";
import { type AdminActor, logAdminAction } from "../auth/security-events";
import { invalidateUserSessions } from "../auth/session";
import type { Db, DbOrTx } from "../db/client";
import { pendingSignIns, profiles, recoveryCodes, totpCredentials, userRoles, users } from "../db/schema";
import { publish } from "../live/events";
import { enqueueMail } from "../mail/outbox";
import { secondFactorResetMail } from "../mail/templates";
import { DomainError } from "./errors";
import { containsPattern, nameMatches } from "./members";
import { issuePasswordReset } from "./passwordReset";

const isAdminSql = sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`;

/** Every account for the admin, newest first, with state, role, standing and last activity. */
export async function listAccounts(db: DbOrTx, input: z.output<typeof adminMembersInput>) {
  const where: SQL[] = [];
  if (input.search) {
    where.push(or(nameMatches(profiles.name, input.search), ilike(users.email, containsPattern(input.search))) as SQL);
  }
  if (input.status === "suspended") where.push(isNotNull(users.suspendedAt));
  else if (input.status) where.push(eq(profiles.approvalStatus, input.status));
  if (input.role === "admin") where.push(isAdminSql);
  if (input.role === "member") where.push(sql`not ${isAdminSql}`);
  const condition = where.length ? and(...where) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({
        userId: users.id,
        email: users.email,
        name: profiles.name,
        activities: profiles.activities,
        approvalStatus: profiles.approvalStatus,
        tier: profiles.tier,
        points: profiles.points,
        isAdmin: isAdminSql,
        appliedAt: profiles.appliedAt,
        lastActiveAt: users.lastActiveAt,
        suspendedAt: users.suspendedAt,
        suspendedReason: users.suspendedReason,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(condition)
      .orderBy(desc(profiles.appliedAt), asc(users.id))
      .limit(ADMIN_MEMBERS_PAGE_SIZE)
      .offset((input.page - 1) * ADMIN_MEMBERS_PAGE_SIZE),
    db.select({ n: count() }).from(users).innerJoin(profiles, eq(profiles.userId, users.id)).where(condition),
  ]);
  return {
    items: rows.map((r) => ({ ...r, isAdmin: Boolean(r.isAdmin) })),
    total: totals[0]?.n ?? 0,
    page: input.page,
    pageSize: ADMIN_MEMBERS_PAGE_SIZE,
  };
}

function refuseSelf(adminId: string, userId: string) {
  if (adminId === userId) throw new DomainError("BAD_REQUEST", Msg.cannotChangeOwnRole);
}

/** Locks the account row and returns its state. @throws NOT_FOUND */
async function requireAccount(tx: DbOrTx, userId: string) {
  const [row] = await tx
    .select({ suspendedAt: users.suspendedAt, approvalStatus: profiles.approvalStatus, isAdmin: isAdminSql })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .for("update", { of: users });
  if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
  return { ...row, isAdmin: Boolean(row.isAdmin) };
}

/** Suspends an account: every session ends at once and sign-in is refused until reinstated. */
export async function suspendAccount(db: Db, actor: AdminActor, input: { userId: string; reason: string }) {
  refuseSelf(actor.id, input.userId);
  await db.transaction(async (tx) => {
    await requireAccount(tx, input.userId);
    await tx
      .update(users)
      .set({ suspendedAt: new Date(), suspendedReason: input.reason })
      .where(eq(users.id, input.userId));
    await invalidateUserSessions(tx, input.userId);
    await logAdminAction(tx, actor, {
      type: "account_suspended",
      targetId: input.userId,
      details: { reason: input.reason },
    });
    await publish(tx, { type: "member.changed", userIds: [input.userId] });
  });
}

export async function reinstateAccount(db: Db, actor: AdminActor, userId: string) {
  refuseSelf(actor.id, userId);
  await db.transaction(async (tx) => {
    const account = await requireAccount(tx, userId);
    if (!account.suspendedAt) throw new DomainError("CONFLICT", Msg.notSuspended);
    await tx.update(users).set({ suspendedAt: null, suspendedReason: null }).where(eq(users.id, userId));
    await logAdminAction(tx, actor, { type: "account_reinstated", targetId: userId });
    await publish(tx, { type: "member.changed", userIds: [userId] });
  });
}

/** Grants or revokes the admin role (never one's own). */
export async function setAdminRole(db: Db, actor: AdminActor, input: { userId: string; admin: boolean }) {
  refuseSelf(actor.id, input.userId);
  await db.transaction(async (tx) => {
    const account = await requireAccount(tx, input.userId);
    if (account.isAdmin === input.admin) return;
    if (input.admin && (account.approvalStatus !== "approved" || account.suspendedAt)) {
      throw new DomainError("BAD_REQUEST", Msg.adminNeedsApprovedMember);
    }
    if (input.admin) {
      await tx
        .insert(userRoles)
        .values({ userId: input.userId, role: "admin", grantedBy: actor.id })
        .onConflictDoNothing();
      await logAdminAction(tx, actor, { type: "admin_granted", targetId: input.userId });
    } else {
      await tx.delete(userRoles).where(and(eq(userRoles.userId, input.userId), eq(userRoles.role, "admin")));
      await logAdminAction(tx, actor, { type: "admin_revoked", targetId: input.userId });
    }
    await publish(tx, { type: "member.changed", userIds: [input.userId] });
  });
}

/**
 * Mails the member a password reset link (issue #11 §3), in their language: the same link as
 * "Forgot password?" (30 minutes, once; it replaces their unused links). Nothing else changes
 * until they use it. Logs `password_reset_sent` with the admin as actor.
 * @throws NOT_FOUND; CONFLICT 'This account is suspended. Reinstate it before…'.
 */
export async function sendPasswordResetLink(db: Db, actor: AdminActor, userId: string, origin: string) {
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: users.email, name: profiles.name, locale: users.locale, suspendedAt: users.suspendedAt })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId))
      .for("no key update", { of: users });
    if (!account) throw new DomainError("NOT_FOUND", Msg.notFound);
    if (account.suspendedAt) throw new DomainError("CONFLICT", Msg.resetAccountSuspended);
    await issuePasswordReset(tx, {
      userId,
      email: account.email,
      name: account.name,
      locale: (account.locale ?? "en") as Locale,
      origin,
      sentBy: actor.id,
    });
    await logAdminAction(tx, actor, { type: "password_reset_sent", targetId: userId });
  });
}

/**
 * Resets the member's two-step sign-in when they lost their factor (docs/architecture.md
 * "Security model", "Recovery"): removes the authenticator, its recovery codes and any pending
 * sign-in, ends every session of theirs, mails them in their language and logs
 * `second_factor_reset` with the admin, all in one transaction. An admin cannot reset their own.
 * @throws DomainError NOT_FOUND; BAD_REQUEST 'You cannot reset your own two-step sign-in…'.
 */
export async function resetSecondFactor(db: Db, actor: AdminActor, userId: string) {
  if (actor.id === userId) throw new DomainError("BAD_REQUEST", Msg.cannotResetOwnSecondFactor);
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: users.email, name: profiles.name, locale: users.locale })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId))
      .for("no key update", { of: users });
    if (!account) throw new DomainError("NOT_FOUND", Msg.notFound);
    const removed = await tx
      .delete(totpCredentials)
      .where(eq(totpCredentials.userId, userId))
      .returning({ confirmedAt: totpCredentials.confirmedAt });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
    await invalidateUserSessions(tx, userId);
    const locale = (account.locale ?? "en") as Locale;
    await enqueueMail(tx, {
      to: account.email,
      kind: `second-factor-reset:${userId}`,
      locale,
      content: secondFactorResetMail(locale, { name: account.name }),
    });
    await logAdminAction(tx, actor, {
      type: "second_factor_reset",
      targetId: userId,
      details: { totp: removed.some((r) => r.confirmedAt !== null) },
    });
  });
}
