/**
 * Password reset by e-mail (issue #11 §3): ask for a link, then set a new password with it.
 * Both are public: the address answers nothing, the token is the proof. The admin's "Send
 * password reset link" is `adminMembers.sendPasswordReset`.
 */
import { passwordResetRequestInput } from "../../common/passwordReset";
import { passwordResetCompleteServerInput } from "../auth/password-policy";
import { completePasswordReset, requestPasswordReset } from "../domain/passwordReset";
import { publicProcedure, router } from "../trpc/init";

export const passwordResetRouter = router({
  /**
   * Mails a reset link when the address has an active account; answers `{ ok: true }` either way.
   * @throws TOO_MANY_REQUESTS 'Too many attempts. Please try again later.' with retryAfterSeconds.
   */
  request: publicProcedure.input(passwordResetRequestInput).mutation(async ({ ctx, input }) => {
    await requestPasswordReset(ctx.db, input, { ip: ctx.ip, origin: ctx.origin });
    return { ok: true as const };
  }),

  /**
   * Sets the new password and ends every session of the account (this browser's too, whose
   * cookie is cleared when it belonged to the account).
   * @throws BAD_REQUEST 'This password reset link is invalid or has expired…'; FORBIDDEN when
   *   the account is suspended.
   */
  complete: publicProcedure.input(passwordResetCompleteServerInput).mutation(async ({ ctx, input }) => {
    const { userId } = await completePasswordReset(ctx.db, input, ctx.ip);
    if (ctx.auth?.viewer.id === userId) ctx.cookie.clear();
    return { ok: true as const };
  }),
});
