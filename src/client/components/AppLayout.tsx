/**
 * The shared member layout (spec part 1 §2 Shared layout): top bar, side navigation (a drawer
 * with a backdrop on small screens) and the content area. Points and tier are the member's
 * real standing (DESIGN.md §8.1).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  AppShell,
  Badge,
  Burger,
  Drawer,
  Group,
  Indicator,
  NavLink,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  IconBell,
  IconBook,
  IconChartBar,
  IconHelpCircle,
  IconHome,
  IconInbox,
  IconListCheck,
  IconMessageQuestion,
  IconShare,
  IconTrophy,
  IconUser,
  IconUserCheck,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Tier } from "../../common/constants";
import { formatNumber } from "../i18n";
import { useTRPC } from "../trpc";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { TierBadge } from "./TierBadge";

export interface LayoutViewer {
  name: string;
  points: number;
  tier: Tier;
  isAdmin: boolean;
}

interface NavItem {
  to: string;
  label: ReactNode;
  icon: ReactNode;
  badge?: number;
}

/** Live count of pending applicants for admins (DESIGN.md §5). */
function usePendingApplicants(enabled: boolean): number {
  const trpc = useTRPC();
  const initial = useQuery({ ...trpc.approval.pendingCount.queryOptions(), enabled });
  const live = useSubscription(trpc.approval.onPendingCount.subscriptionOptions(undefined, { enabled }));
  return live.data ?? initial.data ?? 0;
}

function Navigation({ viewer, pending, onNavigate }: { viewer: LayoutViewer; pending: number; onNavigate: () => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const member: NavItem[] = [
    { to: "/dashboard", label: <Trans>Dashboard</Trans>, icon: <IconHome size={18} /> },
    { to: "/share", label: <Trans>Share Knowledge</Trans>, icon: <IconShare size={18} /> },
    { to: "/request", label: <Trans>Request Help</Trans>, icon: <IconHelpCircle size={18} /> },
    { to: "/members", label: <Trans>Members</Trans>, icon: <IconUsers size={18} /> },
    { to: "/leaderboard", label: <Trans>Leaderboard</Trans>, icon: <IconTrophy size={18} /> },
    { to: "/qa", label: <Trans>Q&A</Trans>, icon: <IconMessageQuestion size={18} /> },
    { to: "/profile", label: <Trans>Profile</Trans>, icon: <IconUser size={18} /> },
  ];
  const admin: NavItem[] = [
    { to: "/admin/inbox", label: <Trans>Admin Inbox</Trans>, icon: <IconInbox size={18} /> },
    { to: "/admin/approvals", label: <Trans>Approvals</Trans>, icon: <IconUserCheck size={18} />, badge: pending },
    { to: "/admin/qa", label: <Trans>Q&A Management</Trans>, icon: <IconBook size={18} /> },
    { to: "/admin/analytics", label: <Trans>Analytics</Trans>, icon: <IconChartBar size={18} /> },
    { to: "/admin/members", label: <Trans>Member Management</Trans>, icon: <IconUsersGroup size={18} /> },
  ];
  const render = (item: NavItem) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={item.icon}
      active={pathname === item.to}
      rightSection={item.badge ? <Badge size="sm" color="red" circle>{item.badge}</Badge> : null}
      onClick={() => {
        console.info("navigate", item.to);
        onNavigate();
      }}
    />
  );
  return (
    <Stack gap={2}>
      {member.map(render)}
      {viewer.isAdmin && (
        <>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" mb={4} px="sm">
            <Trans>Admin</Trans>
          </Text>
          {admin.map(render)}
        </>
      )}
    </Stack>
  );
}

export function AppLayout({ viewer, children }: { viewer: LayoutViewer; children: ReactNode }) {
  const { t } = useLingui();
  const [drawerOpened, drawer] = useDisclosure(false);
  const pending = usePendingApplicants(viewer.isAdmin);

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 250, breakpoint: "sm", collapsed: { mobile: true } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={drawerOpened} onClick={drawer.toggle} hiddenFrom="sm" size="sm" aria-label={t`Open navigation`} />
            <UnstyledButton component={Link} to="/dashboard" aria-label={t`Export Club home`}>
              <Group gap={8} wrap="nowrap">
                <img src="/logo.svg" alt="" width={32} height={32} />
                <Text fw={800} visibleFrom="xs">
                  <Trans>Export Club</Trans>
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Tooltip label={t`Your points`}>
              <Badge variant="light" color="teal" size="lg" data-testid="points">
                {formatNumber(viewer.points)} <Trans>pts</Trans>
              </Badge>
            </Tooltip>
            <TierBadge tier={viewer.tier} size="lg" visibleFrom="xs" data-testid="tier" />
            {viewer.isAdmin && (
              <Tooltip label={t`Pending applications`}>
                <Indicator label={pending} size={18} color="red" disabled={pending <= 0} offset={4}>
                  <ActionIcon
                    component={Link}
                    to="/admin/approvals"
                    variant="subtle"
                    size="lg"
                    aria-label={t`Admin inbox, ${pending} pending`}
                    data-testid="admin-inbox-link"
                  >
                    <IconListCheck size={20} />
                  </ActionIcon>
                </Indicator>
              </Tooltip>
            )}
            <LanguageSwitcher signedIn />
            <Popover position="bottom-end" withArrow shadow="md">
              <Popover.Target>
                <ActionIcon variant="subtle" size="lg" aria-label={t`Notifications`}>
                  <IconBell size={20} />
                </ActionIcon>
              </Popover.Target>
              <Popover.Dropdown>
                <Text size="sm" c="dimmed">
                  <Trans>You have no notifications.</Trans>
                </Text>
              </Popover.Dropdown>
            </Popover>
            <Tooltip label={t`Profile`}>
              <ActionIcon component={Link} to="/profile" variant="subtle" size="lg" aria-label={t`Profile`}>
                <IconUser size={20} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <AppShell.Section grow component={ScrollArea}>
          <Navigation viewer={viewer} pending={pending} onNavigate={() => {}} />
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer opened={drawerOpened} onClose={drawer.close} size="75%" title={<Trans>Menu</Trans>} hiddenFrom="sm">
        <Navigation viewer={viewer} pending={pending} onNavigate={drawer.close} />
      </Drawer>

      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
