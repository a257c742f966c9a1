/**
 * Q&A for members and Q&A Management for admins (spec part 2 §2, §4, §7 call 9, §8).
 */
import { qaIdInput, qaItemInput, qaUpdateInput } from "../../common/qa";
import { allQa, createQa, deleteQa, publishedQa, updateQa } from "../domain/qa";
import { adminProcedure, memberProcedure, router } from "../trpc/init";

export const qaRouter = router({
  /** Published items only. */
  list: memberProcedure.query(({ ctx }) => publishedQa(ctx.db)),
  adminList: adminProcedure.query(({ ctx }) => allQa(ctx.db)),
  create: adminProcedure.input(qaItemInput).mutation(({ ctx, input }) => createQa(ctx.db, ctx.viewer.id, input)),
  update: adminProcedure.input(qaUpdateInput).mutation(({ ctx, input }) => updateQa(ctx.db, input)),
  delete: adminProcedure.input(qaIdInput).mutation(async ({ ctx, input }) => {
    await deleteQa(ctx.db, input.id);
    return { ok: true as const };
  }),
});
