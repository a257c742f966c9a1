/**
 * Dashboard community cards (spec part 2 §2; DESIGN.md §8.1, §8.5: real data, not the sample
 * figures): requests left this month (∞ for Gold), active members, the viewer's all-time rank,
 * recent club activity with relative times, and this month's top five.
 *
 * `DashboardCards` renders them all; the single cards are exported for other arrangements.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  type MantineColor,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  useDirection,
} from "@mantine/core";
import {
  IconArrowLeft,
  IconArrowRight,
  IconHeartHandshake,
  IconHelpCircle,
  IconSend,
  IconShare,
  IconTrophy,
  IconUsers,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ComponentType, ReactNode } from "react";
import { TierBadge } from "../../components/TierBadge";
import { formatDateTime, formatNumber } from "../../i18n";
import { formatRelativeTime, useNow } from "../../lib/time";
import { useTRPC } from "../../trpc";
import { type RankedMember, RankMedal } from "../leaderboard";
import { UpgradeButton } from "../points";
import { useSession } from "../session";

export function DashboardCards() {
  return (
    <Stack gap="md" data-testid="community-cards">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        <RequestsLeftCard />
        <ActiveMembersCard />
        <RankCard />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <RecentActivityCard />
        <MonthlyLeaderboardCard />
      </SimpleGrid>
    </Stack>
  );
}

function StatCard({
  label,
  icon,
  loading,
  value,
  caption,
  footer,
  testId,
}: {
  label: ReactNode;
  icon: ReactNode;
  loading: boolean;
  value: ReactNode;
  caption?: ReactNode;
  footer?: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="lg" p="lg" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap">
        <Text c="dimmed" size="sm">
          {label}
        </Text>
        {icon}
      </Group>
      {loading ? (
        <Stack gap={8} mt={8} aria-busy>
          <Skeleton h={32} w="40%" />
          <Skeleton h={12} w="70%" />
        </Stack>
      ) : (
        <>
          <Text fz={32} fw={700} lh={1.3} data-testid={`${testId}-value`}>
            {value}
          </Text>
          {caption && (
            <Text size="xs" c="dimmed">
              {caption}
            </Text>
          )}
        </>
      )}
      {footer && <Box mt="sm">{footer}</Box>}
    </Card>
  );
}

/** Requests left this month, ∞ for Gold (DESIGN.md §8.9). */
export function RequestsLeftCard() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const quota = useQuery(trpc.help.quota.queryOptions());
  const { data: session } = useSession();
  const tier = session?.viewer.tier;
  const q = quota.data;
  const unlimited = q !== undefined && (q.limit === null || q.remaining === null);
  const limit = formatNumber(q?.limit ?? 0, i18n.locale);
  const out = q !== undefined && q.remaining === 0;
  return (
    <StatCard
      testId="requests-left"
      label={<Trans>Requests left this month</Trans>}
      icon={<IconSend size={20} aria-hidden />}
      loading={quota.isPending}
      value={
        quota.isError ? (
          "—"
        ) : unlimited ? (
          <span title={t`Unlimited`}>∞</span>
        ) : (
          formatNumber(q?.remaining ?? 0, i18n.locale)
        )
      }
      caption={
        quota.isError ? (
          <Trans>Could not load</Trans>
        ) : unlimited ? (
          <Trans>Unlimited requests with Gold</Trans>
        ) : (
          <Trans>of {limit} this month</Trans>
        )
      }
      footer={
        out && tier !== "gold" ? (
          <UpgradeButton size="xs" variant="light">
            <Trans>Upgrade for more</Trans>
          </UpgradeButton>
        ) : (
          <Anchor component={Link} to="/request" size="sm">
            <Trans>Request Help</Trans>
          </Anchor>
        )
      }
    />
  );
}

/** Approved members active in the last 30 days, of all approved members. */
export function ActiveMembersCard() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const counts = useQuery(trpc.dashboard.memberCounts.queryOptions());
  const total = formatNumber(counts.data?.total ?? 0, i18n.locale);
  return (
    <StatCard
      testId="active-members"
      label={<Trans>Active members</Trans>}
      icon={<IconUsers size={20} aria-hidden />}
      loading={counts.isPending}
      value={counts.isError ? "—" : formatNumber(counts.data?.active ?? 0, i18n.locale)}
      caption={
        counts.isError ? <Trans>Could not load</Trans> : <Trans>of {total} members, active in the last 30 days</Trans>
      }
    />
  );
}

/** The viewer's all-time rank by points. */
export function RankCard() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const board = useQuery(trpc.leaderboard.list.queryOptions({ period: "allTime", limit: 5 }));
  const counts = useQuery(trpc.dashboard.memberCounts.queryOptions());
  const me = board.data?.me ?? null;
  const rank = me ? formatNumber(me.rank, i18n.locale) : null;
  const total = counts.data ? formatNumber(counts.data.total, i18n.locale) : null;
  return (
    <StatCard
      testId="my-rank"
      label={<Trans>Your rank</Trans>}
      icon={<IconTrophy size={20} aria-hidden />}
      loading={board.isPending}
      value={board.isError || !rank ? "—" : <Trans>#{rank}</Trans>}
      caption={
        board.isError ? (
          <Trans>Could not load</Trans>
        ) : total ? (
          <Trans>of {total} members, by all-time points</Trans>
        ) : (
          <Trans>by all-time points</Trans>
        )
      }
      footer={
        <Anchor size="sm" renderRoot={(props) => <Link to="/leaderboard" search={{ period: "allTime" }} {...props} />}>
          <Trans>View leaderboard</Trans>
        </Anchor>
      }
    />
  );
}

type ActivityKind = "shared" | "requested" | "helped";

const ACTIVITY_ICON: Record<ActivityKind, { icon: ComponentType<{ size?: number }>; color: MantineColor }> = {
  shared: { icon: IconShare, color: "teal" },
  requested: { icon: IconHelpCircle, color: "blue" },
  helped: { icon: IconHeartHandshake, color: "pink" },
};

interface ActivityRow {
  kind: ActivityKind;
  name: string;
  userId: string;
  targetId: number;
  ownRequest: boolean;
  subject: string;
}

/** "<member> shared knowledge", the member's name linking to their page (issue #13 §1). */
function ActivityLine({ row }: { row: ActivityRow }) {
  const name = (
    <Anchor
      renderRoot={(props) => <Link to="/members/$userId" params={{ userId: row.userId }} {...props} />}
      inherit
      fw={600}
      underline="always"
      data-testid="activity-member-link"
    >
      <bdi>{row.name}</bdi>
    </Anchor>
  );
  if (row.kind === "shared") return <Trans>{name} shared knowledge</Trans>;
  if (row.kind === "requested") return <Trans>{name} asked for help</Trans>;
  return <Trans>{name} helped a member</Trans>;
}

/**
 * The subject, linking to what it names: the library item of a share; for a request or an
 * answer, the viewer's Offers received when the request is theirs, else the received requests
 * (where a request routed to them is listed). An answer to someone else's request stays text.
 */
function ActivitySubject({ row }: { row: ActivityRow }) {
  const text = (
    <Text size="xs" c="dimmed" truncate dir="auto">
      {row.subject}
    </Text>
  );
  const link = (render: (props: Record<string, unknown>) => ReactNode) => (
    <Anchor
      renderRoot={render}
      size="xs"
      c="dimmed"
      td="underline"
      truncate
      dir="auto"
      display="block"
      data-testid="activity-link"
    >
      {row.subject}
    </Anchor>
  );
  if (row.kind === "shared") {
    return link((props) => <Link to="/knowledge/$itemId" params={{ itemId: String(row.targetId) }} {...props} />);
  }
  if (row.ownRequest) return link((props) => <Link to="/offers/received" {...props} />);
  if (row.kind === "requested") return link((props) => <Link to="/member-request/received" {...props} />);
  return text;
}

/** The latest shares, requests and answers in the club, newest first. */
export function RecentActivityCard() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const activity = useQuery(trpc.dashboard.recentActivity.queryOptions());
  const now = useNow();
  const rows = activity.data ?? [];
  return (
    <Card withBorder radius="lg" p="lg" data-testid="recent-activity">
      <Title order={2} size="h4" mb="sm">
        <Trans>Recent activity</Trans>
      </Title>
      {activity.isPending && (
        <Stack gap="sm" aria-busy>
          {[0, 1, 2, 3].map((i) => (
            <Group key={i} wrap="nowrap" gap="sm">
              <Skeleton circle h={32} />
              <Box style={{ flex: 1 }}>
                <Skeleton h={12} w="70%" />
                <Skeleton h={10} w="40%" mt={6} />
              </Box>
            </Group>
          ))}
        </Stack>
      )}
      {activity.isError && (
        <Text size="sm" c="dimmed">
          <Trans>Could not load the recent activity.</Trans>
        </Text>
      )}
      {activity.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="recent-activity-empty">
          <Trans>No activity yet. Share knowledge or ask for help to get things going.</Trans>
        </Text>
      )}
      {activity.isSuccess && rows.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {rows.map((row) => {
            const { icon: Icon, color } = ACTIVITY_ICON[row.kind];
            return (
              <Group
                key={`${row.kind}-${String(row.at)}-${row.name}`}
                component="li"
                wrap="nowrap"
                gap="sm"
                align="flex-start"
                data-testid="activity-item"
                data-kind={row.kind}
              >
                <ThemeIcon variant="light" color={color} radius="xl" size={32}>
                  <Icon size={16} />
                </ThemeIcon>
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    <ActivityLine row={row} />
                  </Text>
                  {row.subject && <ActivitySubject row={row} />}
                </Box>
                <Text
                  component="time"
                  dateTime={new Date(row.at).toISOString()}
                  title={formatDateTime(row.at, i18n.locale)}
                  size="xs"
                  c="dimmed"
                  style={{ flexShrink: 0, whiteSpace: "nowrap" }}
                >
                  {formatRelativeTime(row.at, i18n.locale, { now })}
                </Text>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

/** This month's top five: rank, name, tier and points; links to the full leaderboard. */
export function MonthlyLeaderboardCard() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const board = useQuery(trpc.leaderboard.list.queryOptions({ period: "month", limit: 5 }));
  const { data: session } = useSession();
  const viewerId = session?.viewer.id;
  const top = (board.data?.top ?? []) as RankedMember[];
  return (
    <Card withBorder radius="lg" p="lg" data-testid="monthly-leaderboard">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4">
          <Trans>Monthly leaderboard</Trans>
        </Title>
        <IconTrophy size={20} aria-hidden />
      </Group>
      {board.isPending && (
        <Stack gap="sm" aria-busy>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={28} />
          ))}
        </Stack>
      )}
      {board.isError && (
        <Text size="sm" c="dimmed">
          <Trans>Could not load the leaderboard.</Trans>
        </Text>
      )}
      {board.isSuccess && top.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="monthly-leaderboard-empty">
          <Trans>No points earned yet this month</Trans>
        </Text>
      )}
      {board.isSuccess && top.length > 0 && (
        <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: "none" }} aria-label={t`Top members this month`}>
          {top.map((row) => {
            const isMe = row.userId === viewerId;
            return (
              <Group
                key={row.userId}
                component="li"
                wrap="nowrap"
                gap="sm"
                px={6}
                py={4}
                bg={isMe ? "teal.0" : undefined}
                style={{ borderRadius: "var(--mantine-radius-md)" }}
                aria-current={isMe ? "true" : undefined}
                data-testid="monthly-leaderboard-row"
              >
                <RankMedal rank={row.rank} size={28} />
                <Text size="sm" fw={isMe ? 700 : 500} truncate style={{ flex: 1, minWidth: 0 }}>
                  {row.name}
                </Text>
                <TierBadge tier={row.tier} size="xs" />
                <Text size="sm" fw={700} ta="end" miw={56} style={{ fontVariantNumeric: "tabular-nums" }}>
                  {formatNumber(row.points, i18n.locale)}
                </Text>
              </Group>
            );
          })}
        </Stack>
      )}
      <Button
        component={Link}
        to="/leaderboard"
        variant="subtle"
        size="compact-sm"
        mt="sm"
        rightSection={<DirectionalArrow />}
      >
        <Trans>View full leaderboard</Trans>
      </Button>
    </Card>
  );
}

/** An arrow pointing to the end side in either direction. */
function DirectionalArrow() {
  const { dir } = useDirection();
  const Arrow = dir === "rtl" ? IconArrowLeft : IconArrowRight;
  return <Arrow size={14} aria-hidden />;
}
