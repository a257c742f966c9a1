import { createFileRoute } from "@tanstack/react-router";
import { ReceivedPostsPage } from "../../../features/posts/ReceivedPostsPage";

/** Received export service offers (issue #14; spec part 2 §2 route table); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/export-services/received-offer")({
  component: () => <ReceivedPostsPage board="export_services.offer" />,
});
