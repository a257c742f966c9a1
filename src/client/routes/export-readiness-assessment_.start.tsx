import { createFileRoute } from "@tanstack/react-router";
import { ReadinessAssessmentPage } from "../features/assessments/ReadinessAssessmentPage";

/** The export readiness questionnaire and its result, open to visitors (issue #18 §1). */
export const Route = createFileRoute("/export-readiness-assessment_/start")({
  component: ReadinessAssessmentPage,
});
