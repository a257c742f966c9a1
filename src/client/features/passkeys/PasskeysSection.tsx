/**
 * Profile Settings → Passkeys (docs/architecture.md "Passkeys"): the member's passkeys with the
 * dates they were added and last used; add one (a name and the current password, then the
 * browser's passkey prompt), rename one, remove one (after confirming with the current password).
 * In a browser without WebAuthn the add button is replaced by an explanation; the list stays, so
 * a passkey can still be removed.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { IconFingerprint, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Msg } from "../../../common/messages";
import { passkeyRegistrationOptionsInput, passkeyRemoveInput, passkeyRenameInput } from "../../../common/passkeys";
import { LoadError } from "../../components/LoadError";
import { formatDate } from "../../i18n";
import { errorText } from "../../lib/errors";
import { applyServerErrors, validateWith } from "../../lib/form";
import { useTRPC } from "../../trpc";
import { rawServerMessage } from "../profile/model";
import { SectionCard } from "../profile/SectionCard";
import { loadWebAuthn, wasCancelled, webAuthnAvailable } from "./webauthn";

interface Passkey {
  id: string;
  name: string;
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
  backedUp: boolean;
}

export function PasskeysSection() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const list = useQuery(trpc.passkeys.list.queryOptions());
  const [available] = useState(webAuthnAvailable);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  return (
    <div id="passkeys">
      <SectionCard
        icon={<IconFingerprint size={20} />}
        title={<Trans>Passkeys</Trans>}
        description={
          <Trans>
            Sign in with your fingerprint, face or screen lock instead of your password. A passkey stays on your device
            and cannot be phished.
          </Trans>
        }
        testId="passkeys-section"
      >
        <Stack gap="sm">
          {!available && (
            <Alert color="gray" data-testid="passkeys-unavailable">
              <Trans>
                This browser cannot create or use passkeys. To add one, open your profile in a current browser on a
                device with a screen lock or a security key.
              </Trans>
            </Alert>
          )}
          {list.isPending ? (
            <Stack gap="xs" aria-busy>
              <Skeleton height={56} radius="md" />
            </Stack>
          ) : list.isError ? (
            <LoadError title={t`Failed to load your passkeys`} error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>You have no passkeys yet.</Trans>
            </Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {list.data.map((p) => (
                <PasskeyItem key={p.id} passkey={p} onRename={() => setRenaming(p)} onRemove={() => setRemoving(p)} />
              ))}
            </Stack>
          )}
          {available && (
            <Group>
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                variant="light"
                onClick={() => setAdding(true)}
                disabled={list.isPending}
              >
                <Trans>Add a passkey</Trans>
              </Button>
            </Group>
          )}
        </Stack>
      </SectionCard>
      <AddPasskeyDialog opened={adding} onClose={() => setAdding(false)} />
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

function PasskeyItem({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  onRename: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useLingui();
  const added = formatDate(passkey.createdAt, i18n.locale);
  const used = passkey.lastUsedAt ? formatDate(passkey.lastUsedAt, i18n.locale) : null;
  const name = passkey.name;
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="passkey-item">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} dir="auto" style={{ overflowWrap: "anywhere" }}>
              {name}
            </Text>
            {passkey.backedUp && (
              <Badge variant="light" color="teal" size="sm">
                <Trans>Synced</Trans>
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {used ? (
              <Trans>
                Added {added} · Last used {used}
              </Trans>
            ) : (
              <Trans>Added {added} · Never used</Trans>
            )}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={onRename}
            aria-label={t`Rename passkey ${name}`}
          >
            <Trans>Rename</Trans>
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onRemove}
            aria-label={t`Remove passkey ${name}`}
          >
            <Trans>Remove</Trans>
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

interface AddValues {
  name: string;
  currentPassword: string;
}

const validateAdd = validateWith(passkeyRegistrationOptionsInput);

function AddPasskeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<AddValues>({ initialValues: { name: "", currentPassword: "" }, validate: validateAdd });
  const start = useMutation(trpc.passkeys.registrationOptions.mutationOptions());
  const finish = useMutation(trpc.passkeys.register.mutationOptions());

  function close() {
    if (busy) return;
    form.reset();
    setFailure(null);
    onClose();
  }

  async function submit(values: AddValues) {
    setFailure(null);
    setBusy(true);
    try {
      let options: Awaited<ReturnType<typeof start.mutateAsync>>;
      try {
        options = await start.mutateAsync(values);
      } catch (error) {
        const extra = rawServerMessage(error) === Msg.currentPasswordWrong ? { currentPassword: errorText(error) } : {};
        const fields = applyServerErrors(form, error, { extra });
        if (Object.keys(fields).length === 0) setFailure(errorText(error));
        return;
      }
      let response: Awaited<ReturnType<Awaited<ReturnType<typeof loadWebAuthn>>["startRegistration"]>>;
      try {
        const { startRegistration } = await loadWebAuthn();
        // The server's JSON is the library's own type; tRPC's inferred copy differs only in the
        // unused binary extension inputs.
        response = await startRegistration({
          optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
        });
      } catch (error) {
        const code = (error as { code?: string; name?: string } | null)?.code;
        setFailure(
          code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" ||
            (error as { name?: string })?.name === "InvalidStateError"
            ? t`This device already holds a passkey for your account.`
            : wasCancelled(error)
              ? t`The passkey was not created: the request was cancelled or timed out. Please try again.`
              : t`This browser could not create the passkey. Please try again.`,
        );
        return;
      }
      try {
        await finish.mutateAsync({ response: response as Parameters<typeof finish.mutateAsync>[0]["response"] });
      } catch (error) {
        setFailure(errorText(error));
        return;
      }
    } finally {
      setBusy(false);
    }
    await queryClient.invalidateQueries({ queryKey: trpc.passkeys.list.queryKey() });
    notifications.show({
      color: "teal",
      title: t`Passkey added`,
      message: t`You can now sign in with this passkey instead of your password.`,
    });
    form.reset();
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title={<Trans>Add a passkey</Trans>} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.stopPropagation();
          form.onSubmit((v) => void submit(v))(e);
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            <Trans>
              Give the passkey a name you will recognise, and confirm it is you with your current password. Your browser
              then asks you to create the passkey.
            </Trans>
          </Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t`Passkey name`}
            placeholder={t`For example: My laptop`}
            maxLength={50}
            required
            data-autofocus
            dir="auto"
            {...form.getInputProps("name")}
          />
          <PasswordInput
            label={t`Current password`}
            autoComplete="current-password"
            required
            {...form.getInputProps("currentPassword")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy}>
              <Trans>Continue</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const validateRename = validateWith(passkeyRenameInput.pick({ name: true }));

function RenamePasskeyDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { name: "" }, validate: validateRename });
  const rename = useMutation(trpc.passkeys.rename.mutationOptions());
  const id = passkey?.id;
  const currentName = passkey?.name;
  // Each opening starts from the passkey's current name.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `form` is stable; only a new passkey resets it
  useEffect(() => {
    if (id === undefined) return;
    form.setValues({ name: currentName ?? "" });
    form.resetDirty({ name: currentName ?? "" });
    setFailure(null);
  }, [id]);

  function close() {
    form.clearErrors();
    onClose();
  }

  async function submit(values: { name: string }) {
    if (!passkey) return;
    setFailure(null);
    try {
      await rename.mutateAsync({ id: passkey.id, name: values.name });
    } catch (error) {
      const fields = applyServerErrors(form, error);
      if (Object.keys(fields).length === 0) setFailure(errorText(error));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: trpc.passkeys.list.queryKey() });
    notifications.show({ color: "teal", title: t`Passkey renamed`, message: t`The new name has been saved.` });
    close();
  }

  return (
    <Modal opened={passkey !== null} onClose={close} title={<Trans>Rename passkey</Trans>} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.stopPropagation();
          form.onSubmit((v) => void submit(v))(e);
        }}
      >
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t`Passkey name`}
            maxLength={50}
            required
            data-autofocus
            dir="auto"
            {...form.getInputProps("name")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={rename.isPending}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const validateRemove = validateWith(passkeyRemoveInput.pick({ currentPassword: true }));

function RemovePasskeyDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { currentPassword: "" }, validate: validateRemove });
  const remove = useMutation(trpc.passkeys.remove.mutationOptions());
  const name = passkey?.name ?? "";

  function close() {
    form.reset();
    setFailure(null);
    onClose();
  }

  async function submit(values: { currentPassword: string }) {
    if (!passkey) return;
    setFailure(null);
    try {
      await remove.mutateAsync({ id: passkey.id, currentPassword: values.currentPassword });
    } catch (error) {
      const extra = rawServerMessage(error) === Msg.currentPasswordWrong ? { currentPassword: errorText(error) } : {};
      const fields = applyServerErrors(form, error, { extra });
      if (Object.keys(fields).length === 0) setFailure(errorText(error));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: trpc.passkeys.list.queryKey() });
    notifications.show({ color: "teal", title: t`Passkey removed`, message: t`You can no longer sign in with it.` });
    close();
  }

  return (
    <Modal opened={passkey !== null} onClose={close} title={<Trans>Remove passkey</Trans>} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.stopPropagation();
          form.onSubmit((v) => void submit(v))(e);
        }}
      >
        <Stack>
          <Text size="sm">
            <Trans>
              Remove the passkey <b dir="auto">{name}</b>? You will no longer be able to sign in with it. Please confirm
              with your current password.
            </Trans>
          </Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <PasswordInput
            label={t`Current password`}
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps("currentPassword")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" color="red" loading={remove.isPending}>
              <Trans>Remove passkey</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
