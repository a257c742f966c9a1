import { Trans } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../components/ComingSoon";

/** Share Knowledge: built in a later issue; an honest "coming soon" card until then. */
export const Route = createFileRoute("/_app/share")({
  component: () => <ComingSoon title={<Trans>Share Knowledge</Trans>} />,
});
