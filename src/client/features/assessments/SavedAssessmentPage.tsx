/**
 * /assessments/$assessmentId (issue #18 §2, §3): one of the member's saved results, a readiness
 * assessment or a Porter diamond analysis, compared with the one of the same kind saved before it
 * when there is one (`assessments.get`'s `previous`).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconRefresh } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { DiamondAnswers } from "../../../common/assessments";
import { BackLink } from "../../components/BackLink";
import { LoadError } from "../../components/LoadError";
import { formatDateTime } from "../../i18n";
import { useTRPC } from "../../trpc";
import { DiamondResultView } from "./DiamondResultView";
import { ResultView } from "./ResultView";
import { SourceNote } from "./SourceNote";

export function SavedAssessmentPage({ assessmentId }: { assessmentId: number }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const result = useQuery(trpc.assessments.get.queryOptions({ id: assessmentId }));
  const diamond = result.data?.kind === "diamond";
  useDocumentTitle(diamond ? t`Porter diamond analysis · Export Club` : t`Export readiness result · Export Club`);
  const previous = result.data?.previous ?? null;
  const subject = result.data?.kind === "diamond" ? result.data : null;
  const date = result.data ? formatDateTime(result.data.createdAt, i18n.locale) : "";
  const previousDate = previous ? formatDateTime(previous.createdAt, i18n.locale) : "";
  const status = (
    <Text c="gray.8" data-testid="saved-result-date">
      {previous ? (
        <Trans>
          Saved {date}; compared with your result of {previousDate}.
        </Trans>
      ) : (
        <Trans>Saved {date}.</Trans>
      )}
    </Text>
  );

  return (
    <Stack maw={1100} mx="auto" gap="lg" pb="md">
      <BackLink to="/profile">
        <Trans>Back to your profile</Trans>
      </BackLink>
      <Title order={1} size="h2">
        {diamond ? <Trans>Your Porter diamond analysis</Trans> : <Trans>Your export readiness result</Trans>}
      </Title>
      {result.isPending ? (
        <Skeleton h={320} radius="lg" />
      ) : result.isError ? (
        <LoadError title={t`Failed to load the result`} error={result.error} onRetry={() => void result.refetch()} />
      ) : result.data.kind === "diamond" ? (
        <DiamondResultView
          answers={result.data.answers as DiamondAnswers}
          score={result.data.score}
          previous={previous?.kind === "diamond" ? previous.score : undefined}
          status={status}
        />
      ) : (
        <ResultView
          score={result.data.score}
          previous={previous?.kind === "readiness" ? previous.score : undefined}
          status={status}
        />
      )}
      <Group data-print="hide">
        {result.data?.kind === "diamond" ? (
          <Button
            renderRoot={(props) => (
              <Link
                to="/porter-diamond-analysis/start"
                search={{ product: subject?.product, market: subject?.market }}
                {...props}
              />
            )}
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
          >
            <Trans>Retake the analysis</Trans>
          </Button>
        ) : (
          <Button
            component={Link}
            to="/export-readiness-assessment/start"
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
          >
            <Trans>Retake the assessment</Trans>
          </Button>
        )}
      </Group>
      <SourceNote kind={diamond ? "diamond" : "readiness"} />
    </Stack>
  );
}
