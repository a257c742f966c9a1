import { createFileRoute } from "@tanstack/react-router";
import { MyServicesPage } from "../../../features/services/MyServicesPage";

/** My services (issue #15 §1): the provider's services with their review, Edit, Pause and Resume. */
export const Route = createFileRoute("/_app/services/mine")({ component: MyServicesPage });
