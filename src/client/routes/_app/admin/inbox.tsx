import { createFileRoute } from "@tanstack/react-router";
import { AdminOnly } from "../../../components/AdminOnly";
import { InboxPage } from "../../../features/inbox/InboxPage";
import { validateInboxSearch } from "../../../features/inbox/inboxSearch";

/** Admin Inbox (spec part 2 §2): knowledge submissions and their review; `?status=&id=` in the URL. */
export const Route = createFileRoute("/_app/admin/inbox")({
  validateSearch: validateInboxSearch,
  component: () => (
    <AdminOnly>
      <InboxPage />
    </AdminOnly>
  ),
});
