import { adminMembersInput, setAdminInput, suspendInput, userIdInput } from "../../common/adminMembers";
import {
  listAccounts,
  reinstateAccount,
  resetSecondFactor,
  sendPasswordResetLink,
  setAdminRole,
  suspendAccount,
} from "../domain/adminMembers";
import { adminProcedure, router } from "../trpc/init";

export const adminMembersRouter = router({
  list: adminProcedure.input(adminMembersInput).query(({ ctx, input }) => listAccounts(ctx.db, input)),
  suspend: adminProcedure.input(suspendInput).mutation(async ({ ctx, input }) => {
    await suspendAccount(ctx.db, ctx.viewer.id, input);
    return { ok: true as const };
  }),
  reinstate: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    await reinstateAccount(ctx.db, ctx.viewer.id, input.userId);
    return { ok: true as const };
  }),
  setAdmin: adminProcedure.input(setAdminInput).mutation(async ({ ctx, input }) => {
    await setAdminRole(ctx.db, ctx.viewer.id, input);
    return { ok: true as const };
  }),
  /** Mails the member a password reset link (issue #11 §3); refused for a suspended account. */
  sendPasswordReset: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    await sendPasswordResetLink(ctx.db, ctx.viewer.id, input.userId, ctx.origin);
    return { ok: true as const };
  }),
  /**
   * Removes the member's second factors (docs/architecture.md "Security model"), ends every
   * session of theirs, mails them and logs second_factor_reset. @throws NOT_FOUND; BAD_REQUEST
   * for one's own account.
   */
  resetSecondFactor: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    await resetSecondFactor(ctx.db, ctx.viewer.id, input.userId);
    return { ok: true as const };
  }),
});
