/**
 * The top bar's notifications button (spec part 1 §2; issue 17 §1): the live unread count
 * (`badges.notifications`) on a bell that opens the notification center — a popover on wider
 * screens, a drawer on phones — with "Mark all as read" and the list (loaded on first open).
 * Focus moves to the center's heading on open and back to the bell on close; Escape closes it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Drawer,
  Group,
  Indicator,
  Loader,
  Popover,
  Stack,
  Text,
  useMantineTheme,
} from "@mantine/core";
import { useDisclosure, useMediaQuery, useWindowEvent } from "@mantine/hooks";
import { IconBell } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useId, useRef } from "react";
import { errorText } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import { badgeLabel } from "../badges/BadgesProvider";

const NotificationList = lazy(() => import("./NotificationList").then((m) => ({ default: m.NotificationList })));

export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useLingui();
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.xs})`, undefined, { getInitialValueInEffect: false });
  const [opened, { toggle, close }] = useDisclosure(false);
  const headingId = useId();
  // Escape closes the popover wherever focus is (the bell, the list, or the page after a click).
  useWindowEvent("keydown", (e) => {
    if (opened && !phone && e.key === "Escape") close();
  });
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The live count changed (a new notification, or some read elsewhere, e.g. by opening the
  // offers): the list is refetched now if open, else when it next opens.
  const seen = useRef(unread);
  useEffect(() => {
    if (unread !== seen.current) void queryClient.invalidateQueries({ queryKey: trpc.notifications.list.pathKey() });
    seen.current = unread;
  }, [unread, queryClient, trpc]);
  const label = unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`;

  const center = (
    <Stack gap="xs">
      <CenterHeader unread={unread} headingId={headingId} showHeading={!phone} />
      <Suspense
        fallback={
          <Center py="md">
            <Loader size="sm" aria-label={t`Loading notifications`} />
          </Center>
        }
      >
        <NotificationList onNavigate={close} />
      </Suspense>
    </Stack>
  );

  const bell = (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label={label}
      onClick={toggle}
      data-testid="notifications-bell"
      data-count={unread}
      {...(phone ? { "aria-haspopup": "dialog" as const, "aria-expanded": opened } : {})}
    >
      <IconBell size={20} />
    </ActionIcon>
  );

  if (phone) {
    return (
      <>
        <Indicator label={badgeLabel(unread)} size={18} color="red" disabled={unread <= 0} offset={4}>
          {bell}
        </Indicator>
        <Drawer
          opened={opened}
          onClose={close}
          position="bottom"
          size="80%"
          title={<Trans>Notifications</Trans>}
          data-testid="notifications-drawer"
        >
          {center}
        </Drawer>
      </>
    );
  }

  return (
    <Indicator label={badgeLabel(unread)} size={18} color="red" disabled={unread <= 0} offset={4}>
      <Popover
        opened={opened}
        onClose={close}
        position="bottom-end"
        withArrow
        shadow="md"
        width={380}
        trapFocus
        returnFocus
        closeOnEscape
      >
        <Popover.Target>{bell}</Popover.Target>
        <Popover.Dropdown role="dialog" aria-labelledby={headingId} data-testid="notifications-popover">
          <div style={{ maxHeight: "min(70vh, 520px)", overflowY: "auto" }}>{center}</div>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

/** The center's heading (focused on open) and "Mark all as read". */
function CenterHeader({ unread, headingId, showHeading }: { unread: number; headingId: string; showHeading: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const markAll = useMutation(
    trpc.notifications.markAllRead.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.notifications.list.pathKey() }),
    }),
  );
  return (
    <>
      <Group justify={showHeading ? "space-between" : "flex-end"} wrap="nowrap" gap="xs">
        {showHeading && (
          <Text fw={700} id={headingId} tabIndex={-1} data-autofocus>
            <Trans>Notifications</Trans>
          </Text>
        )}
        <Button
          size="compact-sm"
          variant="subtle"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
          data-testid="notifications-mark-all"
        >
          <Trans>Mark all as read</Trans>
        </Button>
      </Group>
      {markAll.isError && (
        <Alert color="red" variant="light" p="xs">
          {errorText(markAll.error)}
        </Alert>
      )}
    </>
  );
}
