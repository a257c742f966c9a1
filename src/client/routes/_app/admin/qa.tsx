import { Trans } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { AdminOnly } from "../../../components/AdminOnly";
import { ComingSoon } from "../../../components/ComingSoon";

/** Q&A Management: built in a later issue; an honest "coming soon" card until then. */
export const Route = createFileRoute("/_app/admin/qa")({
  component: () => (
    <AdminOnly>
      <ComingSoon title={<Trans>Q&A Management</Trans>} />
    </AdminOnly>
  ),
});
