/**
 * The admins' reminder on every page (docs/architecture.md "Security model"; ASVS V6.3.3): an
 * admin without a second factor sees until when admin pages stay open, with a link to set one
 * up; after that date it says admin pages are closed until they do.
 */
import { Trans } from "@lingui/react/macro";
import { Alert, Anchor } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { formatDate } from "../../i18n";
import { useTRPC } from "../../trpc";

export function AdminSecondFactorBanner() {
  const trpc = useTRPC();
  const status = useQuery(trpc.secondFactor.status.queryOptions());
  const due = status.data?.adminDue;
  if (!due) return null;
  const date = formatDate(due.graceEndsAt);
  return (
    <Alert
      color={due.overdue ? "red" : "yellow"}
      icon={<IconShieldLock size={20} aria-hidden />}
      mb="md"
      role="status"
      data-testid="admin-second-factor-banner"
    >
      {due.overdue ? (
        <Trans>Admin pages are closed until you set up two-step sign-in.</Trans>
      ) : (
        <Trans>
          As an administrator you must set up two-step sign-in by {date}; after that, admin pages close until you do.
        </Trans>
      )}{" "}
      <Anchor component={Link} to="/profile" hash="two-step-sign-in" fw={600} c="inherit" underline="always">
        <Trans>Set up two-step sign-in</Trans>
      </Anchor>
    </Alert>
  );
}
