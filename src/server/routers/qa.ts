/**
 * Q&A for members and Q&A Management for admins (spec part 2 §2, §4, §7 call 9, §8), and the
 * questions members ask the admins (issue #13 §3).
 */
import { RATE_LIMITS } from "../../common/constants";
import { Msg } from "../../common/messages";
import { qaAskInput, qaDeclineInput, qaIdInput, qaItemInput, qaUpdateInput } from "../../common/qa";
import { hitRateLimit } from "../auth/rate-limit";
import { adminActorOf } from "../auth/security-events";
import { tooManyRequests } from "../domain/errors";
import {
  allQa,
  askQuestion,
  createQa,
  declineQuestion,
  deleteQa,
  myQuestions,
  publishedQa,
  updateQa,
} from "../domain/qa";
import { adminProcedure, memberProcedure, router } from "../trpc/init";

export const qaRouter = router({
  /** Published items only. */
  list: memberProcedure.query(({ ctx }) => publishedQa(ctx.db)),
  /**
   * A member asks the admins a question; it reaches Q&A Management as a draft with the asker's
   * name. At most `RATE_LIMITS.qaAsk` (5 per 24 hours) per member.
   * @throws TOO_MANY_REQUESTS `qaAskTooMany` with the wait in seconds.
   */
  ask: memberProcedure.input(qaAskInput).mutation(async ({ ctx, input }) => {
    const limit = await hitRateLimit(ctx.db, `qa-ask:${ctx.viewer.id}`, RATE_LIMITS.qaAsk);
    if (!limit.allowed) throw tooManyRequests(Msg.qaAskTooMany, limit.delaySeconds);
    return askQuestion(ctx.db, ctx.viewer.id, input);
  }),
  /** The caller's own questions with their status (pending / answered / declined + note). */
  mine: memberProcedure.query(({ ctx }) => myQuestions(ctx.db, ctx.viewer.id)),
  adminList: adminProcedure.query(({ ctx }) => allQa(ctx.db)),
  create: adminProcedure.input(qaItemInput).mutation(({ ctx, input }) => createQa(ctx.db, adminActorOf(ctx), input)),
  update: adminProcedure.input(qaUpdateInput).mutation(({ ctx, input }) => updateQa(ctx.db, adminActorOf(ctx), input)),
  /** Declines a member's question with a note the asker reads. */
  decline: adminProcedure
    .input(qaDeclineInput)
    .mutation(({ ctx, input }) => declineQuestion(ctx.db, adminActorOf(ctx), input.id, input.note)),
  delete: adminProcedure.input(qaIdInput).mutation(async ({ ctx, input }) => {
    await deleteQa(ctx.db, adminActorOf(ctx), input.id);
    return { ok: true as const };
  }),
});
