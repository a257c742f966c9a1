/**
 * Security event log (spec part 1 §7 log_security_event). Event types used: login_successful,
 * login_failed, login_rate_limited, login_error, session_refreshed, session_timeout, sign_out,
 * sign_up, approval_changed, admin_granted, and the password reset's password_reset_requested
 * (a link asked for, known address or not), password_reset_sent (by an admin) and
 * password_reset_completed; login_new_device: a sign-in that succeeded from a browser without a
 * valid device cookie of the account (auth/device-cookie.ts), with the IP it came from; a member's
 * rights over their data: data_export_requested,
 * data_export_ready, data_export_by_admin, account_deleted and account_deleted_by_admin
 * (domain/myData.ts).
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
  | "data_export_requested"
  | "data_export_ready"
  | "data_export_by_admin"
  | "account_deleted"
  | "account_deleted_by_admin";

/** Appends one event; details are stored as JSON with an ISO `timestamp` added. */
export async function logSecurityEvent(
  db: DbOrTx,
  event: { type: SecurityEventType; userId?: string | null; ip?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(securityEvents).values({
    eventType: event.type,
    userId: event.userId ?? null,
    ip: event.ip ?? null,
    eventDetails: { timestamp: new Date().toISOString(), ...event.details },
  });
}
