import { Trans } from "@lingui/react/macro";
import { Text } from "@mantine/core";
import type { AssessmentKind } from "../../../common/assessments";

/** Where the instrument comes from (issue #18 §1, §2: name the source on the page). */
export function SourceNote({ kind = "readiness" }: { kind?: AssessmentKind }) {
  if (kind === "diamond")
    return (
      <Text size="sm" c="gray.8" data-testid="diamond-source">
        <Trans>
          Based on Michael E. Porter, "The Competitive Advantage of Nations" (1990): the four determinants of the
          diamond and the two external variables, government and chance. The guiding questions, the 1 to 5 ratings and
          the score are the club's own adaptation to one product in one target market.
        </Trans>
      </Text>
    );
  return (
    <Text size="sm" c="gray.8" data-testid="readiness-source">
      <Trans>
        Adapted from published export-readiness self-assessments: CORE (Company Readiness to Export) of Michigan State
        University's CIBER, and the readiness checklists of national export agencies such as the U.S. Commercial Service
        and Austrade. It is not their official instrument; the questions and weights are the club's own.
      </Trans>
    </Text>
  );
}
