/**
 * Knowledge sharing, admin inbox, points and tiers, help requests, leaderboard, dashboard
 * figures and Q&A (spec part 2 §2, §4, §5, §8; issue #5).
 */
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  helpRequestInput,
  qaItemInput,
  qaUpdateInput,
  reviewKnowledgeInput,
  shareKnowledgeInput,
  upgradeTierInput,
} from "../../common/knowledge";
import { Msg } from "../../common/messages";
import { isSessionAlive } from "../auth/session";
import { qaItems } from "../db/schema";
import { allQa, leaderboard, memberCounts, publishedQa, recentActivity } from "../domain/community";
import { helpQuota, submitHelpRequest } from "../domain/help";
import {
  countPendingKnowledge,
  knowledgeCounts,
  listOwnSubmissions,
  listSubmissions,
  reviewSubmission,
  shareKnowledge,
} from "../domain/knowledge";
import { upgradeTier } from "../domain/points";
import { adminProcedure, memberProcedure, router } from "../trpc/init";

export const knowledgeRouter = router({
  /** Share Knowledge: a pending submission for admin review. */
  share: memberProcedure
    .input(shareKnowledgeInput)
    .mutation(({ ctx, input }) => shareKnowledge(ctx.db, ctx.viewer.id, input)),
  /** The viewer's own submissions and their status. */
  mine: memberProcedure.query(({ ctx }) => listOwnSubmissions(ctx.db, ctx.viewer.id)),
});

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

export const pointsRouter = router({
  /** Upgrade to Silver (500 points) or Gold (1200); no downgrade. */
  upgrade: memberProcedure
    .input(upgradeTierInput)
    .mutation(({ ctx, input }) => upgradeTier(ctx.db, ctx.viewer.id, input.tier)),
});

export const helpRouter = router({
  /** This month's help-request quota of the viewer's real tier. */
  quota: memberProcedure.query(({ ctx }) => helpQuota(ctx.db, ctx.viewer.id, ctx.viewer.tier)),
  submit: memberProcedure
    .input(helpRequestInput)
    .mutation(({ ctx, input }) => submitHelpRequest(ctx.db, ctx.viewer.id, input)),
});

export const communityRouter = router({
  leaderboard: memberProcedure
    .input(
      z.object({
        period: z.enum(["month", "allTime"]).default("allTime"),
        limit: z.number().int().min(1).max(100).default(20),
      }),
    )
    .query(({ ctx, input }) => leaderboard(ctx.db, ctx.viewer.id, input.period, input.limit)),
  /** Dashboard: approved and recently active members. */
  memberCounts: memberProcedure.query(({ ctx }) => memberCounts(ctx.db)),
  recentActivity: memberProcedure.query(({ ctx }) => recentActivity(ctx.db)),
});

export const qaRouter = router({
  /** Published items only. */
  list: memberProcedure.query(({ ctx }) => publishedQa(ctx.db)),
  adminList: adminProcedure.query(({ ctx }) => allQa(ctx.db)),
  create: adminProcedure.input(qaItemInput).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db
      .insert(qaItems)
      .values({ ...input, createdBy: ctx.viewer.id })
      .returning({ id: qaItems.id });
    return row;
  }),
  update: adminProcedure.input(qaUpdateInput).mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input;
    const [row] = await ctx.db
      .update(qaItems)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(qaItems.id, id))
      .returning({ id: qaItems.id });
    if (!row) throw new TRPCError({ code: "NOT_FOUND", message: Msg.notFound });
    return row;
  }),
  delete: adminProcedure.input(z.object({ id: z.number().int().positive() })).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.db.delete(qaItems).where(eq(qaItems.id, input.id)).returning({ id: qaItems.id });
    if (!row) throw new TRPCError({ code: "NOT_FOUND", message: Msg.notFound });
    return { ok: true as const };
  }),
});
