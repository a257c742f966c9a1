/**
 * "Your submissions" under the Share Knowledge form: the member's own submissions, newest first,
 * with their review state and the points an approval awarded; a published one links to the
 * library, and an unpublished one shows the admin's note (issue #13 §1).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconCoins } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { LoadError } from "../../components/LoadError";
import { UserText } from "../../components/UserText";
import { factSeparator, formatDate, formatNumber } from "../../i18n";
import { SHARE_TYPE_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";
import { StatusBadge } from "./StatusBadge";

export function MySubmissions() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const mine = useQuery(trpc.knowledge.mine.queryOptions());
  const items = mine.data ?? [];

  return (
    <Stack gap="sm" component="section" aria-labelledby="my-submissions-title" data-testid="my-submissions">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="my-submissions-title">
          <Trans>Your submissions</Trans>
        </Title>
        {mine.isSuccess && items.length > 0 && (
          <Text size="sm" c="dimmed">
            {formatNumber(items.length, i18n.locale)}
          </Text>
        )}
      </Group>

      {mine.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t`Loading your submissions`}>
          {[0, 1, 2].map((i) => (
            <Card key={i} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={6} style={{ flex: 1 }}>
                  <Skeleton h={14} w="60%" />
                  <Skeleton h={10} w="35%" />
                </Stack>
                <Skeleton h={20} w={72} radius="xl" />
              </Group>
            </Card>
          ))}
        </Stack>
      ) : mine.isError ? (
        <LoadError title={t`Failed to load your submissions`} error={mine.error} onRetry={() => void mine.refetch()} />
      ) : items.length === 0 ? (
        <Card withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center" size="sm">
            <Trans>You haven't shared any knowledge yet. Your submissions and their review status appear here.</Trans>
          </Text>
        </Card>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {items.map((s) => (
            <Card key={s.id} component="li" withBorder radius="md" p="sm" data-testid="my-submission">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <UserText fw={600} size="sm" lineClamp={2} preWrap={false}>
                    {s.title}
                  </UserText>
                  <Text size="xs" c="dimmed">
                    {i18n._(SHARE_TYPE_LABELS[s.shareType])}
                    {factSeparator(i18n.locale)}
                    {formatDate(s.createdAt, i18n.locale)}
                  </Text>
                  {s.status === "approved" && !s.unpublishedAt && (
                    <Anchor
                      renderRoot={(props) => (
                        <Link to="/knowledge/$itemId" params={{ itemId: String(s.id) }} {...props} />
                      )}
                      size="xs"
                      data-testid="submission-library-link"
                    >
                      <Trans>View in the library</Trans>
                    </Anchor>
                  )}
                  {s.unpublishedAt && (
                    <Text size="xs" c="red.8" data-testid="unpublish-note">
                      <Trans>
                        Unpublished on {formatDate(s.unpublishedAt, i18n.locale)}. Admin's note:{" "}
                        <bdi>{s.unpublishNote}</bdi>
                      </Trans>
                    </Text>
                  )}
                </Stack>
                <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                  {s.unpublishedAt ? (
                    <Badge color="gray" variant="light" data-testid="unpublished-badge">
                      <Trans>Unpublished</Trans>
                    </Badge>
                  ) : (
                    <StatusBadge status={s.status} />
                  )}
                  {s.status === "approved" && s.pointsAwarded != null && <PointsAwarded points={s.pointsAwarded} />}
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function PointsAwarded({ points }: { points: number }) {
  const { i18n } = useLingui();
  const amount = formatNumber(points, i18n.locale);
  return (
    <Badge
      color="yellow"
      variant="outline"
      leftSection={<IconCoins size={12} aria-hidden />}
      data-testid="points-awarded"
    >
      <Trans>+{amount} points</Trans>
    </Badge>
  );
}
