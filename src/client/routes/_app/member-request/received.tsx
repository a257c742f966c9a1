import { createFileRoute } from "@tanstack/react-router";
import { ReceivedRequestsPage } from "../../../features/memberRequests/ReceivedRequestsPage";

/** Received Member Requests (spec part 2 §2); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/member-request/received")({ component: ReceivedRequestsPage });
