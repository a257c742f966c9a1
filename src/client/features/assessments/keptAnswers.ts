/**
 * Where a visitor's finished assessment answers wait in this browser (localStorage,
 * `export-club.<kind>-answers`) until they are a member. Without zod: the member area's layout asks
 * `hasKeptAnswers()` on every visit and loads the saver (KeptResultsSaver.tsx, which reads and
 * checks the answers) only when there is something to save.
 */
import type { AssessmentKind } from "../../../common/assessments";
import { ASSESSMENT_KINDS } from "../../../common/constants";

export const keptAnswersKey = (kind: AssessmentKind) => `export-club.${kind}-answers`;

/** Whether this browser keeps answers of any kind (unchecked). */
export function hasKeptAnswers(): boolean {
  try {
    return ASSESSMENT_KINDS.some((kind) => window.localStorage.getItem(keptAnswersKey(kind)) !== null);
  } catch {
    return false; // storage unavailable: nothing was kept
  }
}
