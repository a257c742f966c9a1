import { Trans } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../components/ComingSoon";

/** Profile Settings: built in a later issue; an honest "coming soon" card until then. */
export const Route = createFileRoute("/_app/profile")({
  component: () => (
    <ComingSoon title={<Trans>Profile Settings</Trans>} />
  ),
});
