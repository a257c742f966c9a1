import { Trans } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { AdminOnly } from "../../../components/AdminOnly";
import { ComingSoon } from "../../../components/ComingSoon";

/** Admin Inbox: built in a later issue; an honest "coming soon" card until then. */
export const Route = createFileRoute("/_app/admin/inbox")({
  component: () => (
    <AdminOnly>
      <ComingSoon title={<Trans>Admin Inbox</Trans>} />
    </AdminOnly>
  ),
});
