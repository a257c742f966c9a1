/**
 * Two-step sign-in settings of the signed-in member (docs/architecture.md "Security model";
 * ADR 27): the authenticator app, its recovery codes, and the admins' second-factor rule. Every
 * procedure is a member procedure, so an admin refused admin procedures for want of a second
 * factor can still enrol.
 */
import { confirmTotpInput, disableTotpInput, regenerateRecoveryCodesInput } from "../../common/secondFactor";
import { adminSecondFactorDue } from "../auth/factors";
import {
  beginTotpEnrolment,
  confirmTotpEnrolment,
  disableTotp,
  regenerateRecoveryCodes,
  secondFactorStatus,
} from "../domain/secondFactor";
import { memberProcedure, router } from "../trpc/init";

export const secondFactorRouter = router({
  /**
   * `{ totp: { enabled, enabledAt }, recoveryCodesLeft, adminDue }`; `adminDue` is null unless
   * the viewer is an admin without a second factor, then `{ graceEndsAt, overdue }`.
   */
  status: memberProcedure.query(async ({ ctx }) => ({
    ...(await secondFactorStatus(ctx.db, ctx.viewer.id)),
    adminDue: ctx.viewer.isAdmin ? await adminSecondFactorDue(ctx.db, ctx.viewer.id) : null,
  })),
  /** Starts enrolment: `{ secret, keyUri }`, shown this once. @throws CONFLICT when already set up. */
  beginTotp: memberProcedure.mutation(({ ctx }) => beginTotpEnrolment(ctx.db, ctx.viewer)),
  /** Activates the authenticator with a current code: `{ recoveryCodes }`, shown this once. */
  confirmTotp: memberProcedure
    .input(confirmTotpInput)
    .mutation(({ ctx, input }) => confirmTotpEnrolment(ctx.db, ctx.viewer.id, input.code, ctx.ip)),
  /** New recovery codes (a code or the password); the old ones stop working. */
  regenerateRecoveryCodes: memberProcedure
    .input(regenerateRecoveryCodesInput)
    .mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx.db, ctx.viewer.id, input, ctx.ip)),
  /** Removes the authenticator (password and code, or a recovery code). */
  disableTotp: memberProcedure.input(disableTotpInput).mutation(async ({ ctx, input }) => {
    await disableTotp(ctx.db, ctx.viewer.id, input, ctx.ip);
    return { ok: true as const };
  }),
});
