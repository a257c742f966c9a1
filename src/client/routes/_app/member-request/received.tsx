import { Trans } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/ComingSoon";

/** Received Member Requests: built in a later issue; an honest "coming soon" card until then. */
export const Route = createFileRoute("/_app/member-request/received")({
  component: () => (
    <ComingSoon title={<Trans>Received Member Requests</Trans>} />
  ),
});
