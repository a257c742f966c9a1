import { upgradeTierInput } from "../../common/points";
import { upgradeTier } from "../domain/points";
import { memberProcedure, router } from "../trpc/init";

export const pointsRouter = router({
  /** Upgrade to Silver (500 points) or Gold (1200); no downgrade. */
  upgrade: memberProcedure
    .input(upgradeTierInput)
    .mutation(({ ctx, input }) => upgradeTier(ctx.db, ctx.viewer.id, input.tier)),
});
