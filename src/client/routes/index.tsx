import { Trans } from "@lingui/react/macro";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { FullPageLoader } from "../components/FullPageLoader";
import { probeSession } from "../lib/sessionProbe";

/** Entry (spec part 1 §2): 'Loading...', then /dashboard when signed in, else /landing. */
export const Route = createFileRoute("/")({
  beforeLoad: async () => {
    // Without the tRPC client, which a visitor sent on to the landing page never needs.
    const session = await probeSession();
    throw redirect({ to: session ? "/dashboard" : "/landing", replace: true });
  },
  pendingComponent: () => <FullPageLoader label={<Trans>Loading...</Trans>} />,
  pendingMs: 0,
});
