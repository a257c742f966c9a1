import { createFileRoute } from "@tanstack/react-router";
import { PostFormPage } from "../../../features/posts/PostFormPage";

/** Ask for information (`information.request`; issue #14, spec part 2 §2 route table); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/information/send-request")({
  component: () => <PostFormPage form="information.request" />,
});
