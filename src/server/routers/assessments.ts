/**
 * Members' self-assessments (issue #18 §2, §3), readiness assessments and Porter diamond analyses:
 * save (the server scores the answers), list, read one's own, and the latest readiness for the
 * dashboard. Visitors score on the client and save nothing.
 */
import { assessmentIdInput, assessmentSaveInput, assessmentShowOnCardInput } from "../../common/assessments";
import { RATE_LIMITS } from "../../common/constants";
import { Msg } from "../../common/messages";
import { hitRateLimit } from "../auth/rate-limit";
import { getAssessment, latestAssessment, myAssessments, saveAssessment, setShowOnCard } from "../domain/assessments";
import { tooManyRequests } from "../domain/errors";
import { memberProcedure, router } from "../trpc/init";

export const assessmentsRouter = router({
  /**
   * Saves a completed assessment, `{ kind: "readiness" | "diamond", answers }`; the score is
   * recomputed here from the answers (any score the client sends is ignored). At most
   * `RATE_LIMITS.assessmentSave` a day, both kinds together.
   * @throws BAD_REQUEST when a question is unanswered, answered outside its options, or unknown;
   *   for a diamond analysis also without a product, with a rating outside 1–5, notes too long
   *   or a market not in the list of countries.
   */
  save: memberProcedure.input(assessmentSaveInput).mutation(async ({ ctx, input }) => {
    const limit = await hitRateLimit(ctx.db, `assessment-save:${ctx.viewer.id}`, RATE_LIMITS.assessmentSave);
    if (!limit.allowed) throw tooManyRequests(Msg.assessmentSaveTooMany, limit.delaySeconds);
    return saveAssessment(ctx.db, ctx.viewer.id, input);
  }),
  /** The caller's assessments of both kinds, newest first, with their scores (a diamond's with product and market). */
  mine: memberProcedure.query(({ ctx }) => myAssessments(ctx.db, ctx.viewer.id)),
  /**
   * One of the caller's own assessments with its answers and `previous` (the one of the same
   * kind saved before it, or null); another member's is NOT_FOUND.
   */
  get: memberProcedure
    .input(assessmentIdInput)
    .query(({ ctx, input }) => getAssessment(ctx.db, ctx.viewer.id, input.id)),
  /** The caller's latest readiness assessment and the one before it (`null` when there is none), and `showOnCard`. */
  latest: memberProcedure.query(({ ctx }) => latestAssessment(ctx.db, ctx.viewer.id)),
  /** Shows (or hides) the caller's latest overall score on their directory card; hidden until chosen. */
  setShowOnCard: memberProcedure
    .input(assessmentShowOnCardInput)
    .mutation(({ ctx, input }) => setShowOnCard(ctx.db, ctx.viewer.id, input.show)),
});
