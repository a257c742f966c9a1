/**
 * Security event log (spec part 1 §7 log_security_event). Event types used: login_successful,
 * login_failed, login_rate_limited, login_error, session_refreshed, session_timeout, sign_out,
 * sign_up, approval_changed, admin_granted, and the password reset's password_reset_requested
 * (a link asked for, known address or not), password_reset_sent (by an admin) and
 * password_reset_completed; login_new_device: a sign-in that succeeded from a browser without a
 * valid device cookie of the account (auth/device-cookie.ts), with the IP it came from; a member's
 * rights over their data: data_export_requested, data_export_ready, data_export_by_admin,
 * account_deleted and account_deleted_by_admin (domain/myData.ts); the second factor's
 * totp_enabled, totp_disabled, recovery_codes_regenerated, recovery_code_used,
 * second_factor_failed (a wrong or rate-limited code at sign-in, enrolment, removal or
 * regeneration) and second_factor_reset (by an admin); the passkeys' passkey_added,
 * passkey_removed and login_passkey (a sign-in with a passkey instead of a password;
 * docs/architecture.md "Passkeys"); and every admin action
 * (`logAdminAction`, with the admin as actor).
 * A new type needs a label (src/client/features/audit/eventLabels.ts) and a member visibility
 * (src/server/domain/audit.ts); both are typed over this union, so typecheck asks for them.
 */
import type { DbOrTx } from "../db/client";
import { securityEvents } from "../db/schema";

export type SecurityEventType =
  | "login_successful"
  /** A successful sign-in from a browser that held no device cookie of the account. */
  | "login_new_device"
  | "login_failed"
  | "login_rate_limited"
  | "login_error"
  | "session_refreshed"
  | "session_timeout"
  | "sign_out"
  | "sign_up"
  | "sign_up_rate_limited"
  | "approval_changed"
  | "admin_granted"
  | "admin_revoked"
  | "password_changed"
  | "email_change_requested"
  | "email_changed"
  | "account_suspended"
  | "account_reinstated"
  | "password_reset_requested"
  | "password_reset_sent"
  | "password_reset_completed"
  // Admin actions on content and members' submissions (logAdminAction).
  | "content_created"
  | "content_activated"
  | "content_deactivated"
  | "content_deleted"
  | "service_reviewed"
  | "knowledge_reviewed"
  | "library_item_unpublished"
  | "qa_created"
  | "qa_updated"
  | "qa_declined"
  | "qa_deleted"
  | "contact_read"
  | "contact_replied"
  | "contact_handled"
  | "contact_reopened"
  | "contact_deleted"
  // Second factors, passkeys, members' data and account deletion.
  | "totp_enabled"
  | "totp_disabled"
  | "recovery_code_used"
  | "recovery_codes_regenerated"
  | "second_factor_failed"
  | "second_factor_reset"
  | "passkey_added"
  | "passkey_removed"
  | "login_passkey"
  | "data_export_requested"
  | "data_export_ready"
  | "data_export_by_admin"
  | "account_deleted"
  | "account_deleted_by_admin";

/**
 * Who performs an admin action and from where: the admin's user id and the request's IP
 * (`ctx.ip`, the client address as the proxy list resolves it). ASVS 5.0 V16.2.1.
 */
export interface AdminActor {
  id: string;
  ip: string | null;
}

/** The actor of a tRPC context's admin procedure (`adminProcedure` guarantees the viewer). */
export function adminActorOf(ctx: { viewer: { id: string }; ip: string | null }): AdminActor {
  return { id: ctx.viewer.id, ip: ctx.ip };
}

/**
 * Appends one event (the table is append-only, docs/architecture.md "Security model"); details
 * are stored as JSON with an ISO `timestamp` added. `userId` is the account the event is about;
 * `actorId` the admin who caused it (defaults to a string `details.by`, the older way of naming
 * the admin, so callers written that way still fill the column).
 */
export async function logSecurityEvent(
  db: DbOrTx,
  event: {
    type: SecurityEventType;
    userId?: string | null;
    actorId?: string | null;
    ip?: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  const by = event.details?.by;
  await db.insert(securityEvents).values({
    eventType: event.type,
    userId: event.userId ?? null,
    actorId: event.actorId ?? (typeof by === "string" ? by : null),
    ip: event.ip ?? null,
    eventDetails: { timestamp: new Date().toISOString(), ...event.details },
  });
}

/**
 * Records an admin action (ASVS 5.0 V16.2.1, V16.3.2): once, with the admin as actor, the
 * member it concerns as `targetId` (null when it concerns no member, e.g. a landing video) and
 * the admin's IP. Call it inside the transaction of the change, so the row exists exactly when
 * the change does. `src/server/trpc/audit.test.ts` calls every admin procedure and checks its row.
 */
export async function logAdminAction(
  db: DbOrTx,
  actor: AdminActor,
  event: { type: SecurityEventType; targetId?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await logSecurityEvent(db, {
    type: event.type,
    userId: event.targetId ?? null,
    actorId: actor.id,
    ip: actor.ip,
    details: event.details,
  });
}
