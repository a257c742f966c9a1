import { createFileRoute } from "@tanstack/react-router";
import { validateDirectorySearch } from "../../features/members/directorySearch";
import { MembersPage } from "../../features/members/MembersPage";

/** Member directory (issue #3 §4); its filters are URL search params. */
export const Route = createFileRoute("/_app/members")({
  validateSearch: validateDirectorySearch,
  component: MembersPage,
});
