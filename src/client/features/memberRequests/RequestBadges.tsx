import { useLingui } from "@lingui/react/macro";
import { Badge, Group } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { RequestType, Urgency } from "../../../common/memberRequests";
import { REQUEST_TYPE_LABELS, URGENCY_LABELS } from "../../lib/labels";
import { activityLine } from "./options";

/** Urgency (urgent in red), the request type and, when present, "Activity - Sub-activity". */
export function RequestBadges({
  urgency,
  requestType,
  activityType,
  subActivity,
}: {
  urgency?: Urgency;
  /** Null on posts outside the membership area (ADR 16). */
  requestType: RequestType | null;
  activityType: string | null;
  subActivity: string | null;
}) {
  const { i18n } = useLingui();
  const activity = activityLine(i18n, activityType, subActivity);
  return (
    <Group gap={6}>
      {urgency && (
        <Badge
          color={urgency === "urgent" ? "red" : "gray"}
          variant={urgency === "urgent" ? "filled" : "light"}
          leftSection={urgency === "urgent" ? <IconAlertCircle size={12} aria-hidden /> : undefined}
          data-testid="urgency-badge"
        >
          {i18n._(URGENCY_LABELS[urgency])}
        </Badge>
      )}
      {requestType && (
        <Badge color="teal" variant="light" data-testid="type-badge">
          {i18n._(REQUEST_TYPE_LABELS[requestType])}
        </Badge>
      )}
      {activity && (
        <Badge
          color="indigo"
          variant="outline"
          tt="none"
          maw="100%"
          styles={{ label: { whiteSpace: "normal", overflow: "visible" } }}
          h="auto"
          py={2}
        >
          {activity}
        </Badge>
      )}
    </Group>
  );
}
