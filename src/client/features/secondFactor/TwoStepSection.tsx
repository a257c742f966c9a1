/**
 * "Two-step sign-in" on the profile page (docs/architecture.md "Security model"; ADR 27): the
 * authenticator app's state, setting it up, new recovery codes (a code or the password) and
 * removing it (password and code, or a recovery code), each in a dialog.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { LoadError } from "../../components/LoadError";
import { formatDate, formatNumber } from "../../i18n";
import { errorText } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import { SectionCard } from "../profile/SectionCard";
import { CodeField } from "./CodeField";
import { isWholeTotpCode } from "./codes";
import { EnrolDialog } from "./EnrolDialog";
import { RecoveryCodesView } from "./RecoveryCodesView";

/** The id of the section, for links to it (the admins' banner). */
export const TWO_STEP_SECTION_ID = "two-step-sign-in";

export function TwoStepSection() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const status = useQuery(trpc.secondFactor.status.queryOptions());
  const [dialog, setDialog] = useState<"enrol" | "regenerate" | "remove" | null>(null);
  const close = () => setDialog(null);

  return (
    <div id={TWO_STEP_SECTION_ID}>
      <SectionCard
        icon={<IconShieldLock size={20} />}
        title={<Trans>Two-step sign-in</Trans>}
        description={
          <Trans>
            After your password, sign-in asks for a code from an authenticator app on your phone, so a stolen password
            alone cannot open your account.
          </Trans>
        }
        testId="card-two-step"
      >
        {status.isPending ? (
          <Skeleton h={72} radius="md" aria-label={t`Loading`} />
        ) : status.isError ? (
          <LoadError
            title={t`Failed to load your two-step sign-in`}
            error={status.error}
            onRetry={() => void status.refetch()}
          />
        ) : status.data.totp.enabled ? (
          <Stack gap="sm">
            <Group gap="sm">
              <Text fw={600}>
                <Trans>Authenticator app</Trans>
              </Text>
              <Badge color="teal" data-testid="totp-status">
                <Trans>On</Trans>
              </Badge>
              {status.data.totp.enabledAt && (
                <Text size="sm" c="dimmed">
                  <Trans>Since {formatDate(status.data.totp.enabledAt)}</Trans>
                </Text>
              )}
            </Group>
            <Text size="sm" c={status.data.recoveryCodesLeft < 3 ? "orange.8" : undefined}>
              <Trans>Recovery codes left: {formatNumber(status.data.recoveryCodesLeft)}</Trans>
            </Text>
            <Group gap="sm">
              <Button variant="light" onClick={() => setDialog("regenerate")}>
                <Trans>New recovery codes</Trans>
              </Button>
              <Button variant="light" color="red" onClick={() => setDialog("remove")} data-testid="totp-remove">
                <Trans>Remove authenticator app</Trans>
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm" align="flex-start">
            <Group gap="sm">
              <Text fw={600}>
                <Trans>Authenticator app</Trans>
              </Text>
              <Badge color="gray" data-testid="totp-status">
                <Trans>Off</Trans>
              </Badge>
            </Group>
            {status.data.adminDue && (
              <Alert color={status.data.adminDue.overdue ? "red" : "yellow"} w="100%">
                <Trans>
                  As an administrator you must use two-step sign-in. Admin pages stay open to you until{" "}
                  {formatDate(status.data.adminDue.graceEndsAt)}.
                </Trans>
              </Alert>
            )}
            <Button onClick={() => setDialog("enrol")} data-testid="totp-enrol">
              <Trans>Set up authenticator app</Trans>
            </Button>
          </Stack>
        )}
      </SectionCard>
      <EnrolDialog opened={dialog === "enrol"} onClose={close} />
      <RegenerateDialog opened={dialog === "regenerate"} onClose={close} />
      <RemoveDialog opened={dialog === "remove"} onClose={close} />
    </div>
  );
}

/** New recovery codes, proven by a current code or the password; the old codes stop working. */
function RegenerateDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const regenerate = useMutation(trpc.secondFactor.regenerateRecoveryCodes.mutationOptions());
  const [usePassword, setUsePassword] = useState(false);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  function reset() {
    setUsePassword(false);
    setCode("");
    setPassword("");
    setError(null);
    setCodes(null);
    regenerate.reset();
  }

  async function submit() {
    if (!usePassword && !isWholeTotpCode(code)) {
      setError(t`Please enter the 6-digit code shown in your authenticator app.`);
      return;
    }
    if (usePassword && password === "") {
      setError(t`Please enter your password.`);
      return;
    }
    setError(null);
    try {
      const result = await regenerate.mutateAsync(
        usePassword ? { proof: "password", password } : { proof: "totp", code },
      );
      setCodes(result.recoveryCodes);
    } catch (e) {
      setError(errorText(e));
    } finally {
      await queryClient.invalidateQueries({ queryKey: trpc.secondFactor.status.queryKey() });
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={reset}
      title={<Trans>New recovery codes</Trans>}
      centered
      size="lg"
    >
      {codes ? (
        <Stack>
          <RecoveryCodesView codes={codes} />
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              <Trans>I have saved my codes</Trans>
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
            <Text size="sm">
              <Trans>Your current recovery codes stop working and ten new ones are shown once.</Trans>
            </Text>
            {usePassword ? (
              <PasswordInput
                label={t`Password`}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={error}
                data-autofocus
              />
            ) : (
              <CodeField value={code} onChange={setCode} error={error} autoFocus />
            )}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setUsePassword((p) => !p);
                setError(null);
              }}
            >
              {usePassword ? <Trans>Use a code from the app instead</Trans> : <Trans>Use your password instead</Trans>}
            </Anchor>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={regenerate.isPending}>
                <Trans>Make new codes</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Removing the authenticator: password and a current code, or a recovery code (a lost phone). */
function RemoveDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.secondFactor.disableTotp.mutationOptions());
  const [useRecovery, setUseRecovery] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState("");
  const [error, setError] = useState<string | null>(null);

  function reset() {
    setUseRecovery(false);
    setPassword("");
    setCode("");
    setRecovery("");
    setError(null);
    remove.reset();
  }

  async function submit() {
    if (useRecovery ? recovery.trim() === "" : password === "" || !isWholeTotpCode(code)) {
      setError(
        useRecovery
          ? t`Please enter one of your recovery codes.`
          : t`Please enter your password and the 6-digit code shown in your authenticator app.`,
      );
      return;
    }
    setError(null);
    try {
      await remove.mutateAsync(
        useRecovery ? { proof: "recovery_code", code: recovery } : { proof: "totp", password, code },
      );
    } catch (e) {
      setError(errorText(e));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: trpc.secondFactor.status.queryKey() });
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={reset}
      title={<Trans>Remove the authenticator app?</Trans>}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack>
          <Text size="sm">
            <Trans>
              Sign-in will ask for your password only, and your recovery codes stop working. You can set up an
              authenticator app again at any time.
            </Trans>
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {useRecovery ? (
            <TextInput
              label={t`Recovery code`}
              autoComplete="off"
              dir="ltr"
              value={recovery}
              onChange={(e) => setRecovery(e.currentTarget.value)}
              data-autofocus
            />
          ) : (
            <>
              <PasswordInput
                label={t`Password`}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                data-autofocus
              />
              <CodeField value={code} onChange={setCode} testId="remove-code" />
            </>
          )}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setUseRecovery((r) => !r);
              setError(null);
            }}
          >
            {useRecovery ? (
              <Trans>Use your password and a code instead</Trans>
            ) : (
              <Trans>Lost your phone? Use a recovery code</Trans>
            )}
          </Anchor>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" color="red" loading={remove.isPending} data-testid="confirm-totp-remove">
              <Trans>Remove</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
