import { createFileRoute, redirect } from "@tanstack/react-router";

/**
 * Received consultancy offers (issue #15 §3; spec part 2 §2 route table): the responses to the
 * viewer's consultation requests, i.e. Received Offers filtered to the consultancy area — one
 * page, so reveal and rating work the same everywhere.
 */
export const Route = createFileRoute("/_app/consultancy/received-offer")({
  beforeLoad: () => {
    throw redirect({ to: "/offers/received", search: { area: "consultancy" }, replace: true });
  },
});
