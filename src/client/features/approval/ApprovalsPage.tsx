/**
 * User Approval Management (spec part 1 §2 /admin/approvals, §4, §8): pending applicants with
 * a Review dialog (optional notes, Approve / Reject).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { LIMITS } from "../../../common/constants";
import { LoadError } from "../../components/LoadError";
import { formatDate } from "../../i18n";
import { errorText } from "../../lib/errors";
import { ACTIVITY_LABELS, APPROVAL_STATUS_LABELS, USER_TYPE_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";

type Applicant = {
  userId: string;
  name: string;
  email: string;
  activities: (keyof typeof ACTIVITY_LABELS)[];
  userType: keyof typeof USER_TYPE_LABELS;
  approvalStatus: keyof typeof APPROVAL_STATUS_LABELS;
  appliedAt: string | Date;
};

export function ApprovalsPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.approval.listPending.queryOptions());
  const [selected, setSelected] = useState<Applicant | null>(null);
  const [notes, setNotes] = useState("");
  const review = useMutation(trpc.approval.review.mutationOptions());

  async function decide(decision: "approved" | "rejected") {
    if (!selected) return;
    try {
      await review.mutateAsync({ userId: selected.userId, decision, notes });
      notifications.show({
        color: "teal",
        message: decision === "approved" ? t`User approved successfully` : t`User rejected successfully`,
      });
      setSelected(null);
      setNotes("");
    } catch (error) {
      notifications.show({ color: "red", title: t`Failed to update user status`, message: errorText(error) });
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.approval.listPending.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.badges.get.queryKey() }),
      ]);
    }
  }

  const applicants = (list.data ?? []) as Applicant[];

  return (
    <Stack maw={1100} mx="auto">
      <Group gap="sm">
        <Title order={1} size="h2">
          <Trans>User Approval Management</Trans>
        </Title>
        <Badge color="red" size="lg" circle={applicants.length < 10} data-testid="pending-count">
          {applicants.length}
        </Badge>
      </Group>

      {list.isPending && <Loader aria-label={t`Loading`} />}
      {list.isError && <LoadError title={t`Failed to fetch pending users`} error={list.error} />}
      {list.isSuccess && applicants.length === 0 && (
        <Card withBorder radius="lg" p="xl">
          <Text ta="center" c="dimmed">
            <Trans>No pending applications</Trans>
          </Text>
        </Card>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {applicants.map((a) => (
          <Card key={a.userId} withBorder radius="lg" p="lg" data-testid="applicant-card">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700} truncate>
                  {a.name}
                </Text>
                <Badge color="yellow" variant="light">
                  {i18n._(APPROVAL_STATUS_LABELS[a.approvalStatus])}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" truncate>
                {a.email}
              </Text>
              <Text size="sm">
                <Trans>Applied {formatDate(a.appliedAt, i18n.locale)}</Trans>
              </Text>
              <Group gap={6}>
                {a.activities.map((act) => (
                  <Badge key={act} variant="outline">
                    {i18n._(ACTIVITY_LABELS[act])}
                  </Badge>
                ))}
                <Badge variant="outline" color="gray">
                  {i18n._(USER_TYPE_LABELS[a.userType])}
                </Badge>
              </Group>
              <Button
                mt="xs"
                variant="light"
                onClick={() => {
                  setSelected(a);
                  setNotes("");
                }}
              >
                <Trans>Review</Trans>
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>

      <Modal
        opened={selected !== null}
        onClose={() => setSelected(null)}
        title={<Trans>Review application</Trans>}
        centered
      >
        {selected && (
          <Stack>
            <div>
              <Text fw={700} size="lg">
                {selected.name}
              </Text>
              <Text size="sm" c="dimmed">
                {selected.email}
              </Text>
            </div>
            <Group gap={6}>
              {selected.activities.map((act) => (
                <Badge key={act} variant="outline">
                  {i18n._(ACTIVITY_LABELS[act])}
                </Badge>
              ))}
            </Group>
            <Text size="sm">
              <Trans>Applied {formatDate(selected.appliedAt, i18n.locale)}</Trans>
            </Text>
            <Textarea
              label={t`Admin notes (optional)`}
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
              maxLength={LIMITS.approvalNotesMax}
              autosize
              minRows={3}
            />
            <Group justify="flex-end">
              <Button color="red" variant="light" onClick={() => void decide("rejected")} loading={review.isPending}>
                <Trans>Reject</Trans>
              </Button>
              <Button color="teal" onClick={() => void decide("approved")} loading={review.isPending}>
                <Trans>Approve</Trans>
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
