/**
 * Q&A Management `/admin/qa` (spec part 2 §2, §4, §5, §8): every item, published or draft, with
 * Add and Edit (one modal form), Delete (after confirmation) and a quick publish switch. Each
 * change refreshes both the admin list and the members' list. Members' questions (issue #13 §3)
 * come first while they wait, with the asker's name, Answer (the form, set to publish) and
 * Decline (with a note for the asker).
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
  useDirection,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { IconMessageQuestion, IconMessageReply, IconPencil, IconPlus, IconTrash, IconX } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LoadError } from "../../components/LoadError";
import { factSeparator, formatDate, formatNumber } from "../../i18n";
import { errorText } from "../../lib/errors";
import { QA_SUBSECTION_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";
import { QaDeclineModal } from "./QaDeclineModal";
import { type QaEditTarget, QaFormModal, type QaFormValues } from "./QaFormModal";

interface AdminQaItem extends QaFormValues {
  id: number;
  createdAt: string | Date;
  /** The member who asked it; null for the admins' own items. */
  askedBy: string | null;
  askerName: string | null;
  declinedAt: string | Date | null;
  declineNote: string | null;
}

/** A member's question still waiting for an answer or a decline. */
function isWaiting(item: AdminQaItem): boolean {
  return item.askedBy !== null && item.declinedAt === null && !item.isPublished;
}

export function QaAdminPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useDocumentTitle(t`Q&A Management`);
  const list = useQuery(trpc.qa.adminList.queryOptions());
  const update = useMutation(trpc.qa.update.mutationOptions());
  const remove = useMutation(trpc.qa.delete.mutationOptions());
  const [target, setTarget] = useState<QaEditTarget>(null);
  const [declining, setDeclining] = useState<AdminQaItem | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const items = (list.data ?? []) as AdminQaItem[];
  const total = formatNumber(items.length, i18n.locale);
  const publishedCount = formatNumber(items.filter((i) => i.isPublished).length, i18n.locale);
  const waitingCount = items.filter(isWaiting).length;
  const waitingText = formatNumber(waitingCount, i18n.locale);

  useEffect(() => {
    if (list.isError) console.error("Failed to load Q&A items", list.error);
  }, [list.isError, list.error]);

  async function refresh() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.qa.adminList.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.qa.list.queryKey() }),
    ]);
  }

  async function togglePublished(item: AdminQaItem, isPublished: boolean) {
    setBusyId(item.id);
    try {
      await update.mutateAsync({
        id: item.id,
        question: item.question,
        answer: item.answer,
        subsection: item.subsection,
        isPublished,
      });
      notifications.show({ color: "teal", message: t`Q&A item updated successfully` });
    } catch (error) {
      console.error("Failed to save Q&A item", error);
      notifications.show({ color: "red", title: t`Failed to save Q&A item`, message: errorText(error) });
    } finally {
      await refresh();
      setBusyId(null);
    }
  }

  async function deleteItem(item: AdminQaItem) {
    setBusyId(item.id);
    try {
      await remove.mutateAsync({ id: item.id });
      notifications.show({ color: "teal", message: t`Q&A item deleted successfully` });
    } catch (error) {
      console.error("Failed to delete Q&A item", error);
      notifications.show({ color: "red", title: t`Failed to delete Q&A item`, message: errorText(error) });
    } finally {
      await refresh();
      setBusyId(null);
    }
  }

  function confirmDelete(item: AdminQaItem) {
    modals.openConfirmModal({
      title: t`Delete Q&A item`,
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            <Trans>This question and its answer will be removed for all members. This cannot be undone.</Trans>
          </Text>
          <Text size="sm" fw={600} dir="auto" lineClamp={3}>
            {item.question}
          </Text>
        </Stack>
      ),
      labels: { confirm: t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: "red", "data-testid": "qa-delete-confirm" } as Record<string, unknown>,
      onConfirm: () => void deleteItem(item),
    });
  }

  return (
    <Stack maw={1000} mx="auto" gap="md" pb="xl">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            <Trans>Q&A Management</Trans>
          </Title>
          {list.isSuccess && items.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="qa-admin-summary">
              <Plural
                value={items.length}
                one={`${total} item, ${publishedCount} published`}
                other={`${total} items, ${publishedCount} published`}
              />
              {waitingCount > 0 && (
                <>
                  {factSeparator(i18n.locale)}
                  <Plural
                    value={waitingCount}
                    one={`${waitingText} member question waiting`}
                    other={`${waitingText} member questions waiting`}
                  />
                </>
              )}
            </Text>
          )}
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setTarget("new")} data-testid="qa-add">
          <Trans>Add Q&A item</Trans>
        </Button>
      </Group>

      {list.isPending && (
        <Stack gap="sm" aria-busy data-testid="qa-admin-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={96} radius="lg" />
          ))}
        </Stack>
      )}

      {list.isError && (
        <LoadError title={t`Failed to load Q&A items`} error={list.error} onRetry={() => void list.refetch()} />
      )}

      {list.isSuccess && items.length === 0 && (
        <Card withBorder radius="lg" p="xl" data-testid="qa-admin-empty">
          <Stack align="center" gap="sm" ta="center">
            <IconMessageQuestion size={40} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text c="dimmed">
              <Trans>No Q&A items yet. Create your first one!</Trans>
            </Text>
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setTarget("new")}>
              <Trans>Add Q&A item</Trans>
            </Button>
          </Stack>
        </Card>
      )}

      {list.isSuccess && items.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {items.map((item) => (
            <QaAdminRow
              key={item.id}
              item={item}
              busy={busyId === item.id}
              onEdit={() => setTarget(item)}
              onAnswer={() => setTarget({ ...item, isPublished: true })}
              onDecline={() => setDeclining(item)}
              onDelete={() => confirmDelete(item)}
              onToggle={(value) => void togglePublished(item, value)}
            />
          ))}
        </Stack>
      )}

      <QaFormModal target={target} onClose={() => setTarget(null)} onSaved={refresh} />
      <QaDeclineModal target={declining} onClose={() => setDeclining(null)} onSaved={refresh} />
    </Stack>
  );
}

function QaAdminRow({
  item,
  busy,
  onEdit,
  onAnswer,
  onDecline,
  onDelete,
  onToggle,
}: {
  item: AdminQaItem;
  busy: boolean;
  onEdit: () => void;
  onAnswer: () => void;
  onDecline: () => void;
  onDelete: () => void;
  onToggle: (value: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const { dir } = useDirection();
  const align = dir === "rtl" ? "right" : "left";
  const date = formatDate(item.createdAt, i18n.locale);
  const waiting = isWaiting(item);
  const asker = item.askerName ?? t`a former member`;
  return (
    <Card component="li" withBorder radius="lg" p={{ base: "sm", sm: "md" }} data-testid="qa-admin-item">
      <Stack gap={8}>
        <Group gap={6} wrap="wrap">
          <Badge variant="light" color={item.subsection === "export_related" ? "blue" : "grape"}>
            {i18n._(QA_SUBSECTION_LABELS[item.subsection])}
          </Badge>
          {item.isPublished ? (
            <Badge variant="filled" color="teal" data-testid="qa-status">
              <Trans>Published</Trans>
            </Badge>
          ) : waiting ? (
            <Badge variant="filled" color="orange.8" data-testid="qa-status">
              <Trans>Awaiting answer</Trans>
            </Badge>
          ) : item.declinedAt ? (
            <Badge variant="light" color="red" data-testid="qa-status">
              <Trans>Declined</Trans>
            </Badge>
          ) : (
            <Badge variant="outline" color="gray" data-testid="qa-status">
              <Trans>Draft</Trans>
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {date}
          </Text>
          {item.askedBy !== null && (
            <Text size="xs" c="dimmed" data-testid="qa-asker">
              <Trans>
                Asked by <bdi>{asker}</bdi>
              </Trans>
            </Text>
          )}
        </Group>
        <Text fw={600} dir="auto" ta={align} style={{ overflowWrap: "anywhere" }}>
          {item.question}
        </Text>
        {item.answer ? (
          <Text size="sm" c="dimmed" ta={align} lineClamp={2} style={{ overflowWrap: "anywhere" }}>
            {/* Isolated: dir="auto" on the clamped box left an English answer's full stop on the left in Persian. */}
            <bdi>{item.answer}</bdi>
          </Text>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            <Trans>No answer yet.</Trans>
          </Text>
        )}
        {item.declinedAt !== null && item.declineNote && (
          <Text size="sm" dir="auto" ta={align} style={{ overflowWrap: "anywhere" }} data-testid="qa-decline-shown">
            <Trans>Note to the member:</Trans> <bdi>{item.declineNote}</bdi>
          </Text>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs" mt={4}>
          {waiting ? (
            <Group gap="xs" wrap="wrap">
              <Button
                size="xs"
                leftSection={<IconMessageReply size={16} aria-hidden />}
                onClick={onAnswer}
                disabled={busy}
                data-testid="qa-answer"
              >
                <Trans>Answer</Trans>
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={onDecline}
                disabled={busy}
                data-testid="qa-decline"
              >
                <Trans>Decline</Trans>
              </Button>
            </Group>
          ) : (
            <Switch
              checked={item.isPublished}
              onChange={(e) => onToggle(e.currentTarget.checked)}
              disabled={busy || item.answer === ""}
              label={t`Published`}
              data-testid="qa-publish-toggle"
            />
          )}
          <Box>
            <Group gap={4} wrap="nowrap">
              <Tooltip label={t`Edit`} withArrow>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  onClick={onEdit}
                  disabled={busy}
                  aria-label={t`Edit`}
                  data-testid="qa-edit"
                >
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t`Delete`} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  onClick={onDelete}
                  disabled={busy}
                  aria-label={t`Delete`}
                  data-testid="qa-delete"
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Box>
        </Group>
      </Stack>
    </Card>
  );
}
