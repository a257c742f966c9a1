import { Trans } from "@lingui/react/macro";
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleX, IconHourglass } from "@tabler/icons-react";
import type { ApprovalStatus } from "../../../common/constants";
import { useSignOut } from "./useSession";

/**
 * Approval gate screens for signed-in applicants (spec part 1 §2 Approval status screens):
 * Application Pending or Application Rejected, each with Sign Out.
 */
export function ApprovalStatusScreen({ status }: { status: Exclude<ApprovalStatus, "approved"> }) {
  const signOut = useSignOut();
  const pending = status === "pending";
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={520} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color={pending ? "yellow" : "red"} variant="light" aria-hidden>
            {pending ? <IconHourglass size={30} /> : <IconCircleX size={30} />}
          </ThemeIcon>
          <Title order={2}>{pending ? <Trans>Application Pending</Trans> : <Trans>Application Rejected</Trans>}</Title>
          {pending ? (
            <>
              <Text>
                <Trans>Your membership application is under review by our admin team.</Trans>
              </Text>
              <Text c="dimmed">
                <Trans>
                  You will receive an email notification once your application has been reviewed. This usually takes 1-2
                  business days.
                </Trans>
              </Text>
            </>
          ) : (
            <>
              <Text>
                <Trans>Unfortunately, your membership application was not approved at this time.</Trans>
              </Text>
              <Text c="dimmed">
                <Trans>If you believe this is an error, please contact support.</Trans>
              </Text>
            </>
          )}
          <Button variant="default" onClick={() => void signOut()}>
            <Trans>Sign Out</Trans>
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
