/**
 * The member directory and member administration (issue #3 §4, §5).
 */
import { TRPCError } from "@trpc/server";
import { and, arrayContains, asc, count, desc, eq, ilike, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  ADMIN_MEMBERS_PAGE_SIZE,
  type adminMembersInput,
  DIRECTORY_PAGE_SIZE,
  type directoryInput,
} from "../../common/members";
import { Msg } from "../../common/messages";
import { logSecurityEvent, type SecurityEventType } from "../auth/security-events";
import { invalidateUserSessions } from "../auth/session";
import type { Db, DbOrTx } from "../db/client";
import { memberResponses, profiles, userRoles, users } from "../db/schema";
import { publish } from "../events";
import { fileUrl } from "../files/uploads";

/** Escapes LIKE wildcards in user text and folds it like `foldedName` (a substring pattern). */
function likePattern(text: string): string {
  return `%${foldPersian(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Persian text typed on Arabic keyboards uses other code points for the same letters: Arabic
 * yeh (U+064A) and alef maksura (U+0649) for Farsi yeh (U+06CC), Arabic kaf (U+0643) for keheh
 * (U+06A9); and the zero-width non-joiner (U+200C) is typed or left out at will. Name search
 * folds both sides so that «علي» finds «علی» and «میخواهم» finds «می‌خواهم».
 */
const ARABIC_LETTERS = "\u064a\u0649\u0643";
const PERSIAN_LETTERS = "\u06cc\u06cc\u06a9";
const ZWNJ = "\u200c";

/** `text` with ZWNJ removed and Arabic yeh/kaf as their Persian forms (same as `foldedName`). */
function foldPersian(text: string): string {
  let out = "";
  for (const ch of text) {
    if (ch === ZWNJ) continue;
    const i = ARABIC_LETTERS.indexOf(ch);
    out += i >= 0 ? PERSIAN_LETTERS[i] : ch;
  }
  return out;
}

/** The SQL counterpart of `foldPersian` for a name column. */
function foldedName(column: SQL | typeof profiles.name): SQL {
  return sql`translate(replace(${column}, ${ZWNJ}, ''), ${ARABIC_LETTERS}, ${PERSIAN_LETTERS})`;
}

const isAdminSql = sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`;

/**
 * Approved, active members matching every given filter, by name, one page at a time. Returns
 * public fields only: never e-mail, phone, WhatsApp, address or attachment.
 */
export async function listDirectory(db: DbOrTx, input: z.output<typeof directoryInput>) {
  const where: SQL[] = [eq(profiles.approvalStatus, "approved"), isNull(users.suspendedAt)];
  if (input.search) where.push(ilike(foldedName(profiles.name), likePattern(input.search)));
  if (input.activity) where.push(arrayContains(profiles.activities, [input.activity]));
  if (input.sector) where.push(arrayContains(profiles.industrialSectors, [input.sector]));
  if (input.country) where.push(arrayContains(profiles.targetCountries, [input.country]));
  if (input.tier) where.push(eq(profiles.tier, input.tier));
  const condition = and(...where);
  const [rows, totals] = await Promise.all([
    db
      .select({
        userId: profiles.userId,
        name: profiles.name,
        photoUploadId: profiles.photoUploadId,
        activities: profiles.activities,
        userType: profiles.userType,
        industrialSectors: profiles.industrialSectors,
        targetCountries: profiles.targetCountries,
        tier: profiles.tier,
        points: profiles.points,
        // Average of the 1–3 star ratings their responses received (spec part 2 §3).
        ratingAverage: sql<
          number | null
        >`(select round(avg(${memberResponses.rating})::numeric, 1)::float8 from ${memberResponses} where ${memberResponses.responderId} = ${profiles.userId} and ${memberResponses.rating} is not null)`,
        ratingCount: sql<number>`(select count(*)::int from ${memberResponses} where ${memberResponses.responderId} = ${profiles.userId} and ${memberResponses.rating} is not null)`,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(condition)
      .orderBy(asc(sql`lower(${profiles.name})`), asc(profiles.userId))
      .limit(DIRECTORY_PAGE_SIZE)
      .offset((input.page - 1) * DIRECTORY_PAGE_SIZE),
    db.select({ n: count() }).from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(condition),
  ]);
  return {
    items: rows.map(({ photoUploadId, ratingAverage, ratingCount, ...r }) => ({
      ...r,
      photoUrl: photoUploadId ? fileUrl(photoUploadId) : null,
      rating: { average: ratingAverage === null ? null : Number(ratingAverage), count: Number(ratingCount) },
    })),
    total: totals[0]?.n ?? 0,
    page: input.page,
    pageSize: DIRECTORY_PAGE_SIZE,
  };
}

/** Every account for the admin, newest first, with state, role, standing and last activity. */
export async function listAccounts(db: DbOrTx, input: z.output<typeof adminMembersInput>) {
  const where: SQL[] = [];
  if (input.search) {
    const p = likePattern(input.search);
    where.push(sql`(${foldedName(profiles.name)} ilike ${p} or ${users.email} ilike ${p})`);
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
  if (adminId === userId) throw new TRPCError({ code: "BAD_REQUEST", message: Msg.cannotChangeOwnRole });
}

/** Locks the account row and returns its state. @throws NOT_FOUND */
async function requireAccount(tx: DbOrTx, userId: string) {
  const [row] = await tx
    .select({ suspendedAt: users.suspendedAt, approvalStatus: profiles.approvalStatus, isAdmin: isAdminSql })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .for("update", { of: users });
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: Msg.notFound });
  return { ...row, isAdmin: Boolean(row.isAdmin) };
}

async function audit(
  tx: DbOrTx,
  type: SecurityEventType,
  userId: string,
  adminId: string,
  details: Record<string, unknown> = {},
) {
  await logSecurityEvent(tx, { type, userId, details: { by: adminId, ...details } });
}

/** Suspends an account: every session ends at once and sign-in is refused until reinstated. */
export async function suspendAccount(db: Db, adminId: string, input: { userId: string; reason: string }) {
  refuseSelf(adminId, input.userId);
  await db.transaction(async (tx) => {
    await requireAccount(tx, input.userId);
    await tx
      .update(users)
      .set({ suspendedAt: new Date(), suspendedReason: input.reason })
      .where(eq(users.id, input.userId));
    await invalidateUserSessions(tx, input.userId);
    await audit(tx, "account_suspended", input.userId, adminId, { reason: input.reason });
    await publish(tx, { type: "member.changed", userIds: [input.userId] });
  });
}

export async function reinstateAccount(db: Db, adminId: string, userId: string) {
  refuseSelf(adminId, userId);
  await db.transaction(async (tx) => {
    const account = await requireAccount(tx, userId);
    if (!account.suspendedAt) throw new TRPCError({ code: "CONFLICT", message: Msg.notSuspended });
    await tx.update(users).set({ suspendedAt: null, suspendedReason: null }).where(eq(users.id, userId));
    await audit(tx, "account_reinstated", userId, adminId);
    await publish(tx, { type: "member.changed", userIds: [userId] });
  });
}

/** Grants or revokes the admin role (never one's own). */
export async function setAdminRole(db: Db, adminId: string, input: { userId: string; admin: boolean }) {
  refuseSelf(adminId, input.userId);
  await db.transaction(async (tx) => {
    const account = await requireAccount(tx, input.userId);
    if (account.isAdmin === input.admin) return;
    if (input.admin && (account.approvalStatus !== "approved" || account.suspendedAt)) {
      throw new TRPCError({ code: "BAD_REQUEST", message: Msg.adminNeedsApprovedMember });
    }
    if (input.admin) {
      await tx
        .insert(userRoles)
        .values({ userId: input.userId, role: "admin", grantedBy: adminId })
        .onConflictDoNothing();
      await audit(tx, "admin_granted", input.userId, adminId);
    } else {
      await tx.delete(userRoles).where(and(eq(userRoles.userId, input.userId), eq(userRoles.role, "admin")));
      await audit(tx, "admin_revoked", input.userId, adminId);
    }
    await publish(tx, { type: "member.changed", userIds: [input.userId] });
  });
}
