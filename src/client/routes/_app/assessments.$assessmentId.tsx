import { createFileRoute } from "@tanstack/react-router";
import { SavedAssessmentPage } from "../../features/assessments/SavedAssessmentPage";

/** One of the member's saved readiness results (issue #18 §3); members only, through the `_app` gate. */
export const Route = createFileRoute("/_app/assessments/$assessmentId")({
  component: SavedAssessment,
});

function SavedAssessment() {
  const { assessmentId } = Route.useParams();
  return <SavedAssessmentPage assessmentId={Number(assessmentId)} />;
}
