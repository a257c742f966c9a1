import { createFileRoute } from "@tanstack/react-router";
import { ReceivedPostsPage } from "../../../features/posts/ReceivedPostsPage";

/** Received Member Requests (issue #14; spec part 2 §2 route table); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/member-request/received")({
  component: () => <ReceivedPostsPage board="membership.request" />,
});
