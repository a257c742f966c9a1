/**
 * The second sign-in step inside the Sign In dialog (docs/architecture.md "Security model";
 * ASVS V6.3.3): the 6-digit code of the authenticator app, or a recovery code. The pending
 * sign-in lives in an httpOnly cookie; when it has expired (5 minutes) the dialog goes back to
 * the password.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { SecondFactorMethod } from "../../../common/secondFactor";
import { errorCode, errorText, retryAfterSeconds, serverMsgKeys } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import { CodeField } from "../secondFactor/CodeField";
import { isWholeTotpCode } from "../secondFactor/codes";

export function SecondStepForm({
  methods,
  onSignedIn,
  onExpired,
}: {
  methods: readonly SecondFactorMethod[];
  /** The session cookie is set: finish signing in. */
  onSignedIn: () => Promise<void>;
  /** The pending sign-in is gone: ask for the password again. */
  onExpired: () => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const verify = useMutation(trpc.auth.signInSecondStep.mutationOptions());
  const [method, setMethod] = useState<SecondFactorMethod>(methods.includes("totp") ? "totp" : "recovery_code");
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    if (method === "totp" ? !isWholeTotpCode(code) : recovery.trim() === "") {
      setError(
        method === "totp"
          ? t`Please enter the 6-digit code shown in your authenticator app.`
          : t`Please enter one of your recovery codes.`,
      );
      return;
    }
    setError(null);
    try {
      await verify.mutateAsync(method === "totp" ? { method, code } : { method, code: recovery });
    } catch (e) {
      if (serverMsgKeys(e).includes("pendingSignInExpired")) {
        onExpired();
        return;
      }
      const wait = errorCode(e) === "TOO_MANY_REQUESTS" ? retryAfterSeconds(e) : null;
      const minutes = wait ? Math.ceil(wait / 60) : null;
      setError(minutes ? t`Too many wrong codes. Please try again in ${minutes} minute(s).` : errorText(e));
      return;
    }
    await onSignedIn();
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack>
        <Text size="sm">
          {method === "totp" ? (
            <Trans>Open your authenticator app and enter the 6-digit code it shows for Export Club.</Trans>
          ) : (
            <Trans>Enter one of the recovery codes you saved. Each code works once.</Trans>
          )}
        </Text>
        {error && (
          <Alert color="red" title={t`Sign In Failed`} role="alert">
            {error}
          </Alert>
        )}
        {method === "totp" ? (
          <CodeField value={code} onChange={setCode} autoFocus key="totp" />
        ) : (
          <TextInput
            key="recovery"
            label={t`Recovery code`}
            autoComplete="off"
            dir="ltr"
            value={recovery}
            onChange={(e) => setRecovery(e.currentTarget.value)}
            data-autofocus
            autoFocus
            data-testid="recovery-code"
          />
        )}
        <Button type="submit" loading={verify.isPending} fullWidth data-testid="second-step-submit">
          <Trans>Verify</Trans>
        </Button>
        {methods.includes("recovery_code") && methods.includes("totp") && (
          <Text size="sm" ta="center">
            <Anchor
              component="button"
              type="button"
              onClick={() => {
                setMethod((m) => (m === "totp" ? "recovery_code" : "totp"));
                setError(null);
              }}
              data-testid="second-step-switch"
            >
              {method === "totp" ? <Trans>Use a recovery code</Trans> : <Trans>Use your authenticator app</Trans>}
            </Anchor>
          </Text>
        )}
      </Stack>
    </form>
  );
}
