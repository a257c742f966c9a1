import { createFileRoute } from "@tanstack/react-router";
import { PostFormPage } from "../../../features/posts/PostFormPage";

/** Offer information or a document (`information.offer`; issue #14, spec part 2 §2 route table); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/information/send-offer")({
  component: () => <PostFormPage form="information.offer" />,
});
