/**
 * Sign In dialog (spec part 1 §2 Landing, §8): after success the member goes to /dashboard.
 * Rate limiting shows 'Rate Limit Exceeded' with the server's delay in minutes. "Forgot
 * password?" turns the dialog into the reset-link request (docs/architecture.md, Password reset links); an account with a
 * second factor gets the second step (`SecondStepForm`) before its session exists; `forgot` and
 * `onForgotChange` keep that view in the caller's hands (the landing page's `?auth=forgot`).
 * "Sign in with a passkey" signs in without a password (docs/architecture.md "Passkeys"); it is
 * shown only where the browser has WebAuthn, and loads `@simplewebauthn/browser` when pressed.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  useDirection,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { IconFingerprint } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { signInInput } from "../../../common/auth";
import type { SecondFactorMethod } from "../../../common/secondFactor";
import { activateLocale, directionOf } from "../../i18n";
import { errorCode, errorText, retryAfterSeconds } from "../../lib/errors";
import { validateWith } from "../../lib/form";
import { closeWebSocket, useTRPC } from "../../trpc";
import { loadWebAuthn, wasCancelled, webAuthnAvailable } from "../passkeys/webauthn";
import { ForgotPasswordForm } from "../passwordReset";
import { SecondStepForm } from "./SecondStepForm";

type Problem =
  | { kind: "rate"; minutes: number }
  | { kind: "failed"; message: string }
  | { kind: "expired" }
  | { kind: "error" }
  | { kind: "passkeyCancelled" };

export function SignInDialog({
  opened,
  onClose,
  onSwitchToSignUp,
  forgot: forgotProp,
  onForgotChange,
}: {
  opened: boolean;
  onClose: () => void;
  onSwitchToSignUp?: () => void;
  /** Shows the "Forgot password?" view instead of the sign-in form. */
  forgot?: boolean;
  onForgotChange?: (forgot: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { setDirection } = useDirection();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [forgotState, setForgotState] = useState(false);
  // Set when the password was right and the account asks for a second step (no session yet).
  const [secondStep, setSecondStep] = useState<readonly SecondFactorMethod[] | null>(null);
  const forgot = forgotProp ?? forgotState;
  useEffect(() => {
    if (!opened) {
      setForgotState(false);
      setSecondStep(null);
    }
  }, [opened]);
  // Back from "Forgot password?" inside the open dialog: the focus goes to the e-mail field again.
  const emailInput = useRef<HTMLInputElement>(null);
  const wasForgot = useRef(forgot);
  useEffect(() => {
    if (wasForgot.current && !forgot) emailInput.current?.focus();
    wasForgot.current = forgot;
  }, [forgot]);
  const setForgot = (next: boolean) => {
    setForgotState(next);
    onForgotChange?.(next);
  };
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email: "", password: "" },
    validate: validateWith(signInInput),
  });
  const signIn = useMutation(trpc.auth.signIn.mutationOptions());
  const passkeyOptions = useMutation(trpc.auth.passkeyOptions.mutationOptions());
  const passkeySignIn = useMutation(trpc.auth.passkeySignIn.mutationOptions());
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeysAvailable] = useState(webAuthnAvailable);

  function showFailure(error: unknown) {
    const code = errorCode(error);
    if (code === "TOO_MANY_REQUESTS") {
      setProblem({ kind: "rate", minutes: Math.ceil((retryAfterSeconds(error) ?? 60) / 60) });
    } else if (code === "UNAUTHORIZED" || code === "FORBIDDEN" || code === "BAD_REQUEST") {
      setProblem({ kind: "failed", message: errorText(error) });
    } else {
      setProblem({ kind: "error" });
    }
  }

  async function submit(values: typeof form.values) {
    setProblem(null);
    try {
      const result = await signIn.mutateAsync(values);
      if (result.secondStep) {
        setSecondStep(result.secondStep.methods);
        return;
      }
    } catch (error) {
      showFailure(error);
      return;
    }
    await finishSignIn();
  }

  /**
   * Passwordless sign-in (docs/architecture.md "Passkeys"): the server's challenge, the browser's
   * passkey prompt, then the same session and landing as a password sign-in.
   */
  async function submitPasskey() {
    setProblem(null);
    setPasskeyBusy(true);
    try {
      let options: Awaited<ReturnType<typeof passkeyOptions.mutateAsync>>;
      try {
        options = await passkeyOptions.mutateAsync();
      } catch (error) {
        showFailure(error);
        return;
      }
      let response: Parameters<typeof passkeySignIn.mutateAsync>[0]["response"];
      try {
        const { startAuthentication } = await loadWebAuthn();
        response = (await startAuthentication({
          optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
        })) as typeof response;
      } catch (error) {
        setProblem(wasCancelled(error) ? { kind: "passkeyCancelled" } : { kind: "error" });
        return;
      }
      try {
        await passkeySignIn.mutateAsync({ response });
      } catch (error) {
        showFailure(error);
        return;
      }
    } finally {
      setPasskeyBusy(false);
    }
    await finishSignIn();
  }

  /** The session cookie is set: fresh caches, the account's language, the dashboard. */
  async function finishSignIn() {
    closeWebSocket();
    queryClient.clear();
    const session = await queryClient.fetchQuery(trpc.session.get.queryOptions());
    const accountLocale = session?.viewer.locale;
    if (accountLocale && accountLocale !== i18n.locale) {
      await activateLocale(accountLocale);
      setDirection(directionOf(accountLocale));
    }
    notifications.show({ color: "teal", title: t`Welcome back!`, message: t`You have successfully signed in.` });
    form.reset();
    setSecondStep(null);
    onClose();
    await navigate({ to: "/dashboard" });
  }

  if (forgot) {
    return (
      <Modal opened={opened} onClose={onClose} title={<Trans>Reset your password</Trans>} centered>
        <ForgotPasswordForm email={form.getValues().email} onBack={() => setForgot(false)} />
      </Modal>
    );
  }

  if (secondStep) {
    return (
      <Modal opened={opened} onClose={onClose} title={<Trans>Two-step sign-in</Trans>} centered>
        <SecondStepForm
          methods={secondStep}
          onSignedIn={finishSignIn}
          onExpired={() => {
            setSecondStep(null);
            setProblem({ kind: "expired" });
          }}
        />
      </Modal>
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={<Trans>Sign In</Trans>} centered>
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack>
          {problem?.kind === "rate" && (
            <Alert color="red" title={t`Rate Limit Exceeded`} role="alert">
              <Trans>Too many login attempts. Please try again in {problem.minutes} minute(s).</Trans>
            </Alert>
          )}
          {problem?.kind === "failed" && (
            <Alert color="red" title={t`Sign In Failed`} role="alert">
              {problem.message}
            </Alert>
          )}
          {problem?.kind === "expired" && (
            <Alert color="orange" title={t`Sign In Failed`} role="alert">
              <Trans>Your sign-in has expired. Please enter your email and password again.</Trans>
            </Alert>
          )}
          {problem?.kind === "passkeyCancelled" && (
            <Alert color="yellow" title={t`Passkey sign-in cancelled`} role="alert">
              <Trans>
                The passkey request was cancelled or timed out. Please try again, or sign in with your password.
              </Trans>
            </Alert>
          )}
          {problem?.kind === "error" && (
            <Alert color="red" title={t`Sign In Error`} role="alert">
              <Trans>An unexpected error occurred. Please try again.</Trans>
            </Alert>
          )}
          <TextInput
            ref={emailInput}
            label={t`Email`}
            type="email"
            autoComplete="email"
            required
            data-autofocus
            key={form.key("email")}
            {...form.getInputProps("email")}
          />
          <div>
            <PasswordInput
              label={t`Password`}
              autoComplete="current-password"
              required
              key={form.key("password")}
              {...form.getInputProps("password")}
            />
            <Text size="sm" ta="end" mt={6}>
              <Anchor component="button" type="button" onClick={() => setForgot(true)} data-testid="forgot-password">
                <Trans>Forgot password?</Trans>
              </Anchor>
            </Text>
          </div>
          <Button type="submit" loading={signIn.isPending} disabled={passkeyBusy} fullWidth>
            <Trans>Sign In</Trans>
          </Button>
          {passkeysAvailable && (
            <>
              <Divider label={<Trans>or</Trans>} labelPosition="center" />
              <Button
                variant="default"
                leftSection={<IconFingerprint size={18} aria-hidden />}
                loading={passkeyBusy}
                disabled={signIn.isPending}
                onClick={() => void submitPasskey()}
                fullWidth
                data-testid="passkey-sign-in"
              >
                <Trans>Sign in with a passkey</Trans>
              </Button>
            </>
          )}
          {onSwitchToSignUp && (
            <Text size="sm" ta="center">
              <Trans>Not a member yet?</Trans>{" "}
              <Anchor component="button" type="button" onClick={onSwitchToSignUp}>
                <Trans>Join the Club</Trans>
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
