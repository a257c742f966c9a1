import { Trans } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../components/ComingSoon";

/** Leaderboard: built in a later issue; an honest "coming soon" card until then. */
export const Route = createFileRoute("/_app/leaderboard")({
  component: () => <ComingSoon title={<Trans>Leaderboard</Trans>} />,
});
