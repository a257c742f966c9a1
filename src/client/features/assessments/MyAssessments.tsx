/**
 * The member's saved results in the profile (issue #18 §3): the readiness results, each with its
 * date, overall and per-area scores, the latest compared with the previous one per area, retake;
 * then the Porter diamond analyses (`MyDiamondAnalyses`).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Stack, Switch, Table, Text } from "@mantine/core";
import { IconChartRadar } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { READINESS_AREAS } from "../../../common/assessments";
import { formatDate, formatNumber } from "../../i18n";
import { errorText } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import { MyDiamondAnalyses } from "./MyDiamondAnalyses";
import { AreaLine } from "./ResultView";
import { ResultLink, SavedResultsCard } from "./SavedResultsCard";
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
  // The switch follows the click at once (TanStack Query tells the component about the mutation
  // only after a task, so a controlled switch would flick back first); the server's answer then.
  const [shown, setShown] = useState<boolean | null>(null);
  const readiness = (mine.data ?? []).filter((a) => a.kind === "readiness");
  const [latest, previous] = readiness;
  const latestDate = latest ? formatDate(latest.createdAt, i18n.locale) : "";
  const previousDate = previous ? formatDate(previous.createdAt, i18n.locale) : "";

  return (
    <Stack gap="lg" id="assessments">
      <SavedResultsCard
        titleId="assessments-title"
        icon={<IconChartRadar size={22} aria-hidden />}
        title={<Trans>Export readiness assessments</Trans>}
        startTo="/export-readiness-assessment/start"
        startLabel={latest ? <Trans>Retake the assessment</Trans> : <Trans>Take the assessment</Trans>}
        query={mine}
        hasResults={!!latest}
        empty={
          <Text c="gray.8" size="sm">
            <Trans>
              You have not taken the export readiness assessment yet. It takes about ten minutes and shows which areas
              to strengthen first.
            </Trans>
          </Text>
        }
      >
        {latest && previous && (
          <Stack gap={4} data-testid="assessments-compare">
            <Text fw={600} size="sm">
              <Trans>
                Latest ({latestDate}) compared with the previous one ({previousDate})
              </Trans>
            </Text>
            {READINESS_AREAS.map((area) => (
              <AreaLine key={area} area={area} score={latest.score.areas[area]} previous={previous.score.areas[area]} />
            ))}
          </Stack>
        )}
        <Switch
          label={t`Show my latest score on my card in the member directory`}
          checked={shown ?? latestQuery.data?.showOnCard ?? false}
          disabled={!latestQuery.data}
          onChange={(e) => {
            const show = e.currentTarget.checked;
            setShown(show);
            showOnCard.mutate({ show }, { onSettled: () => setShown(null) });
          }}
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
                      <ResultLink id={a.id} label={t`View the result of ${date}`} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </SavedResultsCard>
      <MyDiamondAnalyses />
    </Stack>
  );
}
