import { Trans } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../components/ComingSoon";

/** Q&A: built in a later issue; an honest "coming soon" card until then. */
export const Route = createFileRoute("/_app/qa")({
  component: () => <ComingSoon title={<Trans>Q&A</Trans>} />,
});
