/**
 * The audit log (docs/architecture.md "Security model"; ASVS 5.0 V16.2.1, V16.3.2, V16.4.2):
 * reading `security_events`, which `logSecurityEvent` and `logAdminAction` append to and a
 * trigger keeps append-only. Admins read every event with filters; a member reads their own
 * events of the types `MEMBER_VISIBLE` marks, without the admin behind an admin's action.
 */
import { and, count, desc, eq, gte, ilike, inArray, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { AUDIT_MINE_PAGE_SIZE, AUDIT_PAGE_SIZE, type auditListInput } from "../../common/audit";
import type { SecurityEventType } from "../auth/security-events";
import type { DbOrTx } from "../db/client";
import { profiles, securityEvents, users } from "../db/schema";
import { containsPattern, nameMatches } from "./members";

/**
 * Whether a member sees events of this type about their own account in "Security activity":
 * sign-ins, sign-outs, their password, e-mail, second factors, passkeys and data exports, and
 * a reset link an admin sent them. Admins' decisions and notes (approval, suspension with its
 * reason, roles, content work) stay internal. Typed over the whole union, so a new type cannot
 * be added without deciding.
 */
export const MEMBER_VISIBLE = {
  login_successful: true,
  login_failed: true,
  login_rate_limited: true,
  login_error: false,
  session_refreshed: false,
  session_timeout: false,
  sign_out: true,
  sign_up: true,
  sign_up_rate_limited: false,
  approval_changed: false,
  admin_granted: false,
  admin_revoked: false,
  password_changed: true,
  email_change_requested: true,
  email_changed: true,
  account_suspended: false,
  account_reinstated: false,
  password_reset_requested: true,
  password_reset_sent: true,
  password_reset_completed: true,
  content_created: false,
  content_activated: false,
  content_deactivated: false,
  content_deleted: false,
  service_reviewed: false,
  knowledge_reviewed: false,
  library_item_unpublished: false,
  qa_created: false,
  qa_updated: false,
  qa_declined: false,
  qa_deleted: false,
  contact_read: false,
  contact_replied: false,
  contact_handled: false,
  contact_reopened: false,
  contact_deleted: false,
  login_new_device: true,
  totp_enabled: true,
  totp_disabled: true,
  recovery_code_used: true,
  recovery_codes_regenerated: true,
  second_factor_failed: true,
  second_factor_reset: true,
  passkey_added: true,
  passkey_removed: true,
  login_passkey: true,
  data_export_requested: true,
  data_export_ready: true,
  data_export_by_admin: true,
  account_deleted: false,
  account_deleted_by_admin: false,
} satisfies Record<SecurityEventType, boolean>;

/** The types of `MEMBER_VISIBLE` marked visible. */
export const MEMBER_VISIBLE_TYPES = (Object.keys(MEMBER_VISIBLE) as SecurityEventType[]).filter(
  (type) => MEMBER_VISIBLE[type],
);

const actorProfile = alias(profiles, "actor_profile");
const targetProfile = alias(profiles, "target_profile");
const targetUser = alias(users, "target_user");
const actorUser = alias(users, "actor_user");

/** Start of UTC day `day` ("YYYY-MM-DD"), or of the day after it. */
function dayStart(day: string, plusDays = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + plusDays * 86_400_000);
}

/** What a page of events shows of an event's JSON details: all but the bookkeeping keys. */
function shownDetails(details: Record<string, unknown>): Record<string, unknown> {
  const { timestamp: _timestamp, by: _by, ...rest } = details;
  return rest;
}

/**
 * One page of every event, newest first (by time, then id), for the admins' audit log, with
 * the actor (the admin who acted; null for a member's own or an anonymous event) and the
 * target (the member it is about), each with name and e-mail (null for an account without a
 * profile or a removed one). Also the admins who appear as actors, by name, for the actor filter.
 * Filters: see `auditListInput`.
 */
export async function listAuditEvents(db: DbOrTx, input: z.output<typeof auditListInput>) {
  const where: SQL[] = [];
  if (input.actorId) where.push(eq(securityEvents.actorId, input.actorId));
  if (input.targetId) where.push(eq(securityEvents.userId, input.targetId));
  if (input.target) {
    where.push(
      or(
        nameMatches(sql`${targetProfile.name}`, input.target),
        ilike(targetUser.email, containsPattern(input.target)),
      ) as SQL,
    );
  }
  if (input.type) where.push(eq(securityEvents.eventType, input.type));
  if (input.from) where.push(gte(securityEvents.createdAt, dayStart(input.from)));
  if (input.to) where.push(lt(securityEvents.createdAt, dayStart(input.to, 1)));
  const condition = where.length ? and(...where) : undefined;
  const [rows, totals, actors] = await Promise.all([
    db
      .select({
        id: securityEvents.id,
        type: securityEvents.eventType,
        createdAt: securityEvents.createdAt,
        ip: securityEvents.ip,
        details: securityEvents.eventDetails,
        actorId: securityEvents.actorId,
        actorName: actorProfile.name,
        actorEmail: actorUser.email,
        targetId: securityEvents.userId,
        targetName: targetProfile.name,
        targetEmail: targetUser.email,
      })
      .from(securityEvents)
      .leftJoin(actorProfile, eq(actorProfile.userId, securityEvents.actorId))
      .leftJoin(actorUser, eq(actorUser.id, securityEvents.actorId))
      .leftJoin(targetProfile, eq(targetProfile.userId, securityEvents.userId))
      .leftJoin(targetUser, eq(targetUser.id, securityEvents.userId))
      .where(condition)
      .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((input.page - 1) * AUDIT_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(securityEvents)
      .leftJoin(targetProfile, eq(targetProfile.userId, securityEvents.userId))
      .leftJoin(targetUser, eq(targetUser.id, securityEvents.userId))
      .where(condition),
    db
      .selectDistinct({ id: securityEvents.actorId, name: actorProfile.name })
      .from(securityEvents)
      .innerJoin(actorProfile, eq(actorProfile.userId, securityEvents.actorId))
      .where(isNotNull(securityEvents.actorId))
      .orderBy(actorProfile.name),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type as SecurityEventType,
      createdAt: r.createdAt,
      ip: r.ip,
      details: shownDetails(r.details),
      actor: r.actorId ? { id: r.actorId, name: r.actorName, email: r.actorEmail } : null,
      target: r.targetId ? { id: r.targetId, name: r.targetName, email: r.targetEmail } : null,
    })),
    total: totals[0]?.n ?? 0,
    page: input.page,
    pageSize: AUDIT_PAGE_SIZE,
    actors: actors.flatMap((a) => (a.id ? [{ id: a.id, name: a.name }] : [])),
  };
}

/**
 * One page of `userId`'s own security activity, newest first: events about their account of
 * the `MEMBER_VISIBLE` types, with time, type and IP. An event an admin caused (a reset link
 * sent) shows no IP: it would be the admin's.
 */
export async function listOwnSecurityEvents(db: DbOrTx, userId: string, page: number) {
  const condition = and(eq(securityEvents.userId, userId), inArray(securityEvents.eventType, MEMBER_VISIBLE_TYPES));
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: securityEvents.id,
        type: securityEvents.eventType,
        createdAt: securityEvents.createdAt,
        ip: securityEvents.ip,
        actorId: securityEvents.actorId,
      })
      .from(securityEvents)
      .where(condition)
      .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(AUDIT_MINE_PAGE_SIZE)
      .offset((page - 1) * AUDIT_MINE_PAGE_SIZE),
    db.select({ n: count() }).from(securityEvents).where(condition),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type as SecurityEventType,
      createdAt: r.createdAt,
      ip: r.actorId && r.actorId !== userId ? null : r.ip,
    })),
    total: totals[0]?.n ?? 0,
    page,
    pageSize: AUDIT_MINE_PAGE_SIZE,
  };
}
