/**
 * Member directory (members) and member administration (admin only) — issue #3 §4, §5.
 */
import { adminMembersInput, directoryInput, setAdminInput, suspendInput, userIdInput } from "../../common/members";
import { listAccounts, listDirectory, reinstateAccount, setAdminRole, suspendAccount } from "../domain/members";
import { adminProcedure, memberProcedure, router } from "../trpc/init";

export const membersRouter = router({
  /** Approved members by name with combinable filters; no contact fields. */
  list: memberProcedure.input(directoryInput).query(({ ctx, input }) => listDirectory(ctx.db, input)),
});

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
});
