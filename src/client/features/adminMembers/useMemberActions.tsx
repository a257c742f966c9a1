/**
 * The member administration's row actions: approve / reject (pending accounts, through the
 * approval review), suspend with a reason, reinstate, grant / revoke the admin role, send a
 * password reset link (docs/architecture.md, Password reset links), reset the member's two-step sign-in when they lost their
 * authenticator (docs/architecture.md "Security model"). Each asks
 * for confirmation, shows a toast and refreshes the lists it affects. The server writes the
 * security event and refuses the admin's own account.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { suspendInput } from "../../../common/adminMembers";
import { LIMITS } from "../../../common/constants";
import { errorText } from "../../lib/errors";
import { applyServerErrors, validateWith } from "../../lib/form";
import { useTRPC } from "../../trpc";
import type { Account } from "./types";

const SUSPEND_REASON_MAX = 500;
const suspendReason = suspendInput.pick({ reason: true });

export interface MemberActions {
  approve: (account: Account) => void;
  reject: (account: Account) => void;
  suspend: (account: Account) => void;
  reinstate: (account: Account) => void;
  setAdmin: (account: Account, admin: boolean) => void;
  sendPasswordReset: (account: Account) => void;
  /** On the member's request: a copy of their data, mailed to them (docs/architecture.md). */
  exportData: (account: Account) => void;
  /** On the member's request: deletes their account (docs/architecture.md "Deleting an account"). */
  deleteAccount: (account: Account) => void;
  /** A member who lost their second factor: removes it, ends their sessions, mails them (docs/architecture.md). */
  resetSecondFactor: (account: Account) => void;
}

function Who({ account }: { account: Account }) {
  return (
    <div>
      <Text fw={700}>{account.name}</Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {account.email}
      </Text>
    </div>
  );
}

export function useMemberActions(): { actions: MemberActions; modalsNode: ReactNode } {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const review = useMutation(trpc.approval.review.mutationOptions());
  const suspendMutation = useMutation(trpc.adminMembers.suspend.mutationOptions());
  const reinstateMutation = useMutation(trpc.adminMembers.reinstate.mutationOptions());
  const setAdminMutation = useMutation(trpc.adminMembers.setAdmin.mutationOptions());
  const sendResetMutation = useMutation(trpc.adminMembers.sendPasswordReset.mutationOptions());
  const exportMutation = useMutation(trpc.adminMembers.exportData.mutationOptions());
  const deleteMutation = useMutation(trpc.adminMembers.deleteAccount.mutationOptions());
  const resetSecondFactorMutation = useMutation(trpc.adminMembers.resetSecondFactor.mutationOptions());

  const [rejecting, setRejecting] = useState<Account | null>(null);
  const [notes, setNotes] = useState("");
  const [suspending, setSuspending] = useState<Account | null>(null);
  const suspendForm = useForm({
    initialValues: { reason: "" },
    validate: validateWith(suspendReason),
  });

  async function refresh(approvals: boolean) {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.adminMembers.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.members.list.pathKey() }),
      ...(approvals
        ? [
            queryClient.invalidateQueries({ queryKey: trpc.badges.get.queryKey() }),
            queryClient.invalidateQueries({ queryKey: trpc.approval.listPending.queryKey() }),
          ]
        : []),
    ]);
  }

  /** Runs one action with its toasts; true when it succeeded. */
  async function run(action: () => Promise<unknown>, success: string, approvals = false): Promise<boolean> {
    try {
      await action();
      notifications.show({ color: "teal", message: success });
      return true;
    } catch (error) {
      notifications.show({ color: "red", title: t`The action failed`, message: errorText(error) });
      return false;
    } finally {
      await refresh(approvals);
    }
  }

  const actions: MemberActions = {
    approve(account) {
      const name = account.name;
      modals.openConfirmModal({
        title: t`Approve ${name}?`,
        centered: true,
        children: (
          <Stack gap="sm">
            <Who account={account} />
            <Text size="sm">
              <Trans>They will receive an e-mail and can sign in to the club.</Trans>
            </Text>
          </Stack>
        ),
        labels: { confirm: t`Approve`, cancel: t`Cancel` },
        confirmProps: { color: "teal", "data-testid": "confirm-approve" },
        onConfirm: () =>
          void run(
            () => review.mutateAsync({ userId: account.userId, decision: "approved" }),
            t`User approved successfully`,
            true,
          ),
      });
    },
    reject(account) {
      setNotes("");
      setRejecting(account);
    },
    suspend(account) {
      suspendForm.reset();
      setSuspending(account);
    },
    reinstate(account) {
      const name = account.name;
      modals.openConfirmModal({
        title: t`Reinstate ${name}?`,
        centered: true,
        children: (
          <Stack gap="sm">
            <Who account={account} />
            <Text size="sm">
              <Trans>The member will be able to sign in again.</Trans>
            </Text>
          </Stack>
        ),
        labels: { confirm: t`Reinstate`, cancel: t`Cancel` },
        confirmProps: { color: "teal", "data-testid": "confirm-reinstate" },
        onConfirm: () =>
          void run(() => reinstateMutation.mutateAsync({ userId: account.userId }), t`${name} was reinstated`),
      });
    },
    setAdmin(account, admin) {
      const name = account.name;
      modals.openConfirmModal({
        title: admin ? t`Grant the admin role to ${name}?` : t`Revoke the admin role from ${name}?`,
        centered: true,
        children: (
          <Stack gap="sm">
            <Who account={account} />
            <Text size="sm">
              {admin ? (
                <Trans>Admins can review applications and manage every member account.</Trans>
              ) : (
                <Trans>The member keeps their account but loses access to the admin pages.</Trans>
              )}
            </Text>
          </Stack>
        ),
        labels: { confirm: admin ? t`Grant admin` : t`Revoke admin`, cancel: t`Cancel` },
        confirmProps: { color: admin ? "teal" : "red", "data-testid": "confirm-set-admin" },
        onConfirm: () =>
          void run(
            () => setAdminMutation.mutateAsync({ userId: account.userId, admin }),
            admin ? t`${name} is now an admin` : t`${name} is no longer an admin`,
          ),
      });
    },
    sendPasswordReset(account) {
      const name = account.name;
      modals.openConfirmModal({
        title: t`Send a password reset link to ${name}?`,
        centered: true,
        children: (
          <Stack gap="sm">
            <Who account={account} />
            <Text size="sm">
              <Trans>
                They receive an e-mail with a link to choose a new password, valid for 30 minutes. Their current
                password keeps working until they use the link; then they are signed out everywhere.
              </Trans>
            </Text>
          </Stack>
        ),
        labels: { confirm: t`Send link`, cancel: t`Cancel` },
        confirmProps: { color: "teal", "data-testid": "confirm-send-reset" },
        onConfirm: () =>
          void run(
            () => sendResetMutation.mutateAsync({ userId: account.userId }),
            t`A password reset link was sent to ${name}`,
          ),
      });
    },
    exportData(account) {
      const name = account.name;
      modals.openConfirmModal({
        title: t`Prepare a copy of ${name}'s data?`,
        centered: true,
        children: (
          <Stack gap="sm">
            <Who account={account} />
            <Text size="sm">
              <Trans>
                Only when the member asked for it. The club prepares one zip file of everything it holds about them and
                e-mails the link to the member's own address; the link works only for them, for 7 days. You never
                receive the file.
              </Trans>
            </Text>
          </Stack>
        ),
        labels: { confirm: t`Prepare copy`, cancel: t`Cancel` },
        confirmProps: { color: "teal", "data-testid": "confirm-export-data" },
        onConfirm: () =>
          void run(
            () => exportMutation.mutateAsync({ userId: account.userId }),
            t`A copy of ${name}'s data is being prepared`,
          ),
      });
    },
    resetSecondFactor(account) {
      const name = account.name;
      modals.openConfirmModal({
        title: t`Reset the two-step sign-in of ${name}?`,
        centered: true,
        children: (
          <Stack gap="sm">
            <Who account={account} />
            <Text size="sm">
              <Trans>
                Do this only when the member has lost their authenticator app and recovery codes and you have confirmed
                who they are. Their authenticator app and recovery codes are removed, they are signed out everywhere,
                and they receive an e-mail. They then sign in with their password alone.
              </Trans>
            </Text>
          </Stack>
        ),
        labels: { confirm: t`Reset two-step sign-in`, cancel: t`Cancel` },
        confirmProps: { color: "red", "data-testid": "confirm-reset-second-factor" },
        onConfirm: () =>
          void run(
            () => resetSecondFactorMutation.mutateAsync({ userId: account.userId }),
            t`The two-step sign-in of ${name} was reset`,
          ),
      });
    },
    deleteAccount(account) {
      const name = account.name;
      modals.openConfirmModal({
        title: t`Delete ${name}'s account?`,
        centered: true,
        children: (
          <Stack gap="sm">
            <Who account={account} />
            <Text size="sm">
              <Trans>
                Only when the member asked for it. This cannot be undone: their profile, contact details, files,
                notifications and points are erased, they are signed out and leave the directory and leaderboard at
                once. Their responses, ratings and published knowledge stay, shown as from a former member. They are
                told by e-mail and may sign up again with the same address.
              </Trans>
            </Text>
          </Stack>
        ),
        labels: { confirm: t`Delete account`, cancel: t`Cancel` },
        confirmProps: { color: "red", "data-testid": "confirm-delete-member" },
        onConfirm: () =>
          void run(
            () => deleteMutation.mutateAsync({ userId: account.userId }),
            t`${name}'s account was deleted`,
            true,
          ),
      });
    },
  };

  async function confirmReject() {
    if (!rejecting) return;
    const ok = await run(
      () => review.mutateAsync({ userId: rejecting.userId, decision: "rejected", notes }),
      t`User rejected successfully`,
      true,
    );
    if (ok) setRejecting(null);
  }

  async function confirmSuspend(values: { reason: string }) {
    if (!suspending) return;
    const name = suspending.name;
    try {
      await suspendMutation.mutateAsync({ userId: suspending.userId, reason: values.reason });
      notifications.show({ color: "teal", message: t`${name} was suspended and signed out` });
      setSuspending(null);
    } catch (error) {
      applyServerErrors(suspendForm, error, { pick: ["reason"] });
      notifications.show({ color: "red", title: t`The action failed`, message: errorText(error) });
    } finally {
      await refresh(false);
    }
  }

  const modalsNode = (
    <>
      <Modal
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={<Trans>Reject application</Trans>}
        centered
      >
        {rejecting && (
          <Stack>
            <Who account={rejecting} />
            <Textarea
              label={t`Admin notes (optional)`}
              description={t`Included in the e-mail to the applicant.`}
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
              maxLength={LIMITS.approvalNotesMax}
              autosize
              minRows={3}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejecting(null)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                color="red"
                onClick={() => void confirmReject()}
                loading={review.isPending}
                data-testid="confirm-reject"
              >
                <Trans>Reject</Trans>
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal
        opened={suspending !== null}
        onClose={() => setSuspending(null)}
        title={<Trans>Suspend account</Trans>}
        centered
      >
        {suspending && (
          <form onSubmit={suspendForm.onSubmit((values) => void confirmSuspend(values))} noValidate>
            <Stack>
              <Who account={suspending} />
              <Text size="sm">
                <Trans>The member is signed out everywhere at once and cannot sign in until reinstated.</Trans>
              </Text>
              <Textarea
                label={t`Reason`}
                description={t`At least 3 characters. Kept with the account and in the security log.`}
                withAsterisk
                autosize
                minRows={3}
                maxLength={SUSPEND_REASON_MAX}
                data-autofocus
                data-testid="suspend-reason"
                {...suspendForm.getInputProps("reason")}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setSuspending(null)}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button type="submit" color="red" loading={suspendMutation.isPending} data-testid="confirm-suspend">
                  <Trans>Suspend</Trans>
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );

  return { actions, modalsNode };
}
