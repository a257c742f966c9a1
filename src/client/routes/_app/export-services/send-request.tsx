import { Trans } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/ComingSoon";

/** Export Services Request: built in a later issue; an honest "coming soon" card until then. */
export const Route = createFileRoute("/_app/export-services/send-request")({
  component: () => (
    <ComingSoon title={<Trans>Export Services Request</Trans>} />
  ),
});
