import { createFileRoute } from "@tanstack/react-router";
import { ReceivedPostsPage } from "../../../features/posts/ReceivedPostsPage";

/** Received information requests (issue #14; spec part 2 §2 route table); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/information/received-request")({
  component: () => <ReceivedPostsPage board="information.request" />,
});
