import { createFileRoute } from "@tanstack/react-router";
import { SharePage } from "../../features/knowledge/SharePage";

/** Share Knowledge (spec part 2 §2); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/share")({ component: SharePage });
