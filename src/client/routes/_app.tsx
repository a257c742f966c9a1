/**
 * Login guard and approval gate for every member route (spec part 1 §2, §4): signed-out
 * visitors go to the landing page; pending and rejected applicants see their status screen;
 * members get the shared layout with the session timer.
 */
import { Trans } from "@lingui/react/macro";
import { ModalsProvider } from "@mantine/modals";
import { createFileRoute, Outlet, redirect, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { AppLayout } from "../components/AppLayout";
import { FullPageLoader } from "../components/FullPageLoader";
import { KeptResults } from "../features/assessments/KeptResults";
import { ApprovalStatusScreen } from "../features/session/ApprovalStatusScreen";
import { SessionTimeout } from "../features/session/SessionTimeout";
import { useSession } from "../features/session/useSession";

export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ context }) => {
    // The tRPC client is not in the entry chunk (trpc.ts); the member area needs it anyway.
    const { trpc } = await import("../trpc");
    const session = await context.queryClient.ensureQueryData(trpc.session.get.queryOptions());
    if (!session) throw redirect({ to: "/landing", search: { auth: "signin" } });
  },
  pendingComponent: () => <FullPageLoader label={<Trans>Checking account status...</Trans>} />,
  pendingMs: 200,
  component: MemberArea,
});

function MemberArea() {
  const { data: session, isPending } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (!isPending && !session) void navigate({ to: "/landing", replace: true });
  }, [isPending, session, navigate]);

  if (!session) return <FullPageLoader label={<Trans>Checking account status...</Trans>} />;
  const { viewer, expiresAt } = session;
  return (
    <>
      <SessionTimeout key={viewer.id} initialExpiresAt={expiresAt} />
      {viewer.approvalStatus === "approved" ? (
        <ModalsProvider>
          <KeptResults />
          <AppLayout viewer={viewer}>
            <Outlet />
          </AppLayout>
        </ModalsProvider>
      ) : (
        <ApprovalStatusScreen status={viewer.approvalStatus} />
      )}
    </>
  );
}
