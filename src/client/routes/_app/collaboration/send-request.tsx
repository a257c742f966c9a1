import { createFileRoute } from "@tanstack/react-router";
import { PostFormPage } from "../../../features/posts/PostFormPage";

/** Look for a partner (`collaboration.request`; issue #14, spec part 2 §2 route table); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/collaboration/send-request")({
  component: () => <PostFormPage form="collaboration.request" />,
});
