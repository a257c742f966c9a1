import { Trans } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { AdminOnly } from "../../../components/AdminOnly";
import { ComingSoon } from "../../../components/ComingSoon";

/** Analytics: built in a later issue; an honest "coming soon" card until then. */
export const Route = createFileRoute("/_app/admin/analytics")({
  component: () => (
    <AdminOnly>
      <ComingSoon title={<Trans>Analytics</Trans>} />
    </AdminOnly>
  ),
});
