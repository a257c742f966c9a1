/**
 * User Approval Management (spec part 1 §2 /admin/approvals, §4, §7). Admin only.
 */

import { reviewApplicantInput } from "../../common/approval";
import { adminActorOf } from "../auth/security-events";
import { listPendingApplicants, reviewApplicant } from "../domain/approval";
import { adminProcedure, router } from "../trpc/init";

export const approvalRouter = router({
  /** Pending applicants, newest applied first. */
  listPending: adminProcedure.query(({ ctx }) => listPendingApplicants(ctx.db)),

  /** Approve or reject one pending applicant with optional notes; queues their e-mail. */
  review: adminProcedure.input(reviewApplicantInput).mutation(async ({ ctx, input }) => {
    await reviewApplicant(ctx.db, input, adminActorOf(ctx), { signInUrl: `${ctx.origin}/landing` });
    return { ok: true as const };
  }),
});
