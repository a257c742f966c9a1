import { Trans } from "@lingui/react/macro";
import { Text } from "@mantine/core";

/** Where the instrument comes from (issue #18 §1: name the source on the page). */
export function SourceNote() {
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
