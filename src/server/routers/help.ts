import { helpRequestInput } from "../../common/help";
import { helpQuota, submitHelpRequest } from "../domain/help";
import { memberProcedure, router } from "../trpc/init";

export const helpRouter = router({
  /** This month's help-request quota of the viewer's real tier. */
  quota: memberProcedure.query(({ ctx }) => helpQuota(ctx.db, ctx.viewer.id, ctx.viewer.tier)),
  submit: memberProcedure
    .input(helpRequestInput)
    .mutation(({ ctx, input }) => submitHelpRequest(ctx.db, ctx.viewer.id, input)),
});
