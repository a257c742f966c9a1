import { createFileRoute } from "@tanstack/react-router";
import { DiamondAnalysisPage } from "../features/assessments/DiamondAnalysisPage";
import { validateDiamondSearch } from "../features/assessments/diamondSearch";

/** The guided Porter diamond analysis and its result, open to visitors (issue #18 §2). */
export const Route = createFileRoute("/porter-diamond-analysis_/start")({
  validateSearch: validateDiamondSearch,
  component: DiamondAnalysis,
});

function DiamondAnalysis() {
  return <DiamondAnalysisPage search={Route.useSearch()} />;
}
