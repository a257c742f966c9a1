/**
 * The audit log (docs/architecture.md "Security model"): admins read and filter every security
 * event and admin action; a member reads their own security activity.
 */
import { auditListInput, auditMineInput } from "../../common/audit";
import { listAuditEvents, listOwnSecurityEvents } from "../domain/audit";
import { adminProcedure, memberProcedure, router } from "../trpc/init";

export const auditRouter = router({
  /** Admins: one page of events, newest first, with filters (`auditListInput`). */
  list: adminProcedure.input(auditListInput).query(({ ctx, input }) => listAuditEvents(ctx.db, input)),
  /** The caller's own security activity (member-visible types only), newest first. */
  mine: memberProcedure
    .input(auditMineInput)
    .query(({ ctx, input }) => listOwnSecurityEvents(ctx.db, ctx.viewer.id, input.page)),
});
