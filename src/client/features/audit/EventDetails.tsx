/**
 * An audit event in words: its translated label (`AUDIT_EVENT_LABELS`) and, for the admins'
 * audit log, what its stored details say (the decision, the item, the admin's note).
 */
import { useLingui } from "@lingui/react/macro";
import { Text } from "@mantine/core";
import { UserText } from "../../components/UserText";
import { formatNumber } from "../../i18n";
import { APPROVAL_STATUS_LABELS } from "../../lib/labels";
import { auditEventLabel } from "./eventLabels";

/** The event's label; an unknown (newer) type shows as stored. */
export function EventLabel({ type }: { type: string }) {
  const { i18n } = useLingui();
  const label = auditEventLabel(type);
  return (
    <Text size="sm" fw={600} component="span">
      {label ? i18n._(label) : type}
    </Text>
  );
}

function text(details: Record<string, unknown>, key: string): string | null {
  const v = details[key];
  return typeof v === "string" && v !== "" ? v : null;
}

function num(details: Record<string, unknown>, key: string): number | null {
  const v = details[key];
  return typeof v === "number" ? v : null;
}

/** The sentence under an event's label, or nothing when its details say nothing more. */
export function EventDetails({ type, details }: { type: string; details: Record<string, unknown> }) {
  const { t, i18n } = useLingui();
  const decision = text(details, "decision") ?? text(details, "status");
  const decided = decision === "approved" || decision === "rejected" ? i18n._(APPROVAL_STATUS_LABELS[decision]) : null;
  const title = text(details, "title");
  const note = text(details, "note") ?? text(details, "reason");
  const email = text(details, "email");
  const points = num(details, "points");
  const itemId =
    num(details, "submissionId") ?? num(details, "qaId") ?? num(details, "messageId") ?? num(details, "id");
  const kind = text(details, "kind");

  const parts: string[] = [];
  if (kind === "document") parts.push(t`Membership document`);
  if (kind === "video") parts.push(t`Video`);
  if (kind === "pdf") parts.push(t`PDF document`);
  if (itemId !== null && !title) {
    const n = formatNumber(itemId);
    parts.push(
      type.startsWith("contact_") ? t`Message no. ${n}` : type.startsWith("qa_") ? t`Item no. ${n}` : t`No. ${n}`,
    );
  }
  if (decided) parts.push(decided);
  if (points !== null) {
    const p = formatNumber(points);
    parts.push(t`${p} points`);
  }
  if (email) parts.push(t`E-mail: ${email}`);
  if (parts.length === 0 && !title && !note) return null;
  return (
    <>
      {parts.length > 0 && (
        <Text size="xs" c="dimmed">
          {parts.join(" · ")}
        </Text>
      )}
      {title && (
        <UserText size="xs" c="dimmed" preWrap={false}>
          {title}
        </UserText>
      )}
      {note && (
        <UserText size="xs" c="dimmed">
          {t`Note: ${note}`}
        </UserText>
      )}
    </>
  );
}
