/**
 * My services `/services/mine` (issue #15 §1): the provider's services, newest first, each with
 * its status (pending, approved, rejected, paused), the administrator's note, its fields, Edit
 * (back to review) and, for an approved one, Pause (after a confirmation) or Resume. Empty: a
 * link to publish one.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Card, Group, Modal, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconEdit, IconMessage, IconPlayerPause, IconPlayerPlay, IconPlus, IconSchool } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { BackToDashboard } from "../../components/BackLink";
import { LoadError } from "../../components/LoadError";
import { UserText } from "../../components/UserText";
import { formatDate } from "../../i18n";
import { errorText } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import { type MyService, ServiceDetails, ServiceStatusBadge } from "./ServiceDetails";

export function MyServicesPage() {
  const { t } = useLingui();
  useDocumentTitle(t`My services`);
  const trpc = useTRPC();
  const list = useQuery(trpc.services.mine.queryOptions());

  return (
    <Stack maw={900} mx="auto" gap="md" pb="md">
      <BackToDashboard />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            <Trans>My services</Trans>
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            <Trans>
              Your consultancy and training services. Approved services that are not paused appear in members'
              consultation searches.
            </Trans>
          </Text>
        </div>
        <Button component={Link} to="/consultancy/send-offer" leftSection={<IconPlus size={16} aria-hidden />}>
          <Trans>Publish a service</Trans>
        </Button>
      </Group>

      {list.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label={t`Loading services`}>
          {[0, 1].map((i) => (
            <Card key={i} withBorder radius="lg" p="lg">
              <Skeleton h={18} w="60%" mb="sm" />
              <Skeleton h={12} w="90%" mb={6} />
              <Skeleton h={12} w="80%" />
            </Card>
          ))}
        </Stack>
      ) : list.isError ? (
        <LoadError title={t`Failed to load your services`} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Card withBorder radius="lg" p="xl" data-testid="services-empty">
          <Stack align="center" gap="xs">
            <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden>
              <IconSchool size={24} />
            </ThemeIcon>
            <Text c="dimmed" ta="center">
              <Trans>You have not published a service yet.</Trans>
            </Text>
            <Button component={Link} to="/consultancy/send-offer" variant="light">
              <Trans>Publish a service</Trans>
            </Button>
          </Stack>
        </Card>
      ) : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: "none" }} data-testid="my-services">
          {list.data.map((s) => (
            <li key={s.id}>
              <ServiceCard service={s} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ServiceCard({ service: s }: { service: MyService }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pause = useMutation(trpc.services.pause.mutationOptions());
  const resume = useMutation(trpc.services.resume.mutationOptions());
  const [confirming, setConfirming] = useState(false);
  const titleId = `service-${s.id}-title`;

  async function run(action: "pause" | "resume") {
    try {
      await (action === "pause" ? pause : resume).mutateAsync({ id: s.id });
      notifications.show({
        color: "teal",
        message: action === "pause" ? t`The service is paused.` : t`The service is listed again.`,
      });
    } catch (error) {
      console.error(`Failed to ${action} service`, error);
      notifications.show({ color: "red", title: t`Failed to update the service`, message: errorText(error) });
    } finally {
      setConfirming(false);
      await queryClient.invalidateQueries(trpc.services.mine.queryFilter());
    }
  }

  const created = formatDate(s.createdAt, i18n.locale);
  return (
    <Card
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="article"
      aria-labelledby={titleId}
      data-testid="my-service"
      data-id={s.id}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: "anywhere" }}>
              <span dir="auto">{s.title}</span>
            </Title>
            <Text size="xs" c="dimmed">
              <Trans>Published {created}</Trans>
            </Text>
          </div>
          <ServiceStatusBadge service={s} style={{ flexShrink: 0 }} />
        </Group>
        {s.status === "pending" && (
          <Text size="sm" c="dimmed">
            <Trans>Waiting for an administrator's review.</Trans>
          </Text>
        )}
        {s.adminNotes && (
          <Alert
            color={s.status === "rejected" ? "red" : "blue"}
            variant="light"
            icon={<IconMessage size={18} aria-hidden />}
            title={t`Note from the administrator`}
            data-testid="admin-note"
          >
            <UserText size="sm">{s.adminNotes}</UserText>
          </Alert>
        )}
        <ServiceDetails service={s} />
        <Group justify="flex-end" gap="sm">
          <Button
            renderRoot={(props) => (
              <Link to="/services/$serviceId/edit" params={{ serviceId: String(s.id) }} {...props} />
            )}
            variant="default"
            leftSection={<IconEdit size={16} aria-hidden />}
            aria-label={t`Edit ${s.title}`}
          >
            <Trans>Edit</Trans>
          </Button>
          {s.status === "approved" &&
            (s.paused ? (
              <Button
                color="teal"
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                loading={resume.isPending}
                onClick={() => void run("resume")}
                data-testid="resume-service"
              >
                <Trans>Resume</Trans>
              </Button>
            ) : (
              <Button
                color="orange"
                variant="light"
                leftSection={<IconPlayerPause size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
                data-testid="pause-service"
              >
                <Trans>Pause</Trans>
              </Button>
            ))}
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t`Pause this service?`}
        closeButtonProps={{ "aria-label": t`Close` }}
        centered
      >
        <Text size="sm">
          <Trans>Members will not find it in consultation searches until you resume it.</Trans>
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            color="orange"
            loading={pause.isPending}
            onClick={() => void run("pause")}
            data-testid="confirm-pause"
          >
            <Trans>Pause</Trans>
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
