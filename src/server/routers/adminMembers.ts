import { adminMembersInput, setAdminInput, suspendInput, userIdInput } from "../../common/adminMembers";
import { adminActorOf } from "../auth/security-events";
import {
  listAccounts,
  reinstateAccount,
  sendPasswordResetLink,
  setAdminRole,
  suspendAccount,
} from "../domain/adminMembers";
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
});
