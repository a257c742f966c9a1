import { createFileRoute } from "@tanstack/react-router";
import { ProfilePage } from "../../features/profile/ProfilePage";

/** Profile Settings (spec part 2 §2); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/profile")({ component: ProfilePage });
