/**
 * Dashboard (spec part 2 §2), first cut: welcome banner with name and tier, the member's real
 * points and tier, and the admin card. Further cards arrive with their features.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconCoins, IconUserCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { TierBadge } from "../../components/TierBadge";
import { formatNumber } from "../../i18n";
import { useTRPC } from "../../trpc";
import { useSession } from "../session/useSession";

export function DashboardPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const { data: session } = useSession();
  const viewer = session?.viewer;
  const pending = useQuery({ ...trpc.approval.pendingCount.queryOptions(), enabled: !!viewer?.isAdmin });
  if (!viewer) return null;

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Card withBorder radius="lg" p="lg" bg="teal.0">
        <Group justify="space-between" wrap="wrap">
          <Group wrap="nowrap">
            <Avatar size="lg" radius="xl" color="teal" name={viewer.name} />
            <div>
              <Title order={2} data-testid="welcome">
                <Trans>Welcome, {viewer.name}</Trans>
              </Title>
              <Text c="dimmed" size="sm">
                <Trans>Synergy for export</Trans>
              </Text>
            </div>
          </Group>
          <TierBadge tier={viewer.tier} size="xl" />
        </Group>
      </Card>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        <Card withBorder radius="lg" p="lg">
          <Group justify="space-between">
            <Text c="dimmed" size="sm">
              <Trans>Points</Trans>
            </Text>
            <IconCoins size={20} aria-hidden />
          </Group>
          <Text fz={32} fw={700} data-testid="dashboard-points">
            {formatNumber(viewer.points)}
          </Text>
          <Text size="xs" c="dimmed">
            <Trans>Earn points by sharing knowledge and answering members' requests.</Trans>
          </Text>
        </Card>

        {viewer.isAdmin && (
          <Card withBorder radius="lg" p="lg">
            <Group justify="space-between">
              <Text c="dimmed" size="sm">
                <Trans>Pending applications</Trans>
              </Text>
              <IconUserCheck size={20} aria-hidden />
            </Group>
            <Text fz={32} fw={700}>
              {pending.data === undefined ? "…" : formatNumber(pending.data)}
            </Text>
            <Button component={Link} to="/admin/approvals" variant="light" mt="xs" aria-label={t`Review applications`}>
              <Trans>Review applications</Trans>
            </Button>
          </Card>
        )}
      </SimpleGrid>
    </Stack>
  );
}
