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
  Box,
  Burger,
  Drawer,
  Group,
  Indicator,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  IconBook,
  IconBooks,
  IconChartBar,
  IconHelpCircle,
  IconHistory,
  IconHome,
  IconInbox,
  IconListCheck,
  IconLogout,
  IconMail,
  IconMailOpened,
  IconMessageQuestion,
  IconSchool,
  IconShare,
  IconTrophy,
  IconUser,
  IconUserCheck,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Tier } from "../../common/constants";
import { BadgesProvider, badgeLabel, useBadges } from "../features/badges/BadgesProvider";
import { NotificationBell } from "../features/notifications/NotificationBell";
import { AdminSecondFactorBanner } from "../features/secondFactor/AdminSecondFactorBanner";
import { useSignOut } from "../features/session/useSession";
import { formatNumber } from "../i18n";
import { useTRPC } from "../trpc";
import classes from "./AppLayout.module.css";
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

function Navigation({
  viewer,
  pending,
  pendingSubmissions,
  pendingServices,
  unreadContact,
  onNavigate,
}: {
  viewer: LayoutViewer;
  pending: number;
  pendingSubmissions: number;
  pendingServices: number;
  unreadContact: number;
  onNavigate: () => void;
}) {
  const signOut = useSignOut();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const member: NavItem[] = [
    { to: "/dashboard", label: <Trans>Dashboard</Trans>, icon: <IconHome size={18} /> },
    { to: "/knowledge", label: <Trans>Knowledge</Trans>, icon: <IconBooks size={18} /> },
    { to: "/share", label: <Trans>Share Knowledge</Trans>, icon: <IconShare size={18} /> },
    { to: "/request", label: <Trans>Request Help</Trans>, icon: <IconHelpCircle size={18} /> },
    { to: "/members", label: <Trans>Members</Trans>, icon: <IconUsers size={18} /> },
    { to: "/services/mine", label: <Trans>My services</Trans>, icon: <IconSchool size={18} /> },
    { to: "/leaderboard", label: <Trans>Leaderboard</Trans>, icon: <IconTrophy size={18} /> },
    { to: "/qa", label: <Trans>Q&A</Trans>, icon: <IconMessageQuestion size={18} /> },
    { to: "/profile", label: <Trans>Profile</Trans>, icon: <IconUser size={18} /> },
  ];
  const admin: NavItem[] = [
    { to: "/admin/inbox", label: <Trans>Admin Inbox</Trans>, icon: <IconInbox size={18} />, badge: pendingSubmissions },
    {
      to: "/admin/services",
      label: <Trans>Service review</Trans>,
      icon: <IconSchool size={18} />,
      badge: pendingServices,
    },
    { to: "/admin/approvals", label: <Trans>Approvals</Trans>, icon: <IconUserCheck size={18} />, badge: pending },
    {
      to: "/admin/contact",
      label: <Trans>Contact messages</Trans>,
      icon: <IconMail size={18} />,
      badge: unreadContact,
    },
    { to: "/admin/qa", label: <Trans>Q&A Management</Trans>, icon: <IconBook size={18} /> },
    { to: "/admin/analytics", label: <Trans>Analytics</Trans>, icon: <IconChartBar size={18} /> },
    { to: "/admin/members", label: <Trans>Member Management</Trans>, icon: <IconUsersGroup size={18} /> },
    { to: "/admin/audit", label: <Trans>Audit log</Trans>, icon: <IconHistory size={18} /> },
  ];
  const render = (item: NavItem) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={item.icon}
      active={pathname === item.to}
      rightSection={
        item.badge ? (
          <Badge size="sm" color="red" circle={item.badge < 10} data-testid={`nav-badge-${item.to.split("/").pop()}`}>
            {badgeLabel(item.badge)}
          </Badge>
        ) : null
      }
      onClick={onNavigate}
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
      <NavLink
        mt="md"
        label={<Trans>Sign Out</Trans>}
        leftSection={<IconLogout size={18} />}
        color="red"
        active={false}
        onClick={() => {
          onNavigate();
          void signOut();
        }}
      />
    </Stack>
  );
}

/** A top-bar icon link with a red count badge (hidden at 0); `data-count` carries the number. */
/** The language switch of the member area: the choice is also saved on the account. */
function AccountLanguageSwitcher() {
  const trpc = useTRPC();
  const saveLocale = useMutation(trpc.session.setLocale.mutationOptions());
  return <LanguageSwitcher onChange={(locale) => saveLocale.mutate({ locale })} />;
}

function BadgeLink(props: {
  to: string;
  tooltip: string;
  label: string;
  count: number;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Tooltip label={props.tooltip}>
      <Indicator label={badgeLabel(props.count)} size={18} color="red" disabled={props.count <= 0} offset={4}>
        <ActionIcon
          component={Link}
          to={props.to}
          variant="subtle"
          size="lg"
          aria-label={props.label}
          data-testid={props.testId}
          data-count={props.count}
        >
          {props.icon}
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

export function AppLayout({ viewer, children }: { viewer: LayoutViewer; children: ReactNode }) {
  return (
    <BadgesProvider>
      <Shell viewer={viewer}>{children}</Shell>
    </BadgesProvider>
  );
}

function Shell({ viewer, children }: { viewer: LayoutViewer; children: ReactNode }) {
  const { t } = useLingui();
  const [drawerOpened, drawer] = useDisclosure(false);
  const badges = useBadges();
  const pending = badges.pendingApplicants;
  const signOut = useSignOut();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: "sm", collapsed: { mobile: true } }}
      padding="md"
    >
      <a href="#main-content" className={classes.skipLink}>
        <Trans>Skip to main content</Trans>
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t`Open navigation`}
            />
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
              <Badge
                variant="light"
                color="teal"
                size="lg"
                data-testid="points"
                style={{ flexShrink: 0, overflow: "visible" }}
              >
                {formatNumber(badges.points ?? viewer.points)} <Trans>pts</Trans>
              </Badge>
            </Tooltip>
            <TierBadge tier={badges.tier ?? viewer.tier} size="lg" visibleFrom="xs" data-testid="tier" />
            {viewer.isAdmin && (
              <BadgeLink
                to="/admin/inbox"
                tooltip={t`Admin Inbox`}
                label={t`Admin inbox, ${badges.pendingSubmissions} pending`}
                count={badges.pendingSubmissions}
                icon={<IconListCheck size={20} />}
                testId="admin-inbox-link"
              />
            )}
            <BadgeLink
              to="/member-request/received"
              tooltip={t`Requests for you`}
              label={t`Requests for you: ${badges.requests}`}
              count={badges.requests}
              icon={<IconMessageQuestion size={20} />}
              testId="requests-badge"
            />
            <BadgeLink
              to="/offers/received"
              tooltip={t`Offers received`}
              label={t`Unread offers: ${badges.unreadOffers}`}
              count={badges.unreadOffers}
              icon={<IconMailOpened size={20} />}
              testId="offers-badge"
            />
            {/* On a phone the language switch is in the menu drawer, so the rest fits (issue 11). */}
            <Box visibleFrom="xs">
              <AccountLanguageSwitcher />
            </Box>
            <NotificationBell unread={badges.unreadNotifications} />
            <Menu position="bottom-end" withArrow shadow="md">
              <Menu.Target>
                <ActionIcon variant="subtle" size="lg" aria-label={t`Account menu`} data-testid="account-menu">
                  <IconUser size={20} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{viewer.name}</Menu.Label>
                <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
                  <Trans>Profile</Trans>
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
                  <Trans>Sign Out</Trans>
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <AppShell.Section grow component={ScrollArea}>
          <Navigation
            viewer={viewer}
            pending={pending}
            pendingSubmissions={badges.pendingSubmissions}
            pendingServices={badges.pendingServices}
            unreadContact={badges.unreadContact}
            onNavigate={() => {}}
          />
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer opened={drawerOpened} onClose={drawer.close} size="75%" title={<Trans>Menu</Trans>} hiddenFrom="sm">
        {/* On a phone the tier and the language switch live here, so the top bar fits (issue #13 §4). */}
        <Group hiddenFrom="xs" mb="md" gap="sm" justify="space-between" wrap="wrap">
          <TierBadge tier={badges.tier ?? viewer.tier} size="lg" data-testid="tier-drawer" />
          <AccountLanguageSwitcher />
        </Group>
        <Navigation
          viewer={viewer}
          pending={pending}
          pendingSubmissions={badges.pendingSubmissions}
          pendingServices={badges.pendingServices}
          unreadContact={badges.unreadContact}
          onNavigate={drawer.close}
        />
      </Drawer>

      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        {viewer.isAdmin && <AdminSecondFactorBanner />}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
