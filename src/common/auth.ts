/**
 * Sign-up and sign-in inputs (spec part 1 §3, §5). Error messages are the spec's English
 * texts (`Msg`), translated on the client.
 */
import { z } from "zod";
import { LIMITS, LOCALES } from "./constants";
import { Msg } from "./messages";
import { activitySchema, emailSchema, nameSchema, passwordSchema, plainText, userTypeSchema } from "./validation";

/** Sign-up (spec part 1 §3, §5): exactly one activity; user type and referral code are stored. */
export const signUpInput = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  activity: activitySchema,
  userType: userTypeSchema,
  referralCode: plainText()
    .trim()
    .max(LIMITS.referralCodeMax, Msg.referralTooLong)
    .optional()
    .transform((v) => (v ? v : undefined)),
  locale: z.enum(LOCALES).optional(),
});

export type SignUpInput = z.input<typeof signUpInput>;

/** Sign-in: only the e-mail shape is checked, so a wrong guess learns nothing else. */
export const signInInput = z.object({
  email: emailSchema,
  password: z.string().min(1, Msg.invalidCredentials).max(LIMITS.passwordMax, Msg.invalidCredentials),
});

export type SignInInput = z.input<typeof signInInput>;

/** Sign-out: `timeout` when the session warning ran out (logged as session_timeout, spec part 1 §4). */
export const signOutInput = z.object({ reason: z.enum(["user", "timeout"]).default("user") }).optional();
