/**
 * The exact English texts of the spec that the server can send back (errors, validation).
 * The server puts these texts in error messages; the client translates them through
 * `src/client/i18n/serverMessages.ts`, which must cover every key (the type enforces it).
 * Spec part 1 §5, §8.
 */
export const Msg = {
  invalidEmail: "Please enter a valid email address",
  invalidPhone: "Please enter a valid phone number",
  invalidWhatsapp: "Please enter a valid WhatsApp number",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooLong: "Password is too long",
  passwordComposition:
    "Password must contain at least one lowercase letter, one uppercase letter, one number, and one special character",
  nameTooShort: "Name must be at least 2 characters",
  nameTooLong: "Name too long",
  messageTooShort: "Message must be at least 10 characters",
  messageTooLong: "Message too long",
  chooseActivity: "Please choose your activity",
  chooseUserType: "Please choose a user type",
  referralTooLong: "Referral code is too long",
  notesTooLong: "Notes are too long",
  signUpWait: "Please wait 5 minutes before trying again.",
  emailTaken: "An account with this email already exists",
  invalidCredentials: "Invalid email or password",
  accountSuspended: "This account is suspended. Please contact support.",
  contactTooMany: "Please wait a few minutes before sending another message.",
  signInRequired: "Please sign in to continue.",
  approvalRequired: "Your account is waiting for approval.",
  adminOnly: "Access denied. This page is only available to administrators.",
  sessionExpired: "Your session has expired. Please sign in again.",
  applicantNotPending: "This application has already been reviewed.",
  notFound: "Not found",
  unexpected: "An unexpected error occurred. Please try again.",
} as const;

export type MsgKey = keyof typeof Msg;
export type MsgText = (typeof Msg)[MsgKey];

const byText = new Map<string, MsgKey>(Object.entries(Msg).map(([k, v]) => [v, k as MsgKey]));

/** Finds the key of a spec message by its English text; `undefined` when it is not one. */
export function msgKeyOf(text: string): MsgKey | undefined {
  return byText.get(text);
}
