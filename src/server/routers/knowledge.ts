import { shareKnowledgeInput } from "../../common/knowledge";
import { listOwnSubmissions, shareKnowledge } from "../domain/knowledge";
import { memberProcedure, router } from "../trpc/init";

export const knowledgeRouter = router({
  /** Share Knowledge: a pending submission for admin review. */
  share: memberProcedure
    .input(shareKnowledgeInput)
    .mutation(({ ctx, input }) => shareKnowledge(ctx.db, ctx.viewer.id, input)),
  /** The viewer's own submissions and their status. */
  mine: memberProcedure.query(({ ctx }) => listOwnSubmissions(ctx.db, ctx.viewer.id)),
});
