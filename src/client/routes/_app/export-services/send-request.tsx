import { createFileRoute } from "@tanstack/react-router";
import { ExportServicesRequestPage } from "../../../features/memberRequests/ExportServicesRequestPage";

/** Export Services Request (spec part 2 §2); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/export-services/send-request")({ component: ExportServicesRequestPage });
