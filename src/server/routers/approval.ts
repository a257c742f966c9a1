/**
 * User Approval Management (spec part 1 §2 /admin/approvals, §4, §7). Admin only.
 */

import { reviewApplicantInput } from "../../common/approval";
import { isSessionAlive } from "../auth/session";
import { countPendingApplicants, listPendingApplicants, reviewApplicant } from "../domain/approval";
import { adminProcedure, router } from "../trpc/init";

export const approvalRouter = router({
  /** Pending applicants, newest applied first. */
  listPending: adminProcedure.query(({ ctx }) => listPendingApplicants(ctx.db)),

  pendingCount: adminProcedure.query(({ ctx }) => countPendingApplicants(ctx.db)),

  /** Approve or reject one pending applicant with optional notes; queues their e-mail. */
  review: adminProcedure.input(reviewApplicantInput).mutation(async ({ ctx, input }) => {
    await reviewApplicant(ctx.db, input, ctx.viewer, { signInUrl: `${ctx.origin}/landing` });
    return { ok: true as const };
  }),

  /**
   * Live pending-applicants count for the admin inbox badge (DESIGN.md §5): the count on
   * connect, then again after each change; stops when the session ends.
   */
  onPendingCount: adminProcedure.subscription(async function* ({ ctx, signal }) {
    const changes = ctx.deps.events.stream(["applicants.changed"], signal);
    yield await countPendingApplicants(ctx.db);
    for await (const _event of changes) {
      if (!(await isSessionAlive(ctx.db, ctx.auth.session.id))) return;
      yield await countPendingApplicants(ctx.db);
    }
  }),
});
