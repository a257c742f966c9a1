import { createFileRoute } from "@tanstack/react-router";
import { PublishServicePage } from "../../../features/services/ServiceFormPage";

/** Publish a consultancy or training service (issue #15 §1; the dashboard's Consultancy → Offers → Send). */
export const Route = createFileRoute("/_app/consultancy/send-offer")({ component: PublishServicePage });
