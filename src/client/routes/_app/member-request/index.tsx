import { createFileRoute } from "@tanstack/react-router";
import { SubmitRequestPage } from "../../../features/memberRequests/SubmitRequestPage";

/** Submit Member Request (spec part 2 §2); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/member-request/")({ component: SubmitRequestPage });
