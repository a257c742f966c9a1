/**
 * Pure validation rules shared by the forms and the server (spec part 1 §5).
 * No Node or DOM imports.
 */
import { z } from "zod";
import { ACTIVITIES, LIMITS, PASSWORD_SPECIALS, USER_TYPES } from "./constants";
import { Msg } from "./messages";

/** `+` optional, a digit 1-9, then 1 to 14 digits (spec part 1 §5). */
export const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;

const escapedSpecials = PASSWORD_SPECIALS.replace(/[$*?]/g, "\\$&");
const PASSWORD_START = new RegExp(`^[A-Za-z\\d${escapedSpecials}]`);
const PASSWORD_SPECIAL = new RegExp(`[${escapedSpecials}]`);

/** E-mail address: trimmed, lower-cased, valid (message 'Please enter a valid email address'). */
export const emailSchema = z.string().trim().toLowerCase().max(254, Msg.invalidEmail).pipe(z.email(Msg.invalidEmail));

/** Optional phone number; empty string means "not given". */
export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, Msg.invalidPhone);
export const whatsappSchema = z.string().trim().regex(PHONE_PATTERN, Msg.invalidWhatsapp);

/**
 * Sign-up password policy (spec part 1 §5; also used for password changes, DESIGN.md §8.10):
 * 8–128 characters, starts with a letter, digit or one of @$!%*?&, and contains a lowercase
 * letter, an uppercase letter, a digit and one of @$!%*?&.
 */
export const passwordSchema = z
  .string()
  .min(LIMITS.passwordMin, Msg.passwordTooShort)
  .max(LIMITS.passwordMax, Msg.passwordTooLong)
  .refine(
    (p) => PASSWORD_START.test(p) && /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && PASSWORD_SPECIAL.test(p),
    Msg.passwordComposition,
  );

export type PasswordStrengthLabel = "weak" | "fair" | "good" | "strong";

/**
 * Password strength meter (spec part 1 §5): five steps — length ≥ 8, lowercase, uppercase,
 * digit, special. Returns the number of steps met (0–5) and its label: Weak up to 2,
 * Fair at 3, Good at 4, Strong at 5.
 */
export function passwordStrength(password: string): { score: number; label: PasswordStrengthLabel } {
  const steps = [
    password.length >= LIMITS.passwordMin,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /\d/.test(password),
    PASSWORD_SPECIAL.test(password),
  ];
  const score = steps.filter(Boolean).length;
  const label: PasswordStrengthLabel = score >= 5 ? "strong" : score === 4 ? "good" : score === 3 ? "fair" : "weak";
  return { score, label };
}

/** Person's or organization's name (2–100 characters after trimming). */
export const nameSchema = z.string().trim().min(LIMITS.nameMin, Msg.nameTooShort).max(LIMITS.nameMax, Msg.nameTooLong);

export const activitySchema = z.enum(ACTIVITIES, Msg.chooseActivity);
export const userTypeSchema = z.enum(USER_TYPES, Msg.chooseUserType);

/**
 * Removes markup and script vectors from free text (spec part 1 §5): script, iframe, object and
 * embed blocks, the prefixes javascript:, data: and vbscript:, and angle brackets; then trims
 * and cuts to 1000 characters.
 */
export function sanitizeText(input: string): string {
  return input
    .replace(/<(script|iframe|object|embed)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<(script|iframe|object|embed)\b[^>]*\/?>/gi, "")
    .replace(/(javascript|data|vbscript)\s*:/gi, "")
    .replace(/[<>]/g, "")
    .trim()
    .slice(0, LIMITS.sanitizedTextMax);
}

/** Free-text search: trimmed, at most 100 characters, absent when empty. */
export const searchInput = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || undefined);

/** A title: trimmed, required, at most 200 characters. */
export const titleSchema = z.string().trim().min(1, Msg.titleRequired).max(200, Msg.textTooLong);
