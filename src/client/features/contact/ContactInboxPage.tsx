/**
 * Contact inbox `/admin/contact` (issue #16 §3): the messages of the landing page's contact form
 * on the admin review layout (ReviewLayout, ReviewList) — open / unread / handled / all tabs with
 * their counts, newest first, unread ones marked; the panel shows the sender, the message in its
 * own direction and the replies so far, a reply form (e-mailed to the sender through the outbox),
 * Mark handled / Reopen, and Delete after a confirmation. Opening a message reads it. The tab
 * and the open message live in the URL; the list follows the live unread badge.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useDocumentTitle, useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconArrowBackUp, IconCheck, IconMailOff, IconSend, IconTrash } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import type { inferRouterOutputs } from "@trpc/server";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { contactReplyInput } from "../../../common/contact";
import { CONTACT_REPLY_MAX, type ContactFilter } from "../../../common/contactFilters";
import type { AppRouter } from "../../../server/trpc/router";
import { LoadMore } from "../../components/ListPagination";
import { LoadError } from "../../components/LoadError";
import { UserText } from "../../components/UserText";
import { factSeparator, formatDateTime, formatNumber } from "../../i18n";
import { translateServerText } from "../../i18n/serverMessages";
import { errorCode, errorText } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import { useBadges } from "../badges";
import { ReviewLayout, ReviewList, ReviewPlaceholder } from "../inbox/ReviewLayout";

const route = getRouteApi("/_app/admin/contact");

type ContactListItem = inferRouterOutputs<AppRouter>["contact"]["list"]["items"][number];
type ContactMessage = inferRouterOutputs<AppRouter>["contact"]["get"];

const TABS: ContactFilter[] = ["open", "unread", "handled", "all"];

const TAB_LABELS: Record<ContactFilter, ReactNode> = {
  open: <Trans>Open</Trans>,
  unread: <Trans>Unread</Trans>,
  handled: <Trans>Handled</Trans>,
  all: <Trans>All</Trans>,
};

export function ContactInboxPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const wide = useMediaQuery("(min-width: 62em)", undefined, { getInitialValueInEffect: false });
  useDocumentTitle(t`Contact messages`);

  const filter: ContactFilter = search.filter ?? "open";
  const list = useInfiniteQuery(
    trpc.contact.list.infiniteQueryOptions({ filter }, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const counts = list.data?.pages[0]?.counts;

  useEffect(() => {
    if (list.error) console.error("Failed to load contact messages", list.error);
  }, [list.error]);

  // Live: when the unread count moves (a visitor wrote, another admin read one), reload.
  const { unreadContact } = useBadges();
  const seenUnread = useRef<number | null>(null);
  useEffect(() => {
    if (seenUnread.current !== null && seenUnread.current !== unreadContact) {
      void queryClient.invalidateQueries(trpc.contact.list.pathFilter());
    }
    seenUnread.current = unreadContact;
  }, [unreadContact, queryClient, trpc]);

  function select(id: number) {
    void navigate({ search: (prev) => ({ ...prev, id }), replace: wide, resetScroll: false });
  }

  function closePanel(): Promise<void> {
    return navigate({ search: (prev) => ({ ...prev, id: undefined }), replace: true, resetScroll: false });
  }

  function setTab(tab: ContactFilter) {
    const next = tab === "open" ? undefined : tab;
    void navigate({ search: (prev) => ({ ...prev, filter: next, id: undefined }), replace: true, resetScroll: false });
  }

  const panel =
    search.id !== undefined ? (
      <ContactPanel key={search.id} id={search.id} onDeleted={closePanel} />
    ) : (
      <ReviewPlaceholder>
        <Trans>Select a message to read and answer it.</Trans>
      </ReviewPlaceholder>
    );

  const listArea = list.isPending ? (
    <Stack gap="xs" aria-busy="true" aria-label={t`Loading messages`}>
      {[0, 1, 2].map((i) => (
        <Card key={i} withBorder radius="md" p="sm">
          <Skeleton h={14} w="70%" mb={8} />
          <Skeleton h={10} w="45%" />
        </Card>
      ))}
    </Stack>
  ) : list.isError ? (
    <LoadError title={t`Failed to load messages`} error={list.error} onRetry={() => void list.refetch()} />
  ) : (
    <Stack gap="sm">
      <ContactList items={items} selectedId={search.id} onSelect={select} />
      {list.hasNextPage && <LoadMore onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} />}
    </Stack>
  );

  return (
    <ReviewLayout<ContactFilter>
      title={<Trans>Contact messages</Trans>}
      intro={
        <Trans>
          Messages visitors sent through the contact form on the landing page. Reply by e-mail, then mark them handled.
        </Trans>
      }
      summary={null}
      tabs={TABS}
      tab={filter}
      onTab={setTab}
      tabLabels={TAB_LABELS}
      tabCounts={counts}
      list={listArea}
      panel={panel}
      wide={wide}
      drawerOpen={search.id !== undefined}
      onCloseDrawer={closePanel}
      drawerTitle={<Trans>Contact message</Trans>}
    />
  );
}

/** Unread, Open or Handled. */
function ContactStatusBadge({
  message,
  size = "sm",
}: {
  message: Pick<ContactListItem, "readAt" | "handledAt">;
  size?: "sm" | "md";
}) {
  if (message.handledAt) {
    return (
      <Badge color="teal" variant="light" size={size} data-testid="contact-status" data-status="handled">
        <Trans>Handled</Trans>
      </Badge>
    );
  }
  if (!message.readAt) {
    return (
      <Badge color="blue" variant="filled" size={size} data-testid="contact-status" data-status="unread">
        <Trans>Unread</Trans>
      </Badge>
    );
  }
  return (
    <Badge color="gray" variant="light" size={size} data-testid="contact-status" data-status="open">
      <Trans>Open</Trans>
    </Badge>
  );
}

function ContactList({
  items,
  selectedId,
  onSelect,
}: {
  items: ContactListItem[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
}) {
  const { i18n } = useLingui();
  return (
    <ReviewList
      items={items.map((m) => ({
        id: m.id,
        title: m.name,
        unread: !m.readAt,
        facts: (
          <>
            <bdi>{m.email}</bdi>
            {factSeparator(i18n.locale)}
            {formatDateTime(m.createdAt, i18n.locale)}
          </>
        ),
        extra: (
          <UserText size="xs" lineClamp={2} preWrap={false}>
            {m.message}
          </UserText>
        ),
        status: <ContactStatusBadge message={m} />,
      }))}
      selectedId={selectedId}
      onSelect={onSelect}
      empty={<Trans>No messages here.</Trans>}
      emptyIcon={<IconMailOff size={32} color="var(--mantine-color-gray-6)" aria-hidden />}
    />
  );
}

/** One message: opening it reads it (the server marks it); reply, handled / reopen, delete. */
function ContactPanel({ id, onDeleted }: { id: number; onDeleted: () => Promise<void> }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const message = useQuery({ ...trpc.contact.get.queryOptions({ id }), retry: false, refetchOnWindowFocus: false });
  const titleId = useId();

  const invalidate = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.contact.list.pathFilter()),
      queryClient.invalidateQueries(trpc.contact.get.queryFilter({ id })),
    ]);

  // Opening an unread message reads it: the list's unread marks and counts move.
  const markRead = useMutation(trpc.contact.markRead.mutationOptions());
  const unread = message.isSuccess && message.data.readAt === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opened unread message
  useEffect(() => {
    if (!unread) return;
    markRead.mutate(
      { id },
      {
        onSuccess: () => void invalidate(),
        onError: (error) => console.error("Failed to mark the message read", error),
      },
    );
  }, [unread, id]);

  if (message.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t`Loading the message`}>
        <Skeleton h={20} w="60%" />
        <Skeleton h={12} w="40%" />
        <Skeleton h={80} />
      </Stack>
    );
  }
  if (message.isError) {
    if (errorCode(message.error) === "NOT_FOUND") {
      return (
        <Text c="dimmed" ta="center" py="xl" data-testid="review-missing">
          <Trans>This message is no longer here.</Trans>
        </Text>
      );
    }
    return (
      <LoadError title={t`Failed to load the message`} error={message.error} onRetry={() => void message.refetch()} />
    );
  }

  const m = message.data;
  return (
    <Stack gap="md" component="article" aria-labelledby={titleId} data-testid="review-panel">
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={titleId} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
            <span dir="auto">{m.name}</span>
          </Title>
          <ContactStatusBadge message={m} size="md" />
        </Group>
        <Text size="sm" c="dimmed">
          <Anchor href={`mailto:${m.email}`} size="sm" data-testid="contact-email">
            <bdi>{m.email}</bdi>
          </Anchor>
          {factSeparator(i18n.locale)}
          {formatDateTime(m.createdAt, i18n.locale)}
        </Text>
        {m.userId && (
          <Text size="xs" c="dimmed">
            <Trans>Sent while signed in as a member.</Trans>
          </Text>
        )}
      </Stack>

      <Card withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
        <UserText size="sm" data-testid="contact-message">
          {m.message}
        </UserText>
      </Card>

      {m.replies.length > 0 && (
        <Stack gap="xs" data-testid="contact-replies">
          <Title order={3} size="h6">
            <Trans>Replies</Trans>
          </Title>
          {m.replies.map((r) => (
            <Card key={r.id} withBorder radius="md" p="sm" data-testid="contact-reply">
              <Text size="xs" c="dimmed" mb={4}>
                {r.adminName ? (
                  <Trans>
                    <bdi>{r.adminName}</bdi> · {formatDateTime(r.createdAt, i18n.locale)}
                  </Trans>
                ) : (
                  formatDateTime(r.createdAt, i18n.locale)
                )}
              </Text>
              <UserText size="sm">{r.body}</UserText>
            </Card>
          ))}
        </Stack>
      )}

      <Divider />

      <ReplyForm id={m.id} email={m.email} onSent={invalidate} />

      <Divider />

      <MessageActions message={m} onChanged={invalidate} onDeleted={onDeleted} />
    </Stack>
  );
}

function ReplyForm({ id, email, onSent }: { id: number; email: string; onSent: () => Promise<unknown> }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const reply = useMutation(trpc.contact.reply.mutationOptions());
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();

  async function send() {
    const parsed = contactReplyInput.shape.body.safeParse(body);
    if (!parsed.success) {
      setError(translateServerText(parsed.error.issues[0]?.message ?? ""));
      document.getElementById(fieldId)?.focus();
      return;
    }
    try {
      await reply.mutateAsync({ id, body: parsed.data });
      notifications.show({
        color: "teal",
        title: t`Reply sent`,
        message: t`Your reply will be e-mailed to ${email}.`,
      });
      setBody("");
    } catch (err) {
      console.error("Failed to send the reply", err);
      notifications.show({ color: "red", title: t`Failed to send the reply`, message: errorText(err) });
    } finally {
      await onSent();
    }
  }

  const used = formatNumber(body.length, i18n.locale);
  const max = formatNumber(CONTACT_REPLY_MAX, i18n.locale);
  return (
    <Stack gap="sm" data-testid="reply-form">
      <Textarea
        id={fieldId}
        label={t`Reply by e-mail`}
        description={
          <Trans>
            {used} of {max} characters
          </Trans>
        }
        inputWrapperOrder={["label", "input", "description", "error"]}
        value={body}
        onChange={(e) => {
          setBody(e.currentTarget.value);
          setError(null);
        }}
        error={error}
        maxLength={CONTACT_REPLY_MAX}
        autosize
        minRows={4}
        maxRows={12}
        disabled={reply.isPending}
        data-testid="reply-body"
      />
      <Group justify="flex-end">
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={() => void send()}
          loading={reply.isPending}
          data-testid="send-reply"
        >
          <Trans>Send reply</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function MessageActions({
  message: m,
  onChanged,
  onDeleted,
}: {
  message: ContactMessage;
  onChanged: () => Promise<unknown>;
  /** Closes the panel; resolves once it is gone. */
  onDeleted: () => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const markHandled = useMutation(trpc.contact.markHandled.mutationOptions());
  const reopen = useMutation(trpc.contact.reopen.mutationOptions());
  const remove = useMutation(trpc.contact.delete.mutationOptions());
  const [confirming, setConfirming] = useState(false);
  const busy = markHandled.isPending || reopen.isPending || remove.isPending;

  async function setHandled(handled: boolean) {
    try {
      if (handled) await markHandled.mutateAsync({ id: m.id });
      else await reopen.mutateAsync({ id: m.id });
      notifications.show({
        color: "teal",
        message: handled ? t`The message is marked handled.` : t`The message is open again.`,
      });
    } catch (err) {
      console.error("Failed to update the message", err);
      notifications.show({ color: "red", title: t`Failed to update the message`, message: errorText(err) });
    } finally {
      await onChanged();
    }
  }

  async function deleteMessage() {
    try {
      await remove.mutateAsync({ id: m.id });
      notifications.show({ color: "teal", message: t`The message is deleted.` });
      setConfirming(false);
      // The panel first, then its query: removed while the panel still showed it, the query was
      // fetched again at once, and the deleted message answered 404.
      await onDeleted();
      queryClient.removeQueries(trpc.contact.get.queryFilter({ id: m.id }));
      await queryClient.invalidateQueries(trpc.contact.list.pathFilter());
    } catch (err) {
      console.error("Failed to delete the message", err);
      notifications.show({ color: "red", title: t`Failed to delete the message`, message: errorText(err) });
    }
  }

  return (
    <>
      {m.handledAt && (
        <Alert color="teal" variant="light" icon={<IconCheck size={18} aria-hidden />} data-testid="handled-note">
          {m.handledByName ? (
            <Trans>
              Handled by <bdi>{m.handledByName}</bdi> · {formatDateTime(m.handledAt, i18n.locale)}
            </Trans>
          ) : (
            <Trans>Handled {formatDateTime(m.handledAt, i18n.locale)}</Trans>
          )}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Button
          color="red"
          variant="subtle"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
          disabled={busy}
          data-testid="delete-message"
        >
          <Trans>Delete</Trans>
        </Button>
        {m.handledAt ? (
          <Button
            variant="light"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            onClick={() => void setHandled(false)}
            loading={reopen.isPending}
            disabled={busy}
            data-testid="reopen"
          >
            <Trans>Reopen</Trans>
          </Button>
        ) : (
          <Button
            color="teal"
            leftSection={<IconCheck size={16} aria-hidden />}
            onClick={() => void setHandled(true)}
            loading={markHandled.isPending}
            disabled={busy}
            data-testid="mark-handled"
          >
            <Trans>Mark handled</Trans>
          </Button>
        )}
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t`Delete this message?`}
        closeButtonProps={{ "aria-label": t`Close` }}
        centered
      >
        <Text size="sm">
          <Trans>The message and its replies are deleted for good. This cannot be undone.</Trans>
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => void deleteMessage()}
            data-testid="confirm-delete"
          >
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Modal>
    </>
  );
}
