import { createFileRoute } from "@tanstack/react-router";
import { ReceivedPostsPage } from "../../../features/posts/ReceivedPostsPage";

/**
 * Received consultation requests (issue #15 §3; spec part 2 §2 route table): the requests routed
 * to the viewer as a provider; members only, through the `_app` gate.
 */
export const Route = createFileRoute("/_app/consultancy/received-request")({
  component: () => <ReceivedPostsPage board="consultancy.request" />,
});
