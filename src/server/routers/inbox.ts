import { z } from "zod";
import { reviewKnowledgeInput } from "../../common/inbox";
import { isSessionAlive } from "../auth/session";
import { countPendingKnowledge, knowledgeCounts, listSubmissions, reviewSubmission } from "../domain/inbox";
import { adminProcedure, router } from "../trpc/init";

export const inboxRouter = router({
  counts: adminProcedure.query(({ ctx }) => knowledgeCounts(ctx.db)),
  list: adminProcedure
    .input(z.object({ status: z.enum(["pending", "approved", "rejected"]).optional() }))
    .query(({ ctx, input }) => listSubmissions(ctx.db, input.status)),
  review: adminProcedure.input(reviewKnowledgeInput).mutation(async ({ ctx, input }) => {
    await reviewSubmission(ctx.db, ctx.viewer.id, input);
    return { ok: true as const };
  }),
  /** Live pending-submissions count (top-bar inbox badge, dashboard admin card). */
  onPendingCount: adminProcedure.subscription(async function* ({ ctx, signal }) {
    const changes = ctx.deps.events.stream(["knowledge.changed"], signal);
    yield await countPendingKnowledge(ctx.db);
    for await (const _event of changes) {
      if (!(await isSessionAlive(ctx.db, ctx.auth.session.id))) return;
      yield await countPendingKnowledge(ctx.db);
    }
  }),
});
