/**
 * The audit log's event types in words (docs/architecture.md "Security model"): one label per
 * type of `security_events`, typed over the server's union so a new type without a label fails
 * typecheck. Used by the admins' audit log and the member's Security activity.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SecurityEventType } from "../../../server/auth/security-events";

export type { SecurityEventType };

export const AUDIT_EVENT_LABELS = {
  login_successful: msg`Signed in`,
  login_failed: msg`Failed sign-in`,
  login_rate_limited: msg`Sign-in blocked after too many attempts`,
  login_error: msg`Sign-in error`,
  session_refreshed: msg`Session extended`,
  session_timeout: msg`Session timed out`,
  sign_out: msg`Signed out`,
  sign_up: msg`Signed up`,
  sign_up_rate_limited: msg`Sign-up blocked after too many attempts`,
  approval_changed: msg`Application reviewed`,
  admin_granted: msg`Admin role granted`,
  admin_revoked: msg`Admin role revoked`,
  password_changed: msg`Password changed`,
  email_change_requested: msg`E-mail change requested`,
  email_changed: msg`E-mail changed`,
  account_suspended: msg`Account suspended`,
  account_reinstated: msg`Account reinstated`,
  password_reset_requested: msg`Password reset link requested`,
  password_reset_sent: msg`Password reset link sent by an admin`,
  password_reset_completed: msg`Password reset with a link`,
  content_created: msg`Landing content added`,
  content_activated: msg`Landing content activated`,
  content_deactivated: msg`Landing content deactivated`,
  content_deleted: msg`Landing content deleted`,
  service_reviewed: msg`Service reviewed`,
  knowledge_reviewed: msg`Knowledge submission reviewed`,
  library_item_unpublished: msg`Library item unpublished`,
  qa_created: msg`Q&A item created`,
  qa_updated: msg`Q&A item edited`,
  qa_declined: msg`Member's question declined`,
  qa_deleted: msg`Q&A item deleted`,
  contact_read: msg`Contact message read`,
  contact_replied: msg`Contact message answered`,
  contact_handled: msg`Contact message marked handled`,
  contact_reopened: msg`Contact message reopened`,
  contact_deleted: msg`Contact message deleted`,
  login_new_device: msg`Signed in from a new device`,
  totp_enabled: msg`Authenticator app added`,
  totp_disabled: msg`Authenticator app removed`,
  recovery_code_used: msg`Recovery code used`,
  recovery_codes_regenerated: msg`New recovery codes made`,
  second_factor_failed: msg`Wrong second-factor code`,
  second_factor_reset: msg`Second factor reset by an admin`,
  passkey_added: msg`Passkey added`,
  passkey_removed: msg`Passkey removed`,
  login_passkey: msg`Signed in with a passkey`,
  data_export_requested: msg`Copy of the data requested`,
  data_export_ready: msg`Copy of the data ready`,
  data_export_by_admin: msg`Copy of the data made by an admin`,
  account_deleted: msg`Account deleted`,
  account_deleted_by_admin: msg`Account deleted by an admin`,
} satisfies Record<SecurityEventType, MessageDescriptor>;

/** Every event type, in the order of the labels above (the type filter's options). */
export const AUDIT_EVENT_TYPES = Object.keys(AUDIT_EVENT_LABELS) as SecurityEventType[];

/** The label of a stored type; a type this client does not know yet shows as stored. */
export function auditEventLabel(type: string): MessageDescriptor | null {
  return (AUDIT_EVENT_LABELS as Record<string, MessageDescriptor>)[type] ?? null;
}
