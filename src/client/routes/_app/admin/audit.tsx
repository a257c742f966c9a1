import { createFileRoute } from "@tanstack/react-router";
import { AdminOnly } from "../../../components/AdminOnly";
import { AuditLogPage } from "../../../features/audit/AuditLogPage";
import { validateAuditSearch } from "../../../features/audit/auditSearch";

/** The audit log (docs/architecture.md "Security model"); its filters are URL search params. */
export const Route = createFileRoute("/_app/admin/audit")({
  validateSearch: validateAuditSearch,
  component: () => (
    <AdminOnly>
      <AuditLogPage />
    </AdminOnly>
  ),
});
