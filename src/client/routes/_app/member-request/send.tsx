import { Trans } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/ComingSoon";

/** Send Member Request: built in a later issue; an honest "coming soon" card until then. */
export const Route = createFileRoute("/_app/member-request/send")({
  component: () => (
    <ComingSoon title={<Trans>Send Member Request</Trans>} />
  ),
});
