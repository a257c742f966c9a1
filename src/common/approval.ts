/**
 * The admin's decision on an applicant (spec part 1 §4, §7 update_user_approval).
 */
import { z } from "zod";
import { LIMITS } from "./constants";
import { Msg } from "./messages";
import { plainText } from "./validation";

/** Admin decision on an applicant (spec part 1 §4, §7 update_user_approval). */
export const reviewApplicantInput = z.object({
  userId: z.uuid(),
  decision: z.enum(["approved", "rejected"]),
  notes: plainText()
    .trim()
    .max(LIMITS.approvalNotesMax, Msg.notesTooLong)
    .optional()
    .transform((v) => (v ? v : null)),
});

export type ReviewApplicantInput = z.input<typeof reviewApplicantInput>;
