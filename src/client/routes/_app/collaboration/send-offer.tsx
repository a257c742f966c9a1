import { Trans } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/ComingSoon";

/** Send a Collaboration Offer: a service group screen built in a later issue (spec part 2 §2 route table). */
export const Route = createFileRoute("/_app/collaboration/send-offer")({
  component: () => <ComingSoon title={<Trans>Send a Collaboration Offer</Trans>} />,
});
