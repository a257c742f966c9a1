/**
 * The admin inbox's review input and the points an approval may award (spec part 2 §4, §9).
 */
import { z } from "zod";
import { LIMITS } from "./constants";
import { Msg } from "./messages";
import { plainText, rowIdSchema } from "./validation";

export { APPROVAL_POINTS } from "./constants";

export const DEFAULT_APPROVAL_POINTS = 50;

export const reviewKnowledgeInput = z.discriminatedUnion("decision", [
  z.object({
    id: rowIdSchema,
    decision: z.literal("approved"),
    points: z.union([z.literal(50), z.literal(100), z.literal(200)]).default(DEFAULT_APPROVAL_POINTS),
    notes: plainText().trim().max(LIMITS.approvalNotesMax, Msg.notesTooLong).optional(),
  }),
  z.object({
    id: rowIdSchema,
    decision: z.literal("rejected"),
    notes: plainText().trim().max(LIMITS.approvalNotesMax, Msg.notesTooLong).optional(),
  }),
]);

/** The inbox list's filter tab: one review status, or every submission when absent. */
export const inboxListInput = z.object({ status: z.enum(["pending", "approved", "rejected"]).optional() });
