/**
 * Confirmation of an e-mail change (spec part 2 §4 Email change; DESIGN.md §4 "GET never
 * changes state"), or of the `ADMIN_EMAIL` account's address (issue #10 §6): the page opens from
 * the link and sends the token once, as a mutation, then shows the new address, the new
 * administrator, or why it failed.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Center, Loader, Stack, Text } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconMailCheck } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useEffect, useRef } from "react";
import { confirmEmailInput } from "../../../common/account";
import { Msg } from "../../../common/messages";
import { OutcomePanel } from "../../components/OutcomePanel";
import { translateServerText } from "../../i18n/serverMessages";
import { errorText } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import { PublicCardPage } from "../landing";
import { useSession } from "../session";

export function ConfirmEmailPage({ token }: { token: string }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const session = useSession();
  // The outcome shows once the session and profile are read again: the "Go to Dashboard" link
  // must not open the member area on the session read before the confirmation (still pending,
  // for a new administrator). The page's first session read may still be on its way, and
  // invalidating a query that has no data yet joins that read instead of starting a new one, so
  // it is cancelled first; the fresh reads are awaited, not fired and forgotten.
  const confirm = useMutation(
    trpc.account.confirmEmail.mutationOptions({
      onSuccess: () =>
        Promise.all(
          [trpc.session.get.queryKey(), trpc.profile.get.queryKey()].map(async (queryKey) => {
            await queryClient.cancelQueries({ queryKey });
            await queryClient.invalidateQueries({ queryKey });
          }),
        ),
    }),
  );
  const started = useRef(false);
  const wellFormed = confirmEmailInput.safeParse({ token }).success;
  useDocumentTitle(t`Confirm email`);

  useEffect(() => {
    // Once per page, also under StrictMode's double effects (the ref survives them).
    if (started.current || !wellFormed) return;
    started.current = true;
    confirm.mutate({ token });
  }, [token, wellFormed, confirm]);

  const signedIn = !!session.data;
  let body: ReactNode;
  if (!wellFormed || confirm.isError) {
    body = (
      <OutcomePanel failed title={<Trans>Email confirmation failed</Trans>}>
        <Alert color="red" role="alert" w="100%">
          {wellFormed ? errorText(confirm.error) : translateServerText(Msg.emailLinkInvalid)}
        </Alert>
        <Text size="sm" c="dimmed">
          <Trans>You can ask for a new link from Profile Settings.</Trans>
        </Text>
        <Button component={Link} to={signedIn ? "/profile" : "/landing"} variant="light">
          {signedIn ? <Trans>Go to Profile Settings</Trans> : <Trans>Back to home</Trans>}
        </Button>
      </OutcomePanel>
    );
  } else if (confirm.isSuccess && confirm.data.adminGranted) {
    const email = confirm.data.email;
    body = (
      <OutcomePanel icon={IconMailCheck} title={<Trans>Email confirmed</Trans>} testId="admin-confirmed">
        <Text>
          <Trans>
            <Text span fw={700} dir="ltr">
              {email}
            </Text>{" "}
            is confirmed. Your administrator account is ready.
          </Trans>
        </Text>
        <Button component={Link} to="/dashboard">
          <Trans>Go to Dashboard</Trans>
        </Button>
      </OutcomePanel>
    );
  } else if (confirm.isSuccess) {
    const email = confirm.data.email;
    body = (
      <OutcomePanel icon={IconMailCheck} title={<Trans>Email confirmed</Trans>} testId="email-confirmed">
        <Text>
          <Trans>
            Your email address has been changed to{" "}
            <Text span fw={700} dir="ltr">
              {email}
            </Text>
            .
          </Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>Use the new address the next time you sign in.</Trans>
        </Text>
        {signedIn ? (
          <Button component={Link} to="/dashboard">
            <Trans>Go to Dashboard</Trans>
          </Button>
        ) : (
          <Button renderRoot={(props) => <Link to="/landing" search={{ auth: "signin" }} {...props} />}>
            <Trans>Sign In</Trans>
          </Button>
        )}
      </OutcomePanel>
    );
  } else {
    body = (
      <Center py="lg" role="status" aria-live="polite">
        <Stack align="center" gap="xs">
          <Loader />
          <Text c="dimmed">
            <Trans>Confirming your new email address…</Trans>
          </Text>
        </Stack>
      </Center>
    );
  }

  return <PublicCardPage>{body}</PublicCardPage>;
}
