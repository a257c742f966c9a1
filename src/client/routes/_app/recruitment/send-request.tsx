import { createFileRoute } from "@tanstack/react-router";
import { PostFormPage } from "../../../features/posts/PostFormPage";

/** Seek a position (`recruitment.request`; issue #14, spec part 2 §2 route table); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/recruitment/send-request")({
  component: () => <PostFormPage form="recruitment.request" />,
});
