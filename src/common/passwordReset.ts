/**
 * Password reset inputs (issue #11 §3 "Forgotten passwords"): asking for a link by e-mail, and
 * setting a new password with the link's token. The new password follows the sign-up policy
 * (`passwordSchema`), with a confirmation that must match.
 */
import { z } from "zod";
import { LOCALES } from "./constants";
import { Msg } from "./messages";
import { emailSchema, passwordSchema, plainText } from "./validation";

/**
 * Exactly the tokens the server issues: `<id>.<secret>`, 24 and 32 lowercase base32 characters
 * (15 and 20 random bytes). Anything else is refused before it reaches SQL.
 */
export const RESET_TOKEN_PATTERN = /^[a-z2-7]{24}\.[a-z2-7]{32}$/;

/** The token of a reset link; a malformed one reads as an invalid link (`Msg.resetLinkInvalid`). */
export const resetTokenSchema = plainText().regex(RESET_TOKEN_PATTERN, Msg.resetLinkInvalid);

/**
 * "Forgot password?": the address to send the link to, and the language the form was shown in
 * (the mail's language when the account has not chosen one).
 */
export const passwordResetRequestInput = z.object({
  email: emailSchema,
  locale: z.enum(LOCALES).optional(),
});
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestInput>;

/** The reset page: the link's token, the new password and its confirmation. */
export const passwordResetCompleteInput = z
  .object({ token: resetTokenSchema, newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: Msg.passwordMismatch, path: ["confirmPassword"] });
export type PasswordResetCompleteInput = z.input<typeof passwordResetCompleteInput>;
