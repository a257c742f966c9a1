import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconCertificate, IconFileText, IconListCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { APPROVAL_POINTS, HELPFUL_ANSWER_POINTS, LIKE_POINTS, TIERS, type Tier } from "../../../../common/constants";
import { preloadOn } from "../../../components/LazyDialog";
import { TierBadge } from "../../../components/TierBadge";
import { TierPrice, TierQuota } from "../../../components/TierTexts";
import { formatNumber } from "../../../i18n";
import { loadLevelsDialog, loadTermsDialog } from "../loaders";
import { SectionCard } from "./SectionCard";

interface MembershipCardProps {
  onTerms: () => void;
  onLevels: () => void;
}

/**
 * Membership Conditions: Terms and Conditions, Membership Levels and Services, the three
 * tiers (costs and quotas from the shared constants) and how points are earned.
 */
export function MembershipCard({ onTerms, onLevels }: MembershipCardProps) {
  return (
    <SectionCard
      id="membership-title"
      icon={<IconCertificate size={22} />}
      title={<Trans>Membership Conditions</Trans>}
      lead={
        <Trans>
          Membership starts free once your application is approved. Contribute to the community, earn points and unlock
          higher tiers with more help requests.
        </Trans>
      }
    >
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconFileText size={18} aria-hidden />}
          onClick={onTerms}
          {...preloadOn(loadTermsDialog)}
        >
          <Trans>Terms and Conditions</Trans>
        </Button>
        <Button
          variant="light"
          leftSection={<IconListCheck size={18} aria-hidden />}
          onClick={onLevels}
          {...preloadOn(loadLevelsDialog)}
        >
          <Trans>Membership Levels and Services</Trans>
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {TIERS.map((tier) => (
          <TierCard key={tier} tier={tier} />
        ))}
      </SimpleGrid>

      <Stack gap="xs">
        <Title order={3} size="h5">
          <Trans>How to earn points</Trans>
        </Title>
        {/* Only the rules the club applies, each with how it is earned (issue #13 §4). */}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-testid="points-rules">
          <PointsRule
            from={APPROVAL_POINTS[0]}
            to={APPROVAL_POINTS[APPROVAL_POINTS.length - 1]}
            label={<Trans>per approved knowledge post</Trans>}
          />
          <PointsRule from={HELPFUL_ANSWER_POINTS} label={<Trans>per answer rated 3 stars</Trans>} />
          <PointsRule from={LIKE_POINTS} label={<Trans>per like on your knowledge</Trans>} />
        </SimpleGrid>
      </Stack>
    </SectionCard>
  );
}

function TierCard({ tier }: { tier: Tier }) {
  const highlighted = tier === "gold";
  return (
    <Paper withBorder radius="md" p="lg" shadow={highlighted ? "sm" : undefined}>
      <Stack gap={6} align="flex-start">
        <TierBadge tier={tier} size="lg" />
        <Text fz={26} fw={800} lh={1.2} mt={4}>
          <TierPrice tier={tier} />
        </Text>
        <Text fw={500}>
          <TierQuota tier={tier} />
        </Text>
        <Text size="sm" c="dimmed">
          <TierSummary tier={tier} />
        </Text>
      </Stack>
    </Paper>
  );
}

/** One line about who each tier is for. */
export function TierSummary({ tier }: { tier: Tier }) {
  if (tier === "turquoise") return <Trans>Where every member starts, right after approval.</Trans>;
  if (tier === "silver") return <Trans>For active members who ask and answer regularly.</Trans>;
  return <Trans>For leading members who rely on the club's network every week.</Trans>;
}

function PointsRule({ from, to, label }: { from: number; to?: number; label: ReactNode }) {
  const { i18n } = useLingui();
  const value = `+${formatNumber(from, i18n.locale)}${to === undefined ? "" : `–${formatNumber(to, i18n.locale)}`}`;
  return (
    <Paper radius="md" p="sm" bg="teal.0" ta="center">
      <Text fz="xl" fw={800} c="teal.8" dir="ltr">
        {value}
      </Text>
      <Text size="sm">{label}</Text>
    </Paper>
  );
}
