/**
 * The notification center's list (issue 17 §1): the member's notifications, newest first, a page
 * at a time ("Load more"); unread ones marked (a dot, bold text and "Unread" for screen readers);
 * each a link to its subject that marks it read. Loaded on first open (the header with "Mark all
 * as read" is in NotificationBell.tsx).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type NotificationItem, notificationPath } from "../../../common/notifications";
import { formatDateTime } from "../../i18n";
import { errorText } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import classes from "./NotificationList.module.css";
import { notificationText } from "./texts";

export function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useInfiniteQuery(
    trpc.notifications.list.infiniteQueryOptions({}, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  // Options of the mutation itself, not of `mutate`: they run even after the list unmounted.
  const markRead = useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.notifications.list.pathKey() }),
    }),
  );

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  function open(n: NotificationItem, event: React.MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (!n.isRead) {
      markRead.mutate({ id: n.id });
    }
    onNavigate();
    void navigate({ href: notificationPath(n) });
  }

  return (
    <Stack gap="xs" data-testid="notification-list">
      {list.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t`Loading notifications`}>
          <Skeleton h={48} />
          <Skeleton h={48} />
          <Skeleton h={48} />
        </Stack>
      ) : list.isError ? (
        <Alert color="red" variant="light" title={t`Could not load your notifications`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(list.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed" py="sm" data-testid="notifications-empty">
          <Trans>You have no notifications.</Trans>
        </Text>
      ) : (
        <Box component="ul" className={classes.list} aria-label={t`Notifications`}>
          {items.map((n) => (
            <li key={n.id}>
              <UnstyledButton
                component="a"
                href={notificationPath(n)}
                onClick={(e: React.MouseEvent<HTMLAnchorElement>) => open(n, e)}
                className={classes.item}
                data-unread={!n.isRead || undefined}
                data-testid="notification-item"
              >
                <span className={classes.dot} aria-hidden />
                <span className={classes.body}>
                  {!n.isRead && (
                    <VisuallyHidden>
                      <Trans>Unread:</Trans>{" "}
                    </VisuallyHidden>
                  )}
                  <Text component="span" size="sm" fw={n.isRead ? 400 : 700} className={classes.text}>
                    {notificationText(i18n, n)}
                  </Text>
                  <Text component="span" size="xs" c="dimmed" className={classes.time}>
                    {formatDateTime(n.createdAt)}
                  </Text>
                </span>
              </UnstyledButton>
            </li>
          ))}
        </Box>
      )}
      {list.hasNextPage && (
        <Button
          variant="light"
          size="xs"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          data-testid="notifications-more"
        >
          <Trans>Load more</Trans>
        </Button>
      )}
      {list.isFetching && !list.isPending && !list.isFetchingNextPage && (
        <Group justify="center">
          <Loader size="xs" aria-label={t`Refreshing notifications`} />
        </Group>
      )}
    </Stack>
  );
}
