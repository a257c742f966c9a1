/**
 * zod input schemas of the tRPC procedures; the client forms validate with the same ones.
 * Error messages are the spec's English texts (`Msg`), translated on the client.
 */
import { z } from "zod";
import { LIMITS, LOCALES } from "./constants";
import { Msg } from "./messages";
import { activitySchema, emailSchema, nameSchema, passwordSchema, sanitizeText, userTypeSchema } from "./validation";

/** Sign-up (spec part 1 §3, §5): exactly one activity; user type and referral code are stored. */
export const signUpInput = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  activity: activitySchema,
  userType: userTypeSchema,
  referralCode: z
    .string()
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

/**
 * Contact form (spec part 1 §5): the text is sanitised first, then name 2–100 and message
 * 10–1000 characters are checked; the e-mail is trimmed and lower-cased.
 */
export const contactInput = z.object({
  name: z
    .string()
    .max(LIMITS.nameMax, Msg.nameTooLong)
    .transform(sanitizeText)
    .pipe(z.string().min(LIMITS.nameMin, Msg.nameTooShort)),
  email: emailSchema,
  message: z
    .string()
    .max(LIMITS.contactMessageMax, Msg.messageTooLong)
    .transform(sanitizeText)
    .pipe(z.string().min(LIMITS.contactMessageMin, Msg.messageTooShort)),
});
export type ContactInput = z.input<typeof contactInput>;

/** Admin decision on an applicant (spec part 1 §4, §7 update_user_approval). */
export const reviewApplicantInput = z.object({
  userId: z.uuid(),
  decision: z.enum(["approved", "rejected"]),
  notes: z
    .string()
    .trim()
    .max(LIMITS.approvalNotesMax, Msg.notesTooLong)
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ReviewApplicantInput = z.input<typeof reviewApplicantInput>;

export const setLocaleInput = z.object({ locale: z.enum(LOCALES) });
