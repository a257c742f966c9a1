/**
 * Saves what a visitor's assessment tools kept in this browser once they are an approved member
 * (issue #18 §1, §3: "the result invites them to join to keep it"): on entering the member area,
 * each kind's kept answers are saved to the profile (the server scores them), forgotten here and
 * announced; if saving fails they stay, and the tool's Start page offers them again.
 */
import { useLingui } from "@lingui/react/macro";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { ASSESSMENT_KINDS, type AssessmentSaveInput } from "../../../common/assessments";
import { useTRPC } from "../../trpc";
import { storeAnswers, storedAnswers } from "./useAssessmentFlow";

/** Mounted in the member area (approved members only); renders nothing. */
export function KeptResultsSaver() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.assessments.save.mutationOptions());
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit to the member area
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    for (const kind of ASSESSMENT_KINDS) {
      const answers = storedAnswers(kind);
      if (!answers) continue;
      save.mutate({ kind, answers } as AssessmentSaveInput, {
        onSuccess: () => {
          storeAnswers(kind, null);
          void queryClient.invalidateQueries({ queryKey: trpc.assessments.pathKey() });
          notifications.show({
            color: "teal",
            message:
              kind === "readiness"
                ? t`The export readiness result you got before joining is saved to your profile.`
                : t`The Porter diamond analysis you made before joining is saved to your profile.`,
          });
        },
      });
    }
  }, []);
  return null;
}
