import { createFileRoute } from "@tanstack/react-router";
import { MemberPage } from "../../features/members/MemberPage";

/** A member's page (issue #13 §2): public profile and published knowledge, no contact details. */
export const Route = createFileRoute("/_app/members_/$userId")({ component: MemberPage });
