/**
 * The top bar's notifications button (spec part 1 §2; issue 17 §1): the live unread count
 * (`badges.notifications`) on a bell that opens the notification center — a popover on wider
 * screens, a drawer on phones. Focus moves into it on open and back to the bell on close;
 * Escape closes it. The list is loaded on first open.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Center, Drawer, Indicator, Loader, Popover, Tooltip, useMantineTheme } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconBell } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { badgeLabel } from "../badges/BadgesProvider";

const NotificationList = lazy(() => import("./NotificationList").then((m) => ({ default: m.NotificationList })));

export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useLingui();
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.xs})`, undefined, { getInitialValueInEffect: false });
  const [opened, { open, toggle, close }] = useDisclosure(false);
  const label = unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`;

  const list = (
    <Suspense
      fallback={
        <Center py="md">
          <Loader size="sm" aria-label={t`Loading notifications`} />
        </Center>
      }
    >
      <NotificationList unread={unread} onNavigate={close} />
    </Suspense>
  );

  const bell = (onClick?: () => void) => (
    <Indicator label={badgeLabel(unread)} size={18} color="red" disabled={unread <= 0} offset={4}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={opened}
        onClick={onClick}
        data-testid="notifications-bell"
        data-count={unread}
      >
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );

  if (phone) {
    return (
      <>
        {bell(toggle)}
        <Drawer
          opened={opened}
          onClose={close}
          position="bottom"
          size="80%"
          title={<Trans>Notifications</Trans>}
          data-testid="notifications-drawer"
        >
          {list}
        </Drawer>
      </>
    );
  }

  return (
    <Popover
      opened={opened}
      onChange={(o) => (o ? open() : close())}
      position="bottom-end"
      withArrow
      shadow="md"
      width={380}
      trapFocus
      returnFocus
      closeOnEscape
    >
      <Popover.Target>
        <Tooltip label={t`Notifications`} disabled={opened}>
          {bell()}
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={t`Notifications`} data-testid="notifications-popover">
        <div style={{ maxHeight: "min(70vh, 520px)", overflowY: "auto" }}>{list}</div>
      </Popover.Dropdown>
    </Popover>
  );
}
