/**
 * Setting up an authenticator app (docs/architecture.md "Security model"; ASVS V6.5): the QR code
 * of the `otpauth://` URI and the key as text, then a current code to confirm, then the ten
 * recovery codes, shown once.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Center, Group, List, Loader, Modal, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { useEffect, useRef, useState } from "react";
import { errorText } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import { CodeField } from "./CodeField";
import { isWholeTotpCode } from "./codes";
import { RecoveryCodesView } from "./RecoveryCodesView";

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP", easier to type. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

export function EnrolDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const begin = useMutation(trpc.secondFactor.beginTotp.mutationOptions());
  const confirm = useMutation(trpc.secondFactor.confirmTotp.mutationOptions());
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { mutate: start, reset: resetBegin } = begin;
  const { reset: resetConfirm } = confirm;

  // One secret per opening: a second start would replace the one on screen (StrictMode runs effects twice).
  const started = useRef(false);
  useEffect(() => {
    if (opened) {
      if (!started.current) start();
      started.current = true;
    } else {
      started.current = false;
      resetBegin();
      resetConfirm();
      setCode("");
      setError(null);
      setCodes(null);
    }
  }, [opened, start, resetBegin, resetConfirm]);

  async function submit() {
    if (!isWholeTotpCode(code)) {
      setError(t`Please enter the 6-digit code shown in your authenticator app.`);
      return;
    }
    setError(null);
    try {
      const result = await confirm.mutateAsync({ code });
      setCodes(result.recoveryCodes);
    } catch (e) {
      setError(errorText(e));
    } finally {
      await queryClient.invalidateQueries({ queryKey: trpc.secondFactor.status.queryKey() });
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={<Trans>Set up an authenticator app</Trans>} centered size="lg">
      {codes ? (
        <Stack>
          <Alert color="teal" title={t`Two-step sign-in is on`}>
            <Trans>From now on you sign in with your password and a code from your authenticator app.</Trans>
          </Alert>
          <RecoveryCodesView codes={codes} />
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus data-testid="enrol-done">
              <Trans>I have saved my codes</Trans>
            </Button>
          </Group>
        </Stack>
      ) : begin.isPending || begin.isIdle ? (
        <Center py="xl" aria-busy="true">
          <Loader aria-label={t`Loading`} />
        </Center>
      ) : begin.isError ? (
        <Stack>
          <Alert color="red" title={t`Could not start the setup`} role="alert">
            {errorText(begin.error)}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={() => start()} data-autofocus>
              <Trans>Try again</Trans>
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Stack>
            <List type="ordered" spacing="xs" size="sm">
              <List.Item>
                <Trans>
                  Open an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or
                  2FAS, and add an account.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>Scan this QR code, or type the key below into the app.</Trans>
              </List.Item>
              <List.Item>
                <Trans>Enter the 6-digit code the app shows.</Trans>
              </List.Item>
            </List>
            <Center>
              <div
                role="img"
                aria-label={t`QR code for your authenticator app`}
                style={{ background: "#fff", padding: 12 }}
              >
                <QRCodeSVG value={begin.data.keyUri} size={184} marginSize={0} aria-hidden />
              </div>
            </Center>
            <div>
              <Text size="sm" fw={500} id="totp-secret-label">
                <Trans>Key for typing in</Trans>
              </Text>
              <Text
                dir="ltr"
                ff="monospace"
                fz="md"
                p="xs"
                bg="var(--mantine-color-gray-light)"
                aria-labelledby="totp-secret-label"
                data-testid="totp-secret"
                style={{ overflowWrap: "anywhere", borderRadius: "var(--mantine-radius-sm)" }}
              >
                {grouped(begin.data.secret)}
              </Text>
            </div>
            <CodeField value={code} onChange={setCode} error={error} autoFocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={confirm.isPending} data-testid="enrol-confirm">
                <Trans>Turn on</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
