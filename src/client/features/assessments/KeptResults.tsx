/**
 * The member area's part of the assessment tools: when this browser keeps a visitor's finished
 * answers (keptAnswers.ts), loads KeptResultsSaver, which saves them; otherwise loads nothing.
 */
import { lazy, Suspense, useState } from "react";
import { hasKeptAnswers } from "./keptAnswers";

const KeptResultsSaver = lazy(() => import("./KeptResultsSaver").then((m) => ({ default: m.KeptResultsSaver })));

/** Mounted in the member area (approved members only); renders nothing. */
export function KeptResults() {
  const [kept] = useState(hasKeptAnswers);
  return kept ? (
    <Suspense fallback={null}>
      <KeptResultsSaver />
    </Suspense>
  ) : null;
}
