import { createFileRoute } from "@tanstack/react-router";
import { SendRequestPage } from "../../../features/memberRequests/SendRequestPage";

/** Send Member Request (spec part 2 §2); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/member-request/send")({ component: SendRequestPage });
