/** The dashboard's card of the member's latest readiness score (issue #18 §3). */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Group, Text } from "@mantine/core";
import { IconChartRadar } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { formatDate, formatNumber } from "../../i18n";
import { useTRPC } from "../../trpc";
import { bandOf } from "./bands";

export function LatestAssessmentCard() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const latest = useQuery(trpc.assessments.latest.queryOptions());
  if (!latest.data) return null;
  const result = latest.data.latest;
  const overall = result ? formatNumber(result.score.overall, i18n.locale) : "";
  return (
    <Card withBorder radius="lg" p="lg" data-testid="readiness-card">
      <Group justify="space-between" wrap="wrap" gap="md">
        <div>
          <Group gap="xs">
            <IconChartRadar size={20} aria-hidden />
            <Text c="gray.8" size="sm">
              <Trans>Export readiness</Trans>
            </Text>
          </Group>
          {result ? (
            <>
              <Text fz={32} fw={700} data-testid="dashboard-readiness">
                <Trans>{overall} out of 100</Trans>
              </Text>
              <Text size="xs" c="gray.8">
                {i18n._(bandOf(result.score.overall).label)} · {formatDate(result.createdAt, i18n.locale)}
              </Text>
            </>
          ) : (
            <Text size="sm" mt={4}>
              <Trans>Find out how ready your company is to export, and what to strengthen first.</Trans>
            </Text>
          )}
        </div>
        {result ? (
          <Button
            renderRoot={(props) => (
              <Link to="/assessments/$assessmentId" params={{ assessmentId: String(result.id) }} {...props} />
            )}
            variant="light"
          >
            <Trans>View result</Trans>
          </Button>
        ) : (
          <Button component={Link} to="/export-readiness-assessment/start" variant="light">
            <Trans>Take the assessment</Trans>
          </Button>
        )}
      </Group>
    </Card>
  );
}
