/**
 * Q&A items: subsections and the admin form's inputs (spec part 2 §2 Q&A, §3, §5).
 */
import { z } from "zod";
import { Msg } from "./messages";
import { plainText, rowIdSchema } from "./validation";

export const QA_SUBSECTIONS = ["export_related", "club_related"] as const;

export const qaItemInput = z.object({
  question: plainText().trim().min(1, Msg.questionRequired).max(500, Msg.textTooLong),
  answer: plainText().trim().min(1, Msg.answerRequired).max(10_000, Msg.textTooLong),
  subsection: z.enum(QA_SUBSECTIONS),
  isPublished: z.boolean(),
});

export const qaUpdateInput = qaItemInput.extend({ id: rowIdSchema });

export const qaIdInput = z.object({ id: rowIdSchema });
