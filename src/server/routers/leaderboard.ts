/**
 * The leaderboard (spec part 2 §2 Leaderboard; DESIGN.md §8.1).
 */
import { leaderboardInput } from "../../common/leaderboard";
import { leaderboard } from "../domain/leaderboard";
import { memberProcedure, router } from "../trpc/init";

export const leaderboardRouter = router({
  /** The top members of the period and the viewer's own rank. */
  list: memberProcedure
    .input(leaderboardInput)
    .query(({ ctx, input }) => leaderboard(ctx.db, ctx.viewer.id, input.period, input.limit)),
});
