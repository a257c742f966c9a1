import { inboxListInput, reviewKnowledgeInput } from "../../common/inbox";
import { adminActorOf } from "../auth/security-events";
import { knowledgeCounts, listSubmissions, reviewSubmission } from "../domain/inbox";
import { adminProcedure, router } from "../trpc/init";

export const inboxRouter = router({
  counts: adminProcedure.query(({ ctx }) => knowledgeCounts(ctx.db)),
  list: adminProcedure.input(inboxListInput).query(({ ctx, input }) => listSubmissions(ctx.db, input.status)),
  review: adminProcedure.input(reviewKnowledgeInput).mutation(async ({ ctx, input }) => {
    await reviewSubmission(ctx.db, adminActorOf(ctx), input, { origin: ctx.origin });
    return { ok: true as const };
  }),
});
