import { createFileRoute } from "@tanstack/react-router";
import { EditServicePage } from "../../../features/services/ServiceFormPage";

/** Edit a service of mine (issue #15 §1); it goes back to review. */
export const Route = createFileRoute("/_app/services/$serviceId/edit")({
  component: function EditServiceRoute() {
    const { serviceId } = Route.useParams();
    return <EditServicePage id={Number(serviceId)} />;
  },
});
