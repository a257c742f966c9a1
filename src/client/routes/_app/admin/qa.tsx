import { createFileRoute } from "@tanstack/react-router";
import { AdminOnly } from "../../../components/AdminOnly";
import { QaAdminPage } from "../../../features/qa/QaAdminPage";

/** Q&A Management (spec part 2 §2); administrators only (the server refuses others too). */
export const Route = createFileRoute("/_app/admin/qa")({
  component: () => (
    <AdminOnly>
      <QaAdminPage />
    </AdminOnly>
  ),
});
