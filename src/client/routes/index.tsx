import { Trans } from "@lingui/react/macro";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { FullPageLoader } from "../components/FullPageLoader";

/** Entry (spec part 1 §2): 'Loading...', then /dashboard when signed in, else /landing. */
export const Route = createFileRoute("/")({
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(context.trpc.session.get.queryOptions());
    throw redirect({ to: session ? "/dashboard" : "/landing", replace: true });
  },
  pendingComponent: () => <FullPageLoader label={<Trans>Loading...</Trans>} />,
  pendingMs: 0,
});
