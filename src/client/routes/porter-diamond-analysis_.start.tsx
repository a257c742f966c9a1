import { createFileRoute } from "@tanstack/react-router";
import { DiamondAnalysisPage, validateDiamondSearch } from "../features/assessments/DiamondAnalysisPage";

/** The guided Porter diamond analysis and its result, open to visitors (issue #18 §2). */
export const Route = createFileRoute("/porter-diamond-analysis_/start")({
  validateSearch: validateDiamondSearch,
  component: DiamondAnalysis,
});

function DiamondAnalysis() {
  return <DiamondAnalysisPage search={Route.useSearch()} />;
}
