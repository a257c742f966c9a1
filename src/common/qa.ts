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

/** A member's question to the admins (issue #13 §3): the question and its subsection. */
export const qaAskInput = z.object({
  question: plainText().trim().min(1, Msg.questionRequired).max(500, Msg.textTooLong),
  subsection: z.enum(QA_SUBSECTIONS),
});

/** An admin declines a member's question with a note the asker reads (issue #13 §3). */
export const qaDeclineInput = z.object({
  id: rowIdSchema,
  note: plainText().trim().min(1, Msg.declineNoteRequired).max(1000, Msg.textTooLong),
});

/** Where a member's question stands, as the asker sees it (issue #13 §3). */
export const QA_QUESTION_STATUSES = ["pending", "answered", "declined"] as const;
export type QaQuestionStatus = (typeof QA_QUESTION_STATUSES)[number];
