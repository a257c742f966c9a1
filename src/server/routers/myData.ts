/**
 * A member's rights over their data (docs/architecture.md "A copy of my data", "Deleting an
 * account"): the export's state, asking for a copy, deleting the account.
 */
import { deleteAccountInput } from "../../common/myData";
import { dataExportStatus, deleteOwnAccount, requestDataExport } from "../domain/myData";
import { memberProcedure, router } from "../trpc/init";

export const myDataRouter = router({
  /** The member's export (requested → ready → expired, or failed), with its link while ready; null when none. */
  status: memberProcedure.query(({ ctx }) => dataExportStatus(ctx.db, ctx.viewer.id, ctx.deps.config.publicOrigin)),

  /** Asks for a copy; the `data-export` job builds it and mails the link. One at a time, 3 a day. */
  requestExport: memberProcedure.mutation(async ({ ctx }) => {
    const { id } = await requestDataExport(ctx.db, ctx.deps.storage, { userId: ctx.viewer.id, by: null, ip: ctx.ip });
    await ctx.deps.jobs?.send("data-export");
    return { id };
  }),

  /** Deletes the account after checking the current password; this browser is signed out. */
  deleteAccount: memberProcedure.input(deleteAccountInput).mutation(async ({ ctx, input }) => {
    await deleteOwnAccount(ctx.db, ctx.deps.storage, ctx.viewer.id, input, ctx.ip);
    ctx.cookie.clear();
    return { ok: true as const };
  }),
});
