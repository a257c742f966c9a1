import { createFileRoute } from "@tanstack/react-router";
import { PostFormPage } from "../../../features/posts/PostFormPage";

/** Offer an export service (`export_services.offer`; issue #14, spec part 2 §2 route table); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/export-services/send-offer")({
  component: () => <PostFormPage form="export_services.offer" />,
});
