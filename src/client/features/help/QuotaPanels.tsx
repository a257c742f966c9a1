/**
 * The monthly help-request quota of Request Help (spec part 2 §2, §9; DESIGN.md §8.5, §8.9):
 * "N of M requests left this month" (∞ for Gold) and, once the limit is reached, the membership
 * upgrade panel.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Card, Group, List, Progress, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconInfinity, IconSend } from "@tabler/icons-react";
import type { Ref } from "react";
import { TIERS, type Tier } from "../../../common/constants";
import { TierBadge } from "../../components/TierBadge";
import { TierQuota } from "../../components/TierTexts";
import { formatDate, formatNumber } from "../../i18n";
import { UpgradeButton } from "../points";

export interface HelpQuota {
  used: number;
  limit: number | null;
  remaining: number | null;
}

/** Start of next calendar month (UTC, as the server counts the quota). */
function nextMonthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export function QuotaCard({ quota, tier, loading }: { quota: HelpQuota | undefined; tier: Tier; loading: boolean }) {
  const { t, i18n } = useLingui();
  if (loading || !quota) {
    return (
      <Card withBorder radius="lg" p="md" aria-busy>
        <Skeleton h={14} w="60%" />
        <Skeleton h={28} w="40%" mt="sm" />
        <Skeleton h={8} mt="sm" />
      </Card>
    );
  }
  const unlimited = quota.limit === null || quota.remaining === null;
  const remaining = formatNumber(quota.remaining ?? 0, i18n.locale);
  const limit = formatNumber(quota.limit ?? 0, i18n.locale);
  const used = quota.limit ? Math.min(100, (quota.used / quota.limit) * 100) : 0;
  const out = !unlimited && quota.remaining === 0;
  return (
    <Card withBorder radius="lg" p="md" data-testid="help-quota">
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed">
            <Trans>Your monthly requests</Trans>
          </Text>
          <TierBadge tier={tier} size="sm" />
        </Group>
        {unlimited ? (
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon variant="light" color="yellow" radius="xl" size="lg">
              <IconInfinity size={22} aria-hidden />
            </ThemeIcon>
            <Text fw={600} data-testid="quota-text">
              <Trans>Unlimited requests this month</Trans>
            </Text>
          </Group>
        ) : (
          <>
            <Text fw={600} c={out ? "red.7" : undefined} data-testid="quota-text">
              <Trans>
                {remaining} of {limit} requests left this month
              </Trans>
            </Text>
            <Progress value={used} color={out ? "red" : "teal"} size="sm" aria-label={t`Requests used this month`} />
          </>
        )}
        {tier !== "gold" && !out && (
          <UpgradeButton size="compact-sm" variant="subtle" style={{ alignSelf: "flex-start" }}>
            <Trans>Need more? Upgrade</Trans>
          </UpgradeButton>
        )}
      </Stack>
    </Card>
  );
}

/** Shown when the month's requests are used up: what higher tiers give and the upgrade button. */
export function LimitPanel({ tier, ref }: { tier: Tier; ref?: Ref<HTMLDivElement> }) {
  const { i18n } = useLingui();
  const renews = formatDate(nextMonthStart(), i18n.locale);
  const higher = TIERS.slice(TIERS.indexOf(tier) + 1);
  return (
    <Card
      ref={ref}
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      bg="yellow.0"
      style={{ borderColor: "var(--mantine-color-yellow-5)" }}
      role="region"
      aria-labelledby="limit-panel-title"
      tabIndex={-1}
      data-testid="limit-panel"
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="yellow" variant="filled" radius="xl" size="lg">
            <IconAlertTriangle size={20} aria-hidden />
          </ThemeIcon>
          <div>
            <Title order={2} size="h4" id="limit-panel-title">
              <Trans>Request Limit Reached</Trans>
            </Title>
            <Text size="sm" mt={4}>
              <Trans>You've reached your monthly request limit. Upgrade your membership for more requests.</Trans>
            </Text>
          </div>
        </Group>
        {higher.length > 0 && (
          <List spacing={6} size="sm" icon={<IconSend size={14} aria-hidden />} center>
            {higher.map((h) => (
              <List.Item key={h}>
                <Group gap={8} wrap="wrap">
                  <TierBadge tier={h} size="sm" />
                  <Text size="sm" component="span">
                    <TierQuota tier={h} />
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <Text size="xs" c="dimmed">
          <Trans>Your monthly requests renew on {renews}.</Trans>
        </Text>
        <Group>
          <UpgradeButton color="yellow" c="dark">
            <Trans>Upgrade membership</Trans>
          </UpgradeButton>
        </Group>
      </Stack>
    </Card>
  );
}
