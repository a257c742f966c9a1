/**
 * Admin analytics (issue #17 §3): one admin-only query per chart, each taking the shared date
 * range (`analyticsRangeInput`: from ≤ to, at most two years; left out, the last 12 weeks). The
 * member snapshots (by activity, tier, country) take the range too, for one page-wide input, but
 * describe the members of today. Figures and their definitions: domain/analytics.ts.
 */
import { analyticsRangeInput } from "../../common/analytics";
import {
  activeMembers,
  applications,
  knowledge,
  membersByActivity,
  membersByCountry,
  membersByTier,
  postsPerArea,
  ratings,
  responses,
} from "../domain/analytics";
import { adminProcedure, router } from "../trpc/init";

const chart = adminProcedure.input(analyticsRangeInput);

export const analyticsRouter = router({
  applications: chart.query(({ ctx, input }) => applications(ctx.db, input)),
  membersByActivity: chart.query(({ ctx }) => membersByActivity(ctx.db)),
  membersByTier: chart.query(({ ctx }) => membersByTier(ctx.db)),
  membersByCountry: chart.query(({ ctx }) => membersByCountry(ctx.db)),
  posts: chart.query(({ ctx, input }) => postsPerArea(ctx.db, input)),
  responses: chart.query(({ ctx, input }) => responses(ctx.db, input)),
  ratings: chart.query(({ ctx, input }) => ratings(ctx.db, input)),
  knowledge: chart.query(({ ctx, input }) => knowledge(ctx.db, input)),
  activeMembers: chart.query(({ ctx, input }) => activeMembers(ctx.db, input)),
});
