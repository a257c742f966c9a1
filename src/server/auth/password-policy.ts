/**
 * The password policy the server enforces on every new password — sign-up, password reset and
 * password change (spec part 1 §5; ASVS 5.0 V6.2.1, V6.2.4, V6.2.12): the composition rules of
 * `passwordSchema` (shared with the forms), then the common-password list, which stays on the
 * server (`isCommonPassword`; ADR 23). The routers take these inputs instead of the shared ones;
 * a refused password is a BAD_REQUEST whose `fieldErrors` name the password field.
 */
import { changePasswordInput } from "../../common/account";
import { signUpInput } from "../../common/auth";
import { Msg } from "../../common/messages";
import { passwordResetCompleteInput } from "../../common/passwordReset";
import { passwordSchema } from "../../common/validation";
import { isCommonPassword } from "./common-passwords";

/**
 * A new password: `passwordSchema`, and not a common or breached password, even with letters
 * swapped for look-alikes or digits and symbols added at either end (`Msg.passwordCommon`, only
 * once the composition rules hold, so one message at a time).
 */
export const newPasswordSchema = passwordSchema.refine((p) => !isCommonPassword(p), {
  message: Msg.passwordCommon,
  when: (payload) => payload.issues.length === 0,
});

/** `auth.signUp`'s input: `signUpInput` with `newPasswordSchema`. */
export const signUpServerInput = signUpInput.extend({ password: newPasswordSchema });

/** `account.changePassword`'s input: `changePasswordInput` with `newPasswordSchema`. */
export const changePasswordServerInput = changePasswordInput.safeExtend({ newPassword: newPasswordSchema });

/** `passwordReset.complete`'s input: `passwordResetCompleteInput` with `newPasswordSchema`. */
export const passwordResetCompleteServerInput = passwordResetCompleteInput.safeExtend({
  newPassword: newPasswordSchema,
});
