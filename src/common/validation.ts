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

/**
 * Characters no text may hold (issue #10 §4): C0 control characters other than tab, line feed
 * and carriage return (NUL among them, which Postgres text cannot store), DEL, and lone UTF-16
 * surrogates (broken characters, which would be stored as U+FFFD).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Cs}/u;

/** Whether `text` holds none of the characters that no text may hold. */
export function hasOnlyAllowedCharacters(text: string): boolean {
  return !FORBIDDEN_CHARACTERS.test(text);
}

/**
 * The base of every free-text field: a string without control characters or broken characters
 * (`Msg.invalidCharacters`, reported before any other issue of the field). Chain the field's own
 * rules: `plainText().trim().min(1, …).max(200, …)`.
 */
export function plainText() {
  return z.string().refine(hasOnlyAllowedCharacters, { message: Msg.invalidCharacters, abort: true });
}

/** Largest value of a Postgres `integer` column (int4). */
export const INT4_MAX = 2_147_483_647;

/**
 * Id of a row of a table keyed by `bigint` (every table of ours but the catalog): a positive safe
 * integer, which int8 always holds.
 */
export const rowIdSchema = z.number().int().positive();

/** A catalog product's id (`products.id`, Postgres int4): at most 2^31 − 1 (`Msg.invalidProduct`). */
export const productIdSchema = z.number().int().positive().max(INT4_MAX, Msg.invalidProduct);

/** First and last year a date of ours may fall in (Postgres refuses year zero; issue #10 §4). */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2100;

const yearInRange = (iso: string) => {
  const year = Number(iso.slice(0, 4));
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
};

/** A calendar date `YYYY-MM-DD` from 1900 to 2100 (`Msg.invalidDate`). */
export const dateSchema = z.iso.date(Msg.invalidDate).refine(yearInRange, Msg.invalidDate);

/** An ISO 8601 UTC timestamp (`…Z`) from 1900 to 2100 (`Msg.invalidDate`). */
export const timestampSchema = z.iso.datetime(Msg.invalidDate).refine(yearInRange, Msg.invalidDate);

/** E-mail address: trimmed, lower-cased, valid (message 'Please enter a valid email address'). */
export const emailSchema = z.string().trim().toLowerCase().max(254, Msg.invalidEmail).pipe(z.email(Msg.invalidEmail));

/** Optional phone number; empty string means "not given". */
export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, Msg.invalidPhone);
export const whatsappSchema = z.string().trim().regex(PHONE_PATTERN, Msg.invalidWhatsapp);

/**
 * Sign-up password policy (spec part 1 §5; also used for password changes, DESIGN.md §8.10):
 * 8–128 characters, starts with a letter, digit or one of @$!%*?&, and contains a lowercase
 * letter, an uppercase letter, a digit and one of @$!%*?&. The server adds the common-password
 * list (`newPasswordSchema`, src/server/auth/password-policy.ts; ADR 23).
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
export const nameSchema = plainText().trim().min(LIMITS.nameMin, Msg.nameTooShort).max(LIMITS.nameMax, Msg.nameTooLong);

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
export const searchInput = plainText()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || undefined);

/** A title: trimmed, required, at most 200 characters. */
export const titleSchema = plainText().trim().min(1, Msg.titleRequired).max(200, Msg.textTooLong);
