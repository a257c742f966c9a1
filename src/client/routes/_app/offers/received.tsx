import { createFileRoute } from "@tanstack/react-router";
import { ReceivedOffersPage } from "../../../features/offers/ReceivedOffersPage";

/** Received Offers (spec part 2 §2); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/offers/received")({ component: ReceivedOffersPage });
