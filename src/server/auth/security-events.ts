/**
 * Security event log (spec part 1 §7 log_security_event). Event types used: login_successful,
 * login_failed, login_rate_limited, login_error, session_refreshed, session_timeout, sign_out,
 * sign_up, approval_changed, admin_granted, and the password reset's password_reset_requested
 * (a link asked for, known address or not), password_reset_sent (by an admin) and
 * password_reset_completed, and the passkeys' passkey_added, passkey_removed and login_passkey
 * (a sign-in with a passkey instead of a password; docs/architecture.md "Passkeys").
 */
import type { DbOrTx } from "../db/client";
import { securityEvents } from "../db/schema";

export type SecurityEventType =
  | "login_successful"
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
  | "passkey_added"
  | "passkey_removed"
  | "login_passkey";

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
