/**
 * Dashboard figures from the database (spec part 2 §2 Dashboard; DESIGN.md §8.1).
 */
import { memberCounts, recentActivity } from "../domain/dashboard";
import { memberProcedure, router } from "../trpc/init";

export const dashboardRouter = router({
  /** Approved members, and those active in the last 30 days. */
  memberCounts: memberProcedure.query(({ ctx }) => memberCounts(ctx.db)),
  /** The latest shares, and the requests and answers the viewer may see, newest first. */
  recentActivity: memberProcedure.query(({ ctx }) => recentActivity(ctx.db, ctx.viewer.id)),
});
