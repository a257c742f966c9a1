import { createFileRoute } from "@tanstack/react-router";
import { ReceivedPostsPage } from "../../../features/posts/ReceivedPostsPage";

/** Candidates seeking a position (issue #14; spec part 2 §2 route table); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/recruitment/received-request")({
  component: () => <ReceivedPostsPage board="recruitment.request" />,
});
