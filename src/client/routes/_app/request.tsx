import { Trans } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../components/ComingSoon";

/** Request Help: built in a later issue; an honest "coming soon" card until then. */
export const Route = createFileRoute("/_app/request")({
  component: () => <ComingSoon title={<Trans>Request Help</Trans>} />,
});
