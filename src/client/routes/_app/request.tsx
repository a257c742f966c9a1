import { createFileRoute } from "@tanstack/react-router";
import { RequestHelpPage } from "../../features/help/RequestHelpPage";

/** Request Help (spec part 2 §2); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/request")({ component: RequestHelpPage });
