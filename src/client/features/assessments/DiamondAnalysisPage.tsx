/**
 * /porter-diamond-analysis/start (issue #18 §2, §3): the guided analysis, then the result.
 * Visitors score on the client with the shared `scoreDiamond`; their analysis stays in this
 * browser (localStorage) with an invitation to join, and once they are members the page offers
 * to save it. Signed-in members' analyses are saved at once (the server scores again). The
 * search params `product` and `market` start a retake from an earlier analysis.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Box, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconDeviceFloppy, IconRefresh } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { type DiamondAnswers, scoreDiamond } from "../../../common/assessments";
import { errorText } from "../../lib/errors";
import { LandingFooter } from "../landing";
import { DiamondForm } from "./DiamondForm";
import { DiamondResultView } from "./DiamondResultView";
import type { DiamondSearch } from "./diamondSearch";
import { AssessmentHeader, JoinInvitation, SavedStatus } from "./ReadinessAssessmentPage";
import { SourceNote } from "./SourceNote";
import { useAssessmentFlow } from "./useAssessmentFlow";

export function DiamondAnalysisPage({ search }: { search: DiamondSearch }) {
  const { t } = useLingui();
  useDocumentTitle(t`Porter Diamond Analysis · Export Club`);
  const { member, signedIn, answers, round, earlier, save, resultRef, finish, retake, saveEarlier, saveAgain } =
    useAssessmentFlow("diamond");
  /** The product and market a new round starts from: the search params', then the last analysis's. */
  const [subject, setSubject] = useState(
    search.product && search.market ? { product: search.product, market: search.market } : undefined,
  );
  const done = (a: DiamondAnswers) => {
    setSubject({ product: a.product, market: a.market });
    finish(a);
  };

  return (
    <Box mih="100vh">
      <AssessmentHeader />
      <main>
        <Container size="lg" py={{ base: 24, sm: 40 }}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Anchor
                component={Link}
                to="/porter-diamond-analysis"
                size="sm"
                fw={500}
                w="fit-content"
                data-print="hide"
              >
                <Trans>About this analysis</Trans>
              </Anchor>
              <Title
                order={1}
                fz={{ base: 26, sm: 34 }}
                ref={resultRef}
                tabIndex={-1}
                // Focused only to announce the result; it is not a control, so it draws no ring.
                style={{ outline: "none" }}
              >
                {answers ? <Trans>Your Porter diamond analysis</Trans> : <Trans>Porter Diamond Analysis</Trans>}
              </Title>
              {!answers && (
                <Text c="gray.8">
                  <Trans>
                    One product in one target market: rate the four determinants of Porter's diamond, then government
                    and chance, from 1 to 5, with your notes. About fifteen minutes.
                  </Trans>
                </Text>
              )}
            </Stack>

            {earlier && !answers && (
              <Alert color="teal" variant="light" radius="lg" data-testid="earlier-result">
                <Group justify="space-between" wrap="wrap">
                  <Text size="sm">
                    <Trans>You made an analysis before signing in. Save it to your profile?</Trans>
                  </Text>
                  <Button
                    size="xs"
                    color="teal"
                    leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                    loading={save.isPending}
                    onClick={saveEarlier}
                  >
                    <Trans>Save that analysis</Trans>
                  </Button>
                </Group>
              </Alert>
            )}

            {answers ? (
              <DiamondResultView
                answers={answers}
                score={save.data?.kind === "diamond" ? save.data.score : scoreDiamond(answers)}
                status={
                  <Box data-print="hide">
                    {member ? (
                      <SavedStatus
                        pending={save.isPending}
                        error={save.error ? errorText(save.error) : null}
                        saved={save.isSuccess}
                        onRetry={saveAgain}
                      />
                    ) : (
                      <JoinInvitation signedIn={signedIn} />
                    )}
                  </Box>
                }
              />
            ) : (
              <DiamondForm key={round} initial={subject} onDone={done} />
            )}

            {answers && (
              <Group data-print="hide">
                <Button variant="default" leftSection={<IconRefresh size={18} aria-hidden />} onClick={retake}>
                  <Trans>Retake the analysis</Trans>
                </Button>
              </Group>
            )}
            <SourceNote kind="diamond" />
          </Stack>
        </Container>
      </main>
      <LandingFooter />
    </Box>
  );
}
