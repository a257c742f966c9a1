import { createFileRoute } from "@tanstack/react-router";
import { ReceivedOffersPage } from "../../../features/offers/ReceivedOffersPage";
import { validateAreaSearch } from "../../../features/posts/areaSearch";

/** Received Offers (spec part 2 §2; issue #14: `?area=` filters by service area); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/offers/received")({
  validateSearch: validateAreaSearch,
  component: ReceivedOffersPage,
});
