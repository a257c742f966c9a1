import { Trans } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/ComingSoon";

/** Send an Information Request: a service group screen built in a later issue (spec part 2 §2 route table). */
export const Route = createFileRoute("/_app/information/send-request")({
  component: () => <ComingSoon title={<Trans>Send an Information Request</Trans>} />,
});
