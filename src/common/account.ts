/**
 * Account changes (spec part 2 §2 Change Password, §4 Email change, §5; DESIGN.md §8.10):
 * the current password is required, and a new password follows the sign-up policy.
 */
import { z } from "zod";
import { LIMITS, LOCALES } from "./constants";
import { Msg } from "./messages";
import { emailSchema, passwordSchema, plainText } from "./validation";

const currentPassword = z.string().min(1, Msg.currentPasswordWrong).max(LIMITS.passwordMax, Msg.currentPasswordWrong);

export const changePasswordInput = z
  .object({ currentPassword, newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: Msg.passwordMismatch, path: ["confirmPassword"] });
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

/**
 * `locale` is the language of the page that asks (issue #13 §4): the confirmation mail is
 * written in it, not in the language last saved on the account from another browser.
 */
export const requestEmailChangeInput = z.object({
  newEmail: emailSchema,
  currentPassword,
  locale: z.enum(LOCALES).optional(),
});
export type RequestEmailChangeInput = z.input<typeof requestEmailChangeInput>;

export const confirmEmailInput = z.object({ token: plainText().min(20).max(100) });
