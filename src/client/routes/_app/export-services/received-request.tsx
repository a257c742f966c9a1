import { createFileRoute, redirect } from "@tanstack/react-router";

/** Export-services requests and their answers live in the member-request lists (DESIGN.md §9). */
export const Route = createFileRoute("/_app/export-services/received-request")({
  beforeLoad: () => {
    throw redirect({ to: "/member-request/received", replace: true });
  },
});
