import { Trans } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/ComingSoon";

/** Received Consultancy Offers: a service group screen built in a later issue (spec part 2 §2 route table). */
export const Route = createFileRoute("/_app/consultancy/received-offer")({
  component: () => <ComingSoon title={<Trans>Received Consultancy Offers</Trans>} />,
});
