/**
 * Pieces of one account in the member administration, shared by the desktop table and the
 * phone cards: state badges, last activity and the actions menu.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Badge, Group, Menu, Text, Tooltip } from "@mantine/core";
import {
  IconCheck,
  IconDatabaseExport,
  IconDeviceMobileOff,
  IconDots,
  IconHistory,
  IconKey,
  IconLock,
  IconLockOpen,
  IconShield,
  IconShieldOff,
  IconTrash,
  IconX,
} from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useRef } from "react";
import { useStartAlign } from "../../components/UserText";
import { formatDateTime } from "../../i18n";
import { APPROVAL_STATUS_LABELS } from "../../lib/labels";
import { formatRelativeTime, WEEK_MS } from "../../lib/time";
import type { Account } from "./types";
import type { MemberActions } from "./useMemberActions";

/** Badges keep their full text: a narrow column wraps them instead of cutting them. */
export const noShrink = { maxWidth: "none", minWidth: "max-content", flexShrink: 0 } as const;

const APPROVAL_COLORS = { pending: "yellow", approved: "teal", rejected: "red" } as const;

export function ApprovalBadge({ account }: { account: Account }) {
  const { i18n } = useLingui();
  return (
    <Badge color={APPROVAL_COLORS[account.approvalStatus]} variant="light" style={noShrink}>
      {i18n._(APPROVAL_STATUS_LABELS[account.approvalStatus])}
    </Badge>
  );
}

/** "Suspended" with the reason and date in a tooltip (focusable for keyboard users). */
export function SuspendedBadge({ account }: { account: Account }) {
  const { t, i18n } = useLingui();
  if (!account.suspendedAt) return null;
  const reason = account.suspendedReason ?? "";
  const when = formatDateTime(account.suspendedAt, i18n.locale);
  return (
    <Tooltip
      label={
        <>
          <Text size="xs" fw={700}>
            <Trans>Suspended {when}</Trans>
          </Text>
          {reason && (
            <Text size="xs" dir="auto">
              {reason}
            </Text>
          )}
        </>
      }
      multiline
      maw={300}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <Badge
        color="red"
        variant="filled"
        tabIndex={0}
        aria-label={reason ? t`Suspended: ${reason}` : t`Suspended`}
        style={{ ...noShrink, cursor: "help" }}
        data-testid="suspended-badge"
      >
        <Trans>Suspended</Trans>
      </Badge>
    </Tooltip>
  );
}

export function AdminBadge({ account }: { account: Account }) {
  if (!account.isAdmin) return null;
  return (
    <Badge color="violet" variant="light" leftSection={<IconShield size={12} aria-hidden />} style={noShrink}>
      <Trans>Admin</Trans>
    </Badge>
  );
}

export function LastActive({ account }: { account: Account }) {
  const { i18n } = useLingui();
  if (!account.lastActiveAt) {
    return (
      <Text size="sm" c="dimmed" component="span">
        <Trans>Never</Trans>
      </Text>
    );
  }
  const full = formatDateTime(account.lastActiveAt, i18n.locale);
  return (
    <Tooltip label={full} withArrow>
      <Text size="sm" component="time" dateTime={new Date(account.lastActiveAt).toISOString()}>
        {formatRelativeTime(account.lastActiveAt, i18n.locale, { dateFrom: WEEK_MS })}
      </Text>
    </Tooltip>
  );
}

/** The row's actions; on one's own row a disabled button that says why. */
export function AccountActionsMenu({
  account,
  isSelf,
  actions,
}: {
  account: Account;
  isSelf: boolean;
  actions: MemberActions;
}) {
  const { t } = useLingui();
  const target = useRef<HTMLButtonElement>(null);
  const name = account.name;
  if (isSelf) {
    return (
      <Tooltip label={t`You cannot change your own account here.`} withArrow multiline maw={220}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          data-disabled
          aria-disabled="true"
          aria-label={t`No actions for your own account`}
          onClick={(e) => e.preventDefault()}
          data-testid="member-actions-self"
        >
          <IconDots size={18} />
        </ActionIcon>
      </Tooltip>
    );
  }
  const pending = account.approvalStatus === "pending";
  const suspended = account.suspendedAt !== null;
  // Admin rights only make sense for an approved, active member; revoking is always possible.
  const canGrant = !account.isAdmin && account.approvalStatus === "approved" && !suspended;
  // The menu's button takes the focus before a dialog opens, so the dialog gives it back to the
  // button when it closes (the menu item it would otherwise remember is gone by then).
  const act = (action: () => void) => () => {
    target.current?.focus();
    action();
  };
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t`Actions for ${name}`}
          data-testid="member-actions"
          ref={target}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {pending && (
          <>
            <Menu.Item leftSection={<IconCheck size={16} />} color="teal" onClick={act(() => actions.approve(account))}>
              <Trans>Approve</Trans>
            </Menu.Item>
            <Menu.Item leftSection={<IconX size={16} />} color="red" onClick={act(() => actions.reject(account))}>
              <Trans>Reject…</Trans>
            </Menu.Item>
            <Menu.Divider />
          </>
        )}
        {!suspended && (
          <Menu.Item
            leftSection={<IconKey size={16} />}
            onClick={act(() => actions.sendPasswordReset(account))}
            data-testid="send-password-reset"
          >
            <Trans>Send password reset link</Trans>
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconDeviceMobileOff size={16} />}
          onClick={act(() => actions.resetSecondFactor(account))}
          data-testid="reset-second-factor"
        >
          <Trans>Reset two-step sign-in</Trans>
        </Menu.Item>
        {suspended ? (
          <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={act(() => actions.reinstate(account))}>
            <Trans>Reinstate</Trans>
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconLock size={16} />} color="red" onClick={act(() => actions.suspend(account))}>
            <Trans>Suspend…</Trans>
          </Menu.Item>
        )}
        {account.isAdmin ? (
          <Menu.Item leftSection={<IconShieldOff size={16} />} onClick={act(() => actions.setAdmin(account, false))}>
            <Trans>Revoke admin</Trans>
          </Menu.Item>
        ) : (
          canGrant && (
            <Menu.Item leftSection={<IconShield size={16} />} onClick={act(() => actions.setAdmin(account, true))}>
              <Trans>Grant admin</Trans>
            </Menu.Item>
          )
        )}
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconHistory size={16} />}
          renderRoot={(props) => <Link {...props} to="/admin/audit" search={{ target: account.userId }} />}
          data-testid="member-audit-log"
        >
          <Trans>Audit log</Trans>
        </Menu.Item>
        <Menu.Item
          leftSection={<IconDatabaseExport size={16} />}
          onClick={act(() => actions.exportData(account))}
          data-testid="export-member-data"
        >
          <Trans>Send a copy of their data</Trans>
        </Menu.Item>
        <Menu.Item
          leftSection={<IconTrash size={16} />}
          color="red"
          onClick={act(() => actions.deleteAccount(account))}
          data-testid="delete-member"
        >
          <Trans>Delete account…</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Name, "You" for one's own row, and e-mail. */
export function AccountName({ account, isSelf }: { account: Account; isSelf: boolean }) {
  const start = useStartAlign();
  return (
    <div style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <Text fw={600} size="sm" truncate dir="auto" ta={start}>
          {account.name}
        </Text>
        {isSelf && (
          <Badge size="xs" variant="outline" color="gray">
            <Trans>You</Trans>
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" truncate dir="ltr" ta={start}>
        {account.email}
      </Text>
    </div>
  );
}

/** The suspension reason as plain text, for the phone cards (tooltips are awkward on touch). */
export function SuspensionNote({ account }: { account: Account }) {
  const { i18n } = useLingui();
  const start = useStartAlign();
  if (!account.suspendedAt) return null;
  const when = formatDateTime(account.suspendedAt, i18n.locale);
  const reason = account.suspendedReason ?? "";
  return (
    <div data-testid="suspension-note">
      <Text size="xs" c="red.8" fw={600}>
        <Trans>Suspended {when}</Trans>
      </Text>
      {reason && (
        <Text size="xs" c="red.8" dir="auto" ta={start}>
          {reason}
        </Text>
      )}
    </div>
  );
}
