import { Trans, useLingui } from "@lingui/react/macro";
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCircleCheck, IconCircleX, IconClockHour4 } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { ApprovalStatus } from "../../../common/constants";
import { formatNumber } from "../../i18n";

const LOOK: Record<ApprovalStatus, { color: string; icon: ReactNode; label: ReactNode }> = {
  pending: { color: "yellow", icon: <IconClockHour4 size={20} />, label: <Trans>Pending</Trans> },
  approved: { color: "teal", icon: <IconCircleCheck size={20} />, label: <Trans>Approved</Trans> },
  rejected: { color: "red", icon: <IconCircleX size={20} />, label: <Trans>Rejected</Trans> },
};

/** Pending, approved and rejected counters of the admin inbox (spec part 2 §2). */
export function Counters({ counts }: { counts: Record<ApprovalStatus, number> | undefined }) {
  const { i18n } = useLingui();
  return (
    <SimpleGrid cols={3} spacing={{ base: "xs", sm: "md" }} data-testid="inbox-counters">
      {(["pending", "approved", "rejected"] as const).map((status) => {
        const { color, icon, label } = LOOK[status];
        return (
          <Card key={status} withBorder radius="lg" p={{ base: "xs", sm: "md" }} data-testid={`count-${status}`}>
            <Group gap="sm" wrap="nowrap" align="center">
              <ThemeIcon color={color} variant="light" size={40} radius="md" aria-hidden visibleFrom="sm">
                {icon}
              </ThemeIcon>
              <Stack gap={0} style={{ minWidth: 0 }}>
                {counts ? (
                  <Text fw={700} fz={{ base: "lg", sm: "xl" }} lh={1.2} c={`${color}.8`} data-testid="count-value">
                    {formatNumber(counts[status], i18n.locale)}
                  </Text>
                ) : (
                  <Skeleton h={24} w={40} my={2} />
                )}
                <Text size="sm" c="dimmed" truncate>
                  {label}
                </Text>
              </Stack>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
