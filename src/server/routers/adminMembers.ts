import { adminMembersInput, setAdminInput, suspendInput, userIdInput } from "../../common/adminMembers";
import { Msg } from "../../common/messages";
import { adminActorOf } from "../auth/security-events";
import {
  listAccounts,
  reinstateAccount,
  resetSecondFactor,
  sendPasswordResetLink,
  setAdminRole,
  suspendAccount,
} from "../domain/adminMembers";
import { DomainError } from "../domain/errors";
import { deleteAccount, requestDataExport } from "../domain/myData";
import { adminProcedure, router } from "../trpc/init";

export const adminMembersRouter = router({
  list: adminProcedure.input(adminMembersInput).query(({ ctx, input }) => listAccounts(ctx.db, input)),
  suspend: adminProcedure.input(suspendInput).mutation(async ({ ctx, input }) => {
    await suspendAccount(ctx.db, adminActorOf(ctx), input);
    return { ok: true as const };
  }),
  reinstate: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    await reinstateAccount(ctx.db, adminActorOf(ctx), input.userId);
    return { ok: true as const };
  }),
  setAdmin: adminProcedure.input(setAdminInput).mutation(async ({ ctx, input }) => {
    await setAdminRole(ctx.db, adminActorOf(ctx), input);
    return { ok: true as const };
  }),
  /** Mails the member a password reset link (issue #11 §3); refused for a suspended account. */
  sendPasswordReset: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    await sendPasswordResetLink(ctx.db, adminActorOf(ctx), input.userId, ctx.origin);
    return { ok: true as const };
  }),

  /**
   * On the member's request: prepares a copy of their data, mailed as a link to the member's own
   * address (never to the admin; docs/architecture.md "A copy of my data"). Logs
   * `data_export_by_admin` with the admin.
   */
  exportData: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    await requestDataExport(ctx.db, ctx.deps.storage, { userId: input.userId, by: ctx.viewer.id, ip: ctx.ip });
    await ctx.deps.jobs?.send("data-export");
    return { ok: true as const };
  }),
  /**
   * On the member's request: deletes their account as the member would (docs/architecture.md
   * "Deleting an account"). Logs `account_deleted_by_admin` with the admin. An admin's own
   * account is deleted from their profile page, with their password.
   */
  deleteAccount: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    if (input.userId === ctx.viewer.id) throw new DomainError("BAD_REQUEST", Msg.deleteOwnAccountFromProfile);
    await deleteAccount(ctx.db, ctx.deps.storage, { userId: input.userId, by: ctx.viewer.id, ip: ctx.ip });
    return { ok: true as const };
  }),
  /**
   * Removes the member's second factors (docs/architecture.md "Security model"), ends every
   * session of theirs, mails them and logs second_factor_reset. @throws NOT_FOUND; BAD_REQUEST
   * for one's own account.
   */
  resetSecondFactor: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    await resetSecondFactor(ctx.db, adminActorOf(ctx), input.userId);
    return { ok: true as const };
  }),
});
