/**
 * Leaderboard `/leaderboard` (spec part 2 §2; DESIGN.md §8.1: real data, not the sample list):
 * members ranked by points this month (points earned since the 1st) or all time (points ever
 * earned: the balance plus what was spent on tiers),
 * with a medal for the top three, their activity, tier and points. The viewer's row is
 * highlighted, or shown as a sticky "Your rank" row when outside the list.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconTrophy } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { LoadError } from "../../components/LoadError";
import { TierBadge } from "../../components/TierBadge";
import { formatNumber } from "../../i18n";
import { useTRPC } from "../../trpc";
import { useSession } from "../session";
import { activitiesText, type RankedMember, RankMedal } from "./parts";

export type LeaderboardPeriod = "month" | "allTime";

/** How many members the page lists. */
const PAGE_LIMIT = 50;

export function LeaderboardPage({
  period,
  onPeriodChange,
}: {
  period: LeaderboardPeriod;
  onPeriodChange: (period: LeaderboardPeriod) => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  useDocumentTitle(t`Leaderboard`);
  const { data: session } = useSession();
  const viewerId = session?.viewer.id;
  const board = useQuery(trpc.leaderboard.list.queryOptions({ period, limit: PAGE_LIMIT }));
  const top = (board.data?.top ?? []) as RankedMember[];
  const me = (board.data?.me ?? null) as RankedMember | null;
  const meListed = me !== null && top.some((r) => r.userId === me.userId);

  return (
    <Stack maw={860} mx="auto" gap="md" pb="xl">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" color="yellow">
            <IconTrophy size={26} aria-hidden />
          </ThemeIcon>
          <div>
            <Title order={1} size="h2">
              <Trans>Leaderboard</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              {period === "month" ? (
                <Trans>Points earned this month by sharing knowledge and helping members.</Trans>
              ) : (
                <Trans>Members by all the points they have earned, including points spent on tiers.</Trans>
              )}
            </Text>
          </div>
        </Group>
        <SegmentedControl
          value={period}
          onChange={(value) => onPeriodChange(value as LeaderboardPeriod)}
          data={[
            { value: "month", label: t`This month` },
            { value: "allTime", label: t`All time` },
          ]}
          aria-label={t`Leaderboard period`}
          data-testid="leaderboard-period"
        />
      </Group>

      {board.isPending && <LeaderboardSkeleton />}

      {board.isError && (
        <LoadError title={t`Failed to load the leaderboard`} error={board.error} onRetry={() => void board.refetch()} />
      )}

      {board.isSuccess && top.length === 0 && (
        <Card withBorder radius="lg" p="xl" data-testid="leaderboard-empty">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" color="gray">
              <IconTrophy size={30} aria-hidden />
            </ThemeIcon>
            <Text fw={600}>
              {period === "month" ? (
                <Trans>No points earned yet this month</Trans>
              ) : (
                <Trans>No members on the leaderboard yet</Trans>
              )}
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>Share knowledge or answer members' requests to be the first.</Trans>
            </Text>
            <Group gap="sm" mt="xs">
              <Button component={Link} to="/share" variant="light" size="xs">
                <Trans>Share Knowledge</Trans>
              </Button>
              <Button component={Link} to="/member-request/received" variant="default" size="xs">
                <Trans>Received requests</Trans>
              </Button>
            </Group>
          </Stack>
        </Card>
      )}

      {board.isSuccess && top.length > 0 && (
        <Stack gap={6} component="ol" aria-label={t`Ranking`} p={0} m={0} style={{ listStyle: "none" }}>
          {top.map((row) => (
            <LeaderboardRow key={row.userId} row={row} isMe={row.userId === viewerId} />
          ))}
        </Stack>
      )}

      {board.isSuccess && me && !meListed && (
        <Box
          style={{ position: "sticky", bottom: "var(--mantine-spacing-md)", zIndex: 2 }}
          data-testid="my-rank-sticky"
        >
          <Text size="xs" fw={700} c="teal.8" tt="uppercase" mb={4}>
            <Trans>Your rank</Trans>
          </Text>
          <LeaderboardRow row={me} isMe elevated />
        </Box>
      )}

      {board.isSuccess && top.length > 0 && !me && period === "month" && (
        <Text size="sm" c="dimmed" ta="center" data-testid="my-rank-none">
          <Trans>You have not earned points this month yet.</Trans>
        </Text>
      )}
    </Stack>
  );
}

function LeaderboardRow({ row, isMe, elevated }: { row: RankedMember; isMe: boolean; elevated?: boolean }) {
  const { i18n } = useLingui();
  const points = formatNumber(row.points, i18n.locale);
  const activities = activitiesText(i18n, row.activities);
  return (
    <Paper
      component={elevated ? "div" : "li"}
      withBorder
      radius="md"
      px={{ base: "sm", sm: "md" }}
      py="sm"
      shadow={elevated ? "md" : undefined}
      bg={isMe ? "teal.0" : undefined}
      style={isMe ? { borderColor: "var(--mantine-color-teal-5)" } : undefined}
      aria-current={isMe ? "true" : undefined}
      data-testid={isMe ? "leaderboard-row-me" : "leaderboard-row"}
    >
      <Group wrap="nowrap" gap="sm">
        <RankMedal rank={row.rank} />
        <Avatar name={row.name} color="initials" radius="xl" size="md" visibleFrom="xs" />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} truncate>
              {row.name}
            </Text>
            {isMe && (
              <Badge size="xs" variant="filled" color="teal" style={{ flexShrink: 0 }}>
                <Trans>You</Trans>
              </Badge>
            )}
          </Group>
          <Group gap={6} mt={2} wrap="wrap">
            <TierBadge tier={row.tier} size="xs" hiddenFrom="sm" />
            {activities && (
              <Text size="xs" c="dimmed" truncate>
                {activities}
              </Text>
            )}
          </Group>
        </Box>
        <TierBadge tier={row.tier} size="sm" visibleFrom="sm" />
        <Box ta="end" style={{ flexShrink: 0, minWidth: 64 }}>
          <Text fw={700} style={{ fontVariantNumeric: "tabular-nums" }} data-testid="leaderboard-points">
            {points}
          </Text>
          <Text size="xs" c="dimmed">
            <Trans>points</Trans>
          </Text>
        </Box>
      </Group>
    </Paper>
  );
}

function LeaderboardSkeleton() {
  return (
    <Stack gap={6} aria-busy data-testid="leaderboard-loading">
      {[0, 1, 2, 3, 4].map((i) => (
        <Paper key={i} withBorder radius="md" p="sm">
          <Group wrap="nowrap" gap="sm">
            <Skeleton circle h={36} />
            <Box style={{ flex: 1 }}>
              <Skeleton h={14} w="45%" />
              <Skeleton h={10} w="30%" mt={8} />
            </Box>
            <Skeleton h={20} w={56} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
