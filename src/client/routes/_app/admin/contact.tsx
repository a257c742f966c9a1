import { createFileRoute } from "@tanstack/react-router";
import { AdminOnly } from "../../../components/AdminOnly";
import { ContactInboxPage } from "../../../features/contact/ContactInboxPage";
import { validateContactSearch } from "../../../features/contact/contactSearch";

/** Contact inbox (issue #16 §3): the landing form's messages; `?filter=&id=` in the URL. */
export const Route = createFileRoute("/_app/admin/contact")({
  validateSearch: validateContactSearch,
  component: () => (
    <AdminOnly>
      <ContactInboxPage />
    </AdminOnly>
  ),
});
