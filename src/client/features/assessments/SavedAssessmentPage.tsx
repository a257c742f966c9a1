/**
 * /assessments/$assessmentId (issue #18 §3): one of the member's saved results, compared with
 * the result saved before it when there is one.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconRefresh } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { BackLink } from "../../components/BackLink";
import { LoadError } from "../../components/LoadError";
import { formatDateTime } from "../../i18n";
import { useTRPC } from "../../trpc";
import { ResultView } from "./ResultView";
import { SourceNote } from "./SourceNote";

export function SavedAssessmentPage({ assessmentId }: { assessmentId: number }) {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Export readiness result · Export Club`);
  const trpc = useTRPC();
  const result = useQuery(trpc.assessments.get.queryOptions({ id: assessmentId }));
  const mine = useQuery(trpc.assessments.mine.queryOptions());
  const index = mine.data?.findIndex((a) => a.id === assessmentId) ?? -1;
  const previous = index >= 0 ? mine.data?.[index + 1] : undefined;
  const date = result.data ? formatDateTime(result.data.createdAt, i18n.locale) : "";
  const previousDate = previous ? formatDateTime(previous.createdAt, i18n.locale) : "";

  return (
    <Stack maw={1100} mx="auto" gap="lg" pb="md">
      <BackLink to="/profile">
        <Trans>Back to your profile</Trans>
      </BackLink>
      <Title order={1} size="h2">
        <Trans>Your export readiness result</Trans>
      </Title>
      {result.isPending ? (
        <Skeleton h={320} radius="lg" />
      ) : result.isError ? (
        <LoadError title={t`Failed to load the result`} error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <ResultView
          score={result.data.score}
          previous={previous?.score}
          status={
            <Text c="gray.8" data-testid="saved-result-date">
              {previous ? (
                <Trans>
                  Saved {date}; compared with your result of {previousDate}.
                </Trans>
              ) : (
                <Trans>Saved {date}.</Trans>
              )}
            </Text>
          }
        />
      )}
      <Group>
        <Button
          component={Link}
          to="/export-readiness-assessment/start"
          variant="default"
          leftSection={<IconRefresh size={18} aria-hidden />}
        >
          <Trans>Retake the assessment</Trans>
        </Button>
      </Group>
      <SourceNote />
    </Stack>
  );
}
