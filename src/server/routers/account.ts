/**
 * Account changes: password and e-mail (spec part 2 §2, §4, §5, §8; DESIGN.md §8.10).
 */
import { confirmEmailInput, requestEmailChangeInput } from "../../common/account";
import { changePasswordServerInput } from "../auth/password-policy";
import { changePassword, confirmEmailChange, requestEmailChange } from "../domain/account";
import { memberProcedure, publicProcedure, router } from "../trpc/init";

export const accountRouter = router({
  /** Needs the current password; ends the member's other sessions. */
  changePassword: memberProcedure.input(changePasswordServerInput).mutation(async ({ ctx, input }) => {
    await changePassword(
      ctx.db,
      { id: ctx.viewer.id, sessionId: ctx.auth.session.id },
      input,
      ctx.ip,
      ctx.device.tokens,
    );
    return { ok: true as const };
  }),

  /** Sends a confirmation link to the new address; nothing changes until it is opened. */
  requestEmailChange: memberProcedure.input(requestEmailChangeInput).mutation(async ({ ctx, input }) => {
    await requestEmailChange(ctx.db, ctx.viewer, input, { origin: ctx.origin, ip: ctx.ip });
    return { ok: true as const };
  }),

  /**
   * Opened from the e-mailed link, signed in or not: the token is the proof. The `ADMIN_EMAIL`
   * account's link also needs that account's session, and then grants admin (`adminGranted`).
   */
  confirmEmail: publicProcedure.input(confirmEmailInput).mutation(({ ctx, input }) =>
    confirmEmailChange(ctx.db, input.token, ctx.ip, {
      adminEmail: ctx.deps.config.adminEmail,
      viewerId: ctx.auth?.viewer.id ?? null,
    }),
  ),
});
