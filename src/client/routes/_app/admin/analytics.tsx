import { createFileRoute } from "@tanstack/react-router";
import { AdminOnly } from "../../../components/AdminOnly";
import { AnalyticsPage } from "../../../features/analytics/AnalyticsPage";
import { validateAnalyticsSearch } from "../../../features/analytics/analyticsSearch";

/** Admin analytics (issue #17 §3): charts over a date range kept in the URL (`?from=&to=`). */
export const Route = createFileRoute("/_app/admin/analytics")({
  validateSearch: validateAnalyticsSearch,
  component: () => (
    <AdminOnly>
      <AnalyticsPage />
    </AdminOnly>
  ),
});
