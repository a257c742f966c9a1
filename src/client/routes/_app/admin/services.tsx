import { createFileRoute } from "@tanstack/react-router";
import { AdminOnly } from "../../../components/AdminOnly";
import { validateInboxSearch } from "../../../features/inbox/inboxSearch";
import { ServiceReviewPage } from "../../../features/services/ServiceReviewPage";

/** Service review (issue #15 §1): pending, approved and rejected services; `?status=&id=` in the URL. */
export const Route = createFileRoute("/_app/admin/services")({
  validateSearch: validateInboxSearch,
  component: () => (
    <AdminOnly>
      <ServiceReviewPage />
    </AdminOnly>
  ),
});
