import { Trans } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/ComingSoon";

/** Received Offers: built in a later issue; an honest "coming soon" card until then. */
export const Route = createFileRoute("/_app/offers/received")({
  component: () => (
    <ComingSoon title={<Trans>Received Offers</Trans>} />
  ),
});
