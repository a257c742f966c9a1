import { createFileRoute } from "@tanstack/react-router";
import { ExportReadinessPage } from "../features/landing/assessment/ExportReadinessPage";

/** Public information page (spec part 1 §2 Assessment information pages). */
export const Route = createFileRoute("/export-readiness-assessment")({
  component: ExportReadinessPage,
});
