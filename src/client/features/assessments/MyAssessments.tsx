/**
 * The member's saved results in the profile (issue #18 §3): the readiness results, each with its
 * date, overall and per-area scores, the latest compared with the previous one per area, retake;
 * then the Porter diamond analyses (`MyDiamondAnalyses`).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Card, Group, Skeleton, Stack, Switch, Table, Text, Title } from "@mantine/core";
import { IconChartRadar, IconPlayerPlay } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { READINESS_AREAS } from "../../../common/assessments";
import { LoadError } from "../../components/LoadError";
import { formatDate, formatNumber } from "../../i18n";
import { errorText } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import { MyDiamondAnalyses } from "./MyDiamondAnalyses";
import { AreaLine } from "./ResultView";
import { AREA_NAMES } from "./texts";

export function MyAssessments() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const mine = useQuery(trpc.assessments.mine.queryOptions());
  const latestQuery = useQuery(trpc.assessments.latest.queryOptions());
  const queryClient = useQueryClient();
  const showOnCard = useMutation(
    trpc.assessments.setShowOnCard.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.assessments.latest.queryKey(), (old) => (old ? { ...old, ...data } : old));
        void queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() });
      },
    }),
  );
  const readiness = (mine.data ?? []).filter((a) => a.kind === "readiness");
  const [latest, previous] = readiness;
  const latestDate = latest ? formatDate(latest.createdAt, i18n.locale) : "";
  const previousDate = previous ? formatDate(previous.createdAt, i18n.locale) : "";

  return (
    <Stack gap="lg" id="assessments">
      <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="assessments-title">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <IconChartRadar size={22} aria-hidden />
              <Title order={2} size="h4" id="assessments-title">
                <Trans>Export readiness assessments</Trans>
              </Title>
            </Group>
            <Button
              component={Link}
              to="/export-readiness-assessment/start"
              size="sm"
              variant="light"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
            >
              {latest ? <Trans>Retake the assessment</Trans> : <Trans>Take the assessment</Trans>}
            </Button>
          </Group>
          {mine.isPending ? (
            <Skeleton h={80} />
          ) : mine.isError ? (
            <LoadError
              title={t`Failed to load your assessments`}
              error={mine.error}
              onRetry={() => void mine.refetch()}
            />
          ) : !latest ? (
            <Text c="gray.8" size="sm">
              <Trans>
                You have not taken the export readiness assessment yet. It takes about ten minutes and shows which areas
                to strengthen first.
              </Trans>
            </Text>
          ) : (
            <>
              {previous && (
                <Stack gap={4} data-testid="assessments-compare">
                  <Text fw={600} size="sm">
                    <Trans>
                      Latest ({latestDate}) compared with the previous one ({previousDate})
                    </Trans>
                  </Text>
                  {READINESS_AREAS.map((area) => (
                    <AreaLine
                      key={area}
                      area={area}
                      score={latest.score.areas[area]}
                      previous={previous.score.areas[area]}
                    />
                  ))}
                </Stack>
              )}
              <Switch
                label={t`Show my latest score on my card in the member directory`}
                checked={showOnCard.isPending ? showOnCard.variables.show : (latestQuery.data?.showOnCard ?? false)}
                disabled={!latestQuery.data}
                onChange={(e) => showOnCard.mutate({ show: e.currentTarget.checked })}
                error={showOnCard.error ? errorText(showOnCard.error) : undefined}
                data-testid="readiness-show-on-card"
              />
              <Table.ScrollContainer minWidth={560}>
                <Table striped data-testid="assessments-list">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <Trans>Date</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Overall</Trans>
                      </Table.Th>
                      {READINESS_AREAS.map((area) => (
                        <Table.Th key={area}>{i18n._(AREA_NAMES[area])}</Table.Th>
                      ))}
                      <Table.Th>
                        <Trans>Result</Trans>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {readiness.map((a) => {
                      const date = formatDate(a.createdAt, i18n.locale);
                      return (
                        <Table.Tr key={a.id}>
                          <Table.Td>{date}</Table.Td>
                          <Table.Td fw={700}>{formatNumber(a.score.overall, i18n.locale)}</Table.Td>
                          {READINESS_AREAS.map((area) => (
                            <Table.Td key={area}>{formatNumber(a.score.areas[area], i18n.locale)}</Table.Td>
                          ))}
                          <Table.Td>
                            <Anchor
                              renderRoot={(props) => (
                                <Link
                                  to="/assessments/$assessmentId"
                                  params={{ assessmentId: String(a.id) }}
                                  {...props}
                                />
                              )}
                              size="sm"
                              aria-label={t`View the result of ${date}`}
                            >
                              <Trans>View</Trans>
                            </Anchor>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
        </Stack>
      </Card>
      <MyDiamondAnalyses />
    </Stack>
  );
}
