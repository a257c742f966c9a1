/**
 * /export-readiness-assessment/start (issue #18 §1, §3): the questionnaire, then the result.
 * Visitors score on the client with the shared `scoreReadiness`; their answers stay in this
 * browser (localStorage) with an invitation to join, and once they are members the page offers
 * to save that result. Signed-in members' results are saved at once (the server scores again).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Box, Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import {
  IconCheck,
  IconDeviceFloppy,
  IconLayoutDashboard,
  IconLogin,
  IconRefresh,
  IconUserPlus,
} from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { scoreReadiness } from "../../../common/assessments";
import { errorText } from "../../lib/errors";
import { LandingFooter, PublicHeader } from "../landing";
import { useSession } from "../session";
import { Questionnaire } from "./Questionnaire";
import { ResultView } from "./ResultView";
import { SourceNote } from "./SourceNote";
import { useAssessmentFlow } from "./useAssessmentFlow";

export function ReadinessAssessmentPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Export Readiness Assessment · Export Club`);
  const { member, signedIn, answers, round, earlier, save, resultRef, finish, retake, saveEarlier, saveAgain } =
    useAssessmentFlow("readiness");

  return (
    <Box mih="100vh">
      <AssessmentHeader />
      <main>
        <Container size="lg" py={{ base: 24, sm: 40 }}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Anchor component={Link} to="/export-readiness-assessment" size="sm" fw={500} w="fit-content">
                <Trans>About this assessment</Trans>
              </Anchor>
              <Title
                order={1}
                fz={{ base: 26, sm: 34 }}
                ref={resultRef}
                tabIndex={-1}
                // Focused only to announce the result; it is not a control, so it draws no ring.
                style={{ outline: "none" }}
              >
                {answers ? <Trans>Your export readiness result</Trans> : <Trans>Export Readiness Assessment</Trans>}
              </Title>
              {!answers && (
                <Text c="gray.8">
                  <Trans>
                    24 questions in four areas; about ten minutes. Answer for your own company as it is today.
                  </Trans>
                </Text>
              )}
            </Stack>

            {earlier && !answers && (
              <Alert color="teal" variant="light" radius="lg" data-testid="earlier-result">
                <Group justify="space-between" wrap="wrap">
                  <Text size="sm">
                    <Trans>You took the assessment before signing in. Save that result to your profile?</Trans>
                  </Text>
                  <Button
                    size="xs"
                    color="teal"
                    leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                    loading={save.isPending}
                    onClick={saveEarlier}
                  >
                    <Trans>Save that result</Trans>
                  </Button>
                </Group>
              </Alert>
            )}

            {answers ? (
              <ResultView
                score={save.data?.kind === "readiness" ? save.data.score : scoreReadiness(answers)}
                status={
                  member ? (
                    <SavedStatus
                      pending={save.isPending}
                      error={save.error ? errorText(save.error) : null}
                      saved={save.isSuccess}
                      onRetry={saveAgain}
                    />
                  ) : (
                    <JoinInvitation signedIn={signedIn} />
                  )
                }
              />
            ) : (
              <Questionnaire key={round} onDone={finish} />
            )}

            {answers && (
              <Group>
                <Button variant="default" leftSection={<IconRefresh size={18} aria-hidden />} onClick={retake}>
                  <Trans>Retake the assessment</Trans>
                </Button>
              </Group>
            )}
            <SourceNote />
          </Stack>
        </Container>
      </main>
      <LandingFooter />
    </Box>
  );
}

/** The public header of the assessment pages: Dashboard for the signed-in, Sign In for visitors. */
export function AssessmentHeader() {
  const { data: session } = useSession();
  return (
    <PublicHeader>
      {session?.viewer ? (
        <Button
          component={Link}
          to="/dashboard"
          variant="default"
          leftSection={<IconLayoutDashboard size={18} aria-hidden />}
        >
          <Trans>Dashboard</Trans>
        </Button>
      ) : (
        <Button
          renderRoot={(props) => <Link to="/landing" search={{ auth: "signin" }} {...props} />}
          variant="default"
          leftSection={<IconLogin size={18} aria-hidden />}
        >
          <Trans>Sign In</Trans>
        </Button>
      )}
    </PublicHeader>
  );
}

/** Saving, saved (with a link to the profile's list) or the error with Try again. */
export function SavedStatus({
  pending,
  saved,
  error,
  onRetry,
}: {
  pending: boolean;
  saved: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  if (error)
    return (
      <Alert color="red" variant="light" radius="lg" role="alert">
        <Group justify="space-between">
          <Text size="sm">{error}</Text>
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </Alert>
    );
  return (
    <Alert
      color="teal"
      variant="light"
      radius="lg"
      icon={<IconCheck size={20} aria-hidden />}
      role="status"
      data-testid="readiness-saved"
    >
      {pending || !saved ? (
        <Trans>Saving your result…</Trans>
      ) : (
        <Trans>
          Saved to your profile. Retake it in a few months and compare.{" "}
          <Anchor component={Link} to="/profile" hash="assessments" size="sm" fw={600} c="gray.9" underline="always">
            See your results
          </Anchor>
        </Trans>
      )}
    </Alert>
  );
}

/** The invitation to join that a visitor's result carries: it stays in this browser until then. */
export function JoinInvitation({ signedIn }: { signedIn: boolean }) {
  return (
    <Paper radius="lg" p={{ base: "lg", sm: "xl" }} bg="teal.9" c="white" data-testid="readiness-join">
      <Group justify="space-between" gap="lg">
        <Stack gap={4} maw={600}>
          <Title order={2} fz={{ base: 20, sm: 24 }}>
            <Trans>Join the club to keep your result</Trans>
          </Title>
          <Text>
            <Trans>
              Members keep every result, compare them over time, and get help with their weakest areas from exporters
              and consultants who have been there. This result stays in this browser until you join.
            </Trans>
          </Text>
        </Stack>
        {signedIn ? null : (
          <Group gap="sm">
            <Button
              size="md"
              variant="white"
              color="teal"
              leftSection={<IconUserPlus size={18} aria-hidden />}
              renderRoot={(props) => <Link to="/landing" search={{ auth: "signup" }} {...props} />}
            >
              <Trans>Join the club</Trans>
            </Button>
            <Button
              size="md"
              variant="outline"
              color="white"
              renderRoot={(props) => <Link to="/landing" search={{ auth: "signin" }} {...props} />}
            >
              <Trans>Sign In</Trans>
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
