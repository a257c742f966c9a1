/**
 * The page of a password reset link, /reset-password?token=… (issue #11 §3): a new password
 * (the sign-up rules, with the strength meter) and its confirmation. On success every session of
 * the account has ended, and the page sends the person to Sign In; an invalid, expired or used
 * link says so and offers a new one (the Sign In dialog's "Forgot password?").
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDocumentTitle } from "@mantine/hooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { Msg } from "../../../common/messages";
import { passwordResetCompleteInput, resetTokenSchema } from "../../../common/passwordReset";
import { OutcomePanel } from "../../components/OutcomePanel";
import { translateServerText } from "../../i18n/serverMessages";
import { errorText, serverMsgKeys } from "../../lib/errors";
import { applyServerErrors, validateWith } from "../../lib/form";
import { closeWebSocket, useTRPC } from "../../trpc";
import { PasswordStrength, usePasswordHint } from "../auth";
import { PublicCardPage } from "../landing";

interface Values {
  newPassword: string;
  confirmPassword: string;
}

export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useLingui();
  useDocumentTitle(t`Reset your password`);
  const wellFormed = resetTokenSchema.safeParse(token).success;
  const [outcome, setOutcome] = useState<"done" | "invalid" | null>(wellFormed ? null : "invalid");

  let body: ReactNode;
  if (outcome === "invalid") {
    body = (
      <OutcomePanel failed title={<Trans>This link cannot be used</Trans>} testId="reset-link-invalid">
        <Alert color="red" role="alert" w="100%">
          {translateServerText(Msg.resetLinkInvalid)}
        </Alert>
        <Text size="sm" c="dimmed">
          <Trans>
            A reset link is valid for 30 minutes and can be used once. The newest link replaces earlier ones.
          </Trans>
        </Text>
        <Button renderRoot={(props) => <Link to="/landing" search={{ auth: "forgot" }} {...props} />}>
          <Trans>Ask for a new link</Trans>
        </Button>
      </OutcomePanel>
    );
  } else if (outcome === "done") {
    body = (
      <OutcomePanel title={<Trans>Your password has been changed</Trans>} testId="password-reset-done">
        <Text>
          <Trans>You have been signed out on every device. Sign in with your new password.</Trans>
        </Text>
        <Button renderRoot={(props) => <Link to="/landing" search={{ auth: "signin" }} {...props} />}>
          <Trans>Sign In</Trans>
        </Button>
      </OutcomePanel>
    );
  } else {
    body = <NewPasswordForm token={token} onDone={() => setOutcome("done")} onInvalid={() => setOutcome("invalid")} />;
  }

  return <PublicCardPage>{body}</PublicCardPage>;
}

/** New password and confirmation; `onInvalid` when the server refuses the link itself. */
function NewPasswordForm({ token, onDone, onInvalid }: { token: string; onDone: () => void; onInvalid: () => void }) {
  const { t } = useLingui();
  const passwordHint = usePasswordHint();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const complete = useMutation(trpc.passwordReset.complete.mutationOptions());
  const form = useForm<Values>({
    initialValues: { newPassword: "", confirmPassword: "" },
    validate: validateWith<Values>(passwordResetCompleteInput, { input: (v) => ({ ...v, token }) }),
  });

  async function submit(values: Values) {
    setFailure(null);
    try {
      await complete.mutateAsync({ token, ...values });
    } catch (error) {
      if (serverMsgKeys(error).includes("resetLinkInvalid")) {
        onInvalid();
        return;
      }
      const fields = applyServerErrors(form, error, { pick: ["newPassword", "confirmPassword"] });
      if (Object.keys(fields).length === 0) setFailure(errorText(error));
      return;
    }
    // Every session of the account ended, this browser's too if it was signed in as it.
    closeWebSocket();
    await queryClient.invalidateQueries({ queryKey: trpc.session.get.queryKey() });
    onDone();
  }

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack>
        <Title order={1} size="h3">
          <Trans>Choose a new password</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>After the change you are signed out on every device, and you sign in with the new password.</Trans>
        </Text>
        {failure && (
          <Alert color="red" title={t`Password update failed`} role="alert">
            {failure}
          </Alert>
        )}
        <div>
          <PasswordInput
            label={t`New password`}
            autoComplete="new-password"
            required
            description={passwordHint}
            data-autofocus
            {...form.getInputProps("newPassword")}
          />
          <PasswordStrength password={form.values.newPassword} />
        </div>
        <PasswordInput
          label={t`Confirm new password`}
          autoComplete="new-password"
          required
          {...form.getInputProps("confirmPassword")}
        />
        <Button type="submit" loading={complete.isPending} fullWidth>
          <Trans>Set new password</Trans>
        </Button>
      </Stack>
    </form>
  );
}
