/**
 * Profile Settings → Your data (docs/architecture.md "A copy of my data", "Deleting an
 * account"): ask for a copy of everything the club holds about you (requested → ready →
 * expired; the link is also mailed), and delete the account after a confirmation dialog that
 * names the consequences and asks for the current password.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, Group, List, Modal, PasswordInput, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconDatabaseExport, IconDownload, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { Msg } from "../../../common/messages";
import { deleteAccountInput } from "../../../common/myData";
import { LoadError } from "../../components/LoadError";
import { formatDate } from "../../i18n";
import { errorText } from "../../lib/errors";
import { applyServerErrors, validateWith } from "../../lib/form";
import { formatFileSize } from "../../lib/upload";
import { closeWebSocket, useTRPC } from "../../trpc";
import { rawServerMessage } from "../profile/model";
import { SectionCard } from "../profile/SectionCard";

/** How often the section asks whether a requested copy is ready, in milliseconds. */
const POLL_MS = 3_000;

export function MyDataSection() {
  return (
    <div id="my-data">
      <SectionCard
        icon={<IconDatabaseExport size={20} />}
        title={<Trans>Your data</Trans>}
        description={<Trans>Download a copy of everything the club holds about you, or delete your account.</Trans>}
        testId="my-data"
      >
        <Stack gap="xl">
          <ExportPart />
          <DeletePart />
        </Stack>
      </SectionCard>
    </div>
  );
}

function ExportPart() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery({
    ...trpc.myData.status.queryOptions(),
    refetchInterval: (q) => (q.state.data?.status === "requested" ? POLL_MS : false),
  });
  const request = useMutation(
    trpc.myData.requestExport.mutationOptions({
      onSuccess: async () => {
        notifications.show({
          color: "teal",
          title: t`Copy requested`,
          message: t`We are preparing your copy. We will e-mail you a link when it is ready.`,
        });
        await queryClient.invalidateQueries({ queryKey: trpc.myData.status.queryKey() });
      },
      onError: (error) => {
        notifications.show({ color: "red", title: t`Could not request a copy`, message: errorText(error) });
      },
    }),
  );

  if (status.isPending) {
    return <Skeleton h={72} aria-busy="true" aria-label={t`Loading your data export`} />;
  }
  if (status.isError) {
    return (
      <LoadError
        title={t`Failed to load your data export`}
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  }
  const current = status.data;
  const requestButton = (label: string) => (
    <Group>
      <Button
        leftSection={<IconDatabaseExport size={18} aria-hidden />}
        variant="light"
        onClick={() => request.mutate()}
        loading={request.isPending}
        data-testid="request-data-export"
      >
        {label}
      </Button>
    </Group>
  );

  return (
    <Stack gap="sm" data-testid="data-export" data-status={current?.status ?? "none"}>
      <Title order={3} size="h5">
        <Trans>A copy of your data</Trans>
      </Title>
      <Text size="sm">
        <Trans>
          One zip file with your profile, posts, responses, ratings, knowledge, questions, assessments, notifications,
          security log and uploaded files, each explained in a README. The link works for 7 days, and only when you are
          signed in.
        </Trans>
      </Text>
      <div aria-live="polite">
        {!current && requestButton(t`Request a copy of my data`)}
        {current?.status === "requested" && (
          <Alert color="blue" variant="light" title={t`Preparing your copy…`}>
            <Trans>This usually takes a minute. We will also e-mail you the link.</Trans>
          </Alert>
        )}
        {current?.status === "ready" && current.url && current.expiresAt && (
          <Stack gap="xs">
            <Group gap="sm">
              <Button
                component="a"
                href={current.url}
                download
                leftSection={<IconDownload size={18} aria-hidden />}
                data-testid="download-data-export"
              >
                <Trans>Download your data</Trans>
              </Button>
              {current.sizeBytes !== null && (
                <Text size="sm" c="dimmed">
                  {formatFileSize(current.sizeBytes, i18n.locale)}
                </Text>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              <Trans>Available until {formatDate(current.expiresAt, i18n.locale)}.</Trans>{" "}
              <Anchor component="button" type="button" size="sm" onClick={() => request.mutate()}>
                <Trans>Make a new copy</Trans>
              </Anchor>
            </Text>
          </Stack>
        )}
        {current?.status === "expired" && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              <Trans>Your last copy has expired and was deleted.</Trans>
            </Text>
            {requestButton(t`Request a new copy`)}
          </Stack>
        )}
        {current?.status === "failed" && (
          <Stack gap="xs">
            <Alert color="red" variant="light" title={t`Your copy could not be prepared`}>
              <Trans>Something went wrong while preparing it. Please ask again.</Trans>
            </Alert>
            {requestButton(t`Request a new copy`)}
          </Stack>
        )}
      </div>
    </Stack>
  );
}

const validate = validateWith(deleteAccountInput);

function DeletePart() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const form = useForm({ initialValues: { currentPassword: "" }, validate });
  const remove = useMutation(trpc.myData.deleteAccount.mutationOptions());

  function close() {
    if (remove.isPending) return;
    setOpened(false);
    form.reset();
  }

  async function confirm(values: { currentPassword: string }) {
    try {
      await remove.mutateAsync(values);
    } catch (error) {
      const wrong = rawServerMessage(error) === Msg.currentPasswordWrong;
      applyServerErrors(form, error, { extra: wrong ? { currentPassword: errorText(error) } : {} });
      if (!wrong)
        notifications.show({ color: "red", title: t`Could not delete your account`, message: errorText(error) });
      return;
    }
    setOpened(false);
    notifications.show({
      color: "teal",
      title: t`Your account has been deleted`,
      message: t`We have sent a confirmation to your e-mail address.`,
    });
    closeWebSocket();
    queryClient.clear();
    queryClient.setQueryData(trpc.session.get.queryKey(), null);
    await navigate({ to: "/landing", replace: true });
  }

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        <Trans>Delete your account</Trans>
      </Title>
      <Text size="sm">
        <Trans>
          Your profile, files and points are erased for good. Responses, ratings and knowledge that others rely on stay,
          shown as from a former member.
        </Trans>
      </Text>
      <Group>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => setOpened(true)}
          data-testid="delete-account"
        >
          <Trans>Delete my account…</Trans>
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title={<Trans>Delete your account?</Trans>} centered>
        <form onSubmit={form.onSubmit((values) => void confirm(values))} noValidate data-testid="delete-account-dialog">
          <Stack>
            <Text size="sm" fw={600}>
              <Trans>This cannot be undone. When you delete your account:</Trans>
            </Text>
            <List size="sm" spacing={4}>
              <List.Item>
                <Trans>
                  your profile, contact details, photo, files, notifications, assessments, points and saved settings are
                  erased;
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  you leave the member directory and the leaderboard at once, and are signed out everywhere;
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  your posts close; responses, ratings and published knowledge stay, shown as from a former member;
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>you may sign up again later with the same e-mail address, as a new applicant.</Trans>
              </List.Item>
            </List>
            <PasswordInput
              label={t`Current password`}
              description={t`To confirm that it is you.`}
              autoComplete="current-password"
              withAsterisk
              data-autofocus
              data-testid="delete-account-password"
              {...form.getInputProps("currentPassword")}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={remove.isPending}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" color="red" loading={remove.isPending} data-testid="confirm-delete-account">
                <Trans>Delete my account</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
