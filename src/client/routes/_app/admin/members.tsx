import { createFileRoute } from "@tanstack/react-router";
import { AdminOnly } from "../../../components/AdminOnly";
import { MembersAdminPage } from "../../../features/admin/MembersAdminPage";
import { validateAdminMembersSearch } from "../../../features/admin/members/adminMembersSearch";

/** Member Management (issue #3 §5); its filters are URL search params. */
export const Route = createFileRoute("/_app/admin/members")({
  validateSearch: validateAdminMembersSearch,
  component: () => (
    <AdminOnly>
      <MembersAdminPage />
    </AdminOnly>
  ),
});
