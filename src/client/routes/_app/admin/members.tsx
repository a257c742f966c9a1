import { createFileRoute } from "@tanstack/react-router";
import { AdminOnly } from "../../../components/AdminOnly";
import { AdminMembersPage } from "../../../features/adminMembers/AdminMembersPage";
import { validateAdminMembersSearch } from "../../../features/adminMembers/adminMembersSearch";

/** Member Management (issue #3 §5); its filters are URL search params. */
export const Route = createFileRoute("/_app/admin/members")({
  validateSearch: validateAdminMembersSearch,
  component: () => (
    <AdminOnly>
      <AdminMembersPage />
    </AdminOnly>
  ),
});
