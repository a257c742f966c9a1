import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCoins } from "@tabler/icons-react";
import { APPROVAL_POINTS } from "../../../common/inbox";
import { LIKE_POINTS } from "../../../common/library";
import { formatNumber } from "../../i18n";

/**
 * "Share knowledge, earn points" (spec part 2 §2 banner, §9 points). Points are credited only on
 * approval, and the administrator chooses the award (50, 100 or 200): the badge shows that range,
 * never a figure no rule pays (issue #13 §4).
 */
export function PointsBanner() {
  const { i18n } = useLingui();
  const [low, mid, high] = APPROVAL_POINTS.map((p) => formatNumber(p, i18n.locale));
  const like = formatNumber(LIKE_POINTS, i18n.locale);

  return (
    <Card withBorder radius="lg" p={{ base: "md", sm: "lg" }} bg="teal.0" data-testid="points-banner">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={48} radius="xl" color="teal" variant="filled" aria-hidden visibleFrom="xs">
          <IconCoins size={26} />
        </ThemeIcon>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              <Trans>Share knowledge, earn points</Trans>
            </Title>
            <Badge color="teal" variant="filled" size="lg" data-testid="share-points">
              <Trans>
                {low}–{high} points
              </Trans>
            </Badge>
          </Group>
          <Text size="sm">
            <Trans>
              Sharing earns points once your submission is approved. An administrator reviews every submission and
              decides the award on approval: {low}, {mid} or {high} points. Once it is published in the library, each
              member who likes it adds +{like}.
            </Trans>
          </Text>
          <Text size="xs" c="dimmed">
            <Trans>Rejected submissions earn no points.</Trans>
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
