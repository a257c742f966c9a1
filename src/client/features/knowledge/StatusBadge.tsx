import { useLingui } from "@lingui/react/macro";
import { Badge, type BadgeProps } from "@mantine/core";
import { IconCircleCheck, IconCircleX, IconClockHour4 } from "@tabler/icons-react";
import type { ApprovalStatus } from "../../../common/constants";
import { APPROVAL_STATUS_LABELS } from "../../lib/labels";

const LOOK: Record<ApprovalStatus, { color: string; Icon: typeof IconClockHour4 }> = {
  pending: { color: "yellow", Icon: IconClockHour4 },
  approved: { color: "teal", Icon: IconCircleCheck },
  rejected: { color: "red", Icon: IconCircleX },
};

/** A knowledge submission's review state: Pending (yellow), Approved (teal), Rejected (red). */
export function StatusBadge({ status, ...props }: { status: ApprovalStatus } & Omit<BadgeProps, "color">) {
  const { i18n } = useLingui();
  const { color, Icon } = LOOK[status];
  return (
    <Badge
      color={color}
      variant="light"
      leftSection={<Icon size={12} aria-hidden />}
      data-testid="status-badge"
      data-status={status}
      {...props}
    >
      {i18n._(APPROVAL_STATUS_LABELS[status])}
    </Badge>
  );
}
