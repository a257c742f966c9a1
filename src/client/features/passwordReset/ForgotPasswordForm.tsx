/**
 * "Forgot password?" inside the Sign In dialog (issue #11 §3): the e-mail address, then the same
 * confirmation whatever the address (the server answers the same whether or not it has an
 * account). Too many requests show the wait in minutes.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconMailForward } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { passwordResetRequestInput } from "../../../common/passwordReset";
import { isLocale } from "../../i18n";
import { errorCode, errorText, retryAfterSeconds } from "../../lib/errors";
import { applyServerErrors, validateWith } from "../../lib/form";
import { useTRPC } from "../../trpc";

type Problem = { kind: "rate"; minutes: number } | { kind: "error"; message: string };

/**
 * The request form; `email` starts as what the sign-in form held. `onBack` returns to Sign In.
 * After sending, shows where the link went (if the address has an account) and for how long it
 * is valid.
 */
export function ForgotPasswordForm({ email, onBack }: { email: string; onBack: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const request = useMutation(trpc.passwordReset.request.mutationOptions());
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email },
    validate: validateWith(passwordResetRequestInput),
  });
  const emailInput = useRef<HTMLInputElement>(null);
  const doneHeading = useRef<HTMLParagraphElement>(null);

  // The view replaced the sign-in form inside an open dialog: move the focus into it.
  useEffect(() => {
    if (sentTo) doneHeading.current?.focus();
    else emailInput.current?.focus();
  }, [sentTo]);

  async function submit(values: { email: string }) {
    setProblem(null);
    try {
      await request.mutateAsync({ email: values.email, ...(isLocale(i18n.locale) ? { locale: i18n.locale } : {}) });
    } catch (error) {
      if (errorCode(error) === "TOO_MANY_REQUESTS") {
        setProblem({ kind: "rate", minutes: Math.ceil((retryAfterSeconds(error) ?? 60) / 60) });
      } else if (Object.keys(applyServerErrors(form, error, { pick: ["email"] })).length === 0) {
        setProblem({ kind: "error", message: errorText(error) });
      }
      return;
    }
    setSentTo(values.email.trim());
  }

  if (sentTo !== null) {
    return (
      <Stack data-testid="reset-link-sent">
        <Alert color="teal" icon={<IconMailForward size={20} aria-hidden />} role="status">
          <Text fw={600} ref={doneHeading} tabIndex={-1} style={{ outlineOffset: 2 }}>
            <Trans>Check your e-mail</Trans>
          </Text>
          <Text size="sm" mt={4}>
            <Trans>
              If an account exists for{" "}
              <Text span fw={700} dir="ltr" style={{ overflowWrap: "anywhere" }}>
                {sentTo}
              </Text>
              , we have sent it a link to choose a new password. The link is valid for 30 minutes.
            </Trans>
          </Text>
        </Alert>
        <Text size="sm" c="dimmed">
          <Trans>No e-mail after a few minutes? Check your spam folder, or ask for a new link.</Trans>
        </Text>
        <Button variant="default" onClick={() => setSentTo(null)}>
          <Trans>Send another link</Trans>
        </Button>
        <Button onClick={onBack}>
          <Trans>Back to Sign In</Trans>
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack>
        <Text size="sm">
          <Trans>Enter the e-mail address of your account. We will send you a link to choose a new password.</Trans>
        </Text>
        {problem?.kind === "rate" && (
          <Alert color="red" title={t`Too many requests`} role="alert">
            <Trans>Too many password reset requests. Please try again in {problem.minutes} minute(s).</Trans>
          </Alert>
        )}
        {problem?.kind === "error" && (
          <Alert color="red" title={t`The link could not be sent`} role="alert">
            {problem.message}
          </Alert>
        )}
        <TextInput
          ref={emailInput}
          data-autofocus
          label={t`Email`}
          type="email"
          autoComplete="email"
          required
          key={form.key("email")}
          {...form.getInputProps("email")}
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          <Trans>Send reset link</Trans>
        </Button>
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" onClick={onBack}>
            <Trans>Back to Sign In</Trans>
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
