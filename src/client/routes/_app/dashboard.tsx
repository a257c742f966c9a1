import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage } from "../../features/dashboard/DashboardPage";

export const Route = createFileRoute("/_app/dashboard")({
  // An approved member's profile (whose completion decides the "Complete your profile" prompt)
  // and rating are asked for while the page's code loads, so the page lays out once: the prompt
  // appearing after the first paint shifted every card below it (Lighthouse CLS 0.22 → 0.02;
  // docs/decisions/0021-entry-chunk-without-the-member-area.md). Applicants see their status
  // screen here instead and may not read either.
  loader: async ({ context }) => {
    const { trpc } = await import("../../trpc");
    const session = context.queryClient.getQueryData(trpc.session.get.queryKey());
    if (session?.viewer.approvalStatus !== "approved") return;
    await Promise.all([
      context.queryClient.prefetchQuery(trpc.profile.get.queryOptions()),
      context.queryClient.prefetchQuery(trpc.offers.myRating.queryOptions()),
    ]);
  },
  component: DashboardPage,
});
