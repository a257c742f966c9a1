import { createFileRoute } from "@tanstack/react-router";
import { AdminOnly } from "../../../components/AdminOnly";
import { ApprovalsPage } from "../../../features/approval/ApprovalsPage";

/** User Approval Management (spec part 1 §2). */
export const Route = createFileRoute("/_app/admin/approvals")({
  component: () => (
    <AdminOnly>
      <ApprovalsPage />
    </AdminOnly>
  ),
});
