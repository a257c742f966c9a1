/**
 * Translations of the spec texts the server sends (`src/common/messages.ts`). The record type
 * makes a missing key a compile error.
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { type MsgKey, msgKeyOf } from "../../common/messages";
import { i18n } from "./index";

const serverMessages: Record<MsgKey, MessageDescriptor> = {
  invalidEmail: msg`Please enter a valid email address`,
  invalidPhone: msg`Please enter a valid phone number`,
  invalidWhatsapp: msg`Please enter a valid WhatsApp number`,
  passwordTooShort: msg`Password must be at least 8 characters`,
  passwordTooLong: msg`Password is too long`,
  passwordComposition: msg`Password must contain at least one lowercase letter, one uppercase letter, one number, and one special character`,
  nameTooShort: msg`Name must be at least 2 characters`,
  nameTooLong: msg`Name too long`,
  messageTooShort: msg`Message must be at least 10 characters`,
  messageTooLong: msg`Message too long`,
  chooseActivity: msg`Please choose your activity`,
  chooseUserType: msg`Please choose a user type`,
  referralTooLong: msg`Referral code is too long`,
  notesTooLong: msg`Notes are too long`,
  signUpWait: msg`Please wait 5 minutes before trying again.`,
  emailTaken: msg`An account with this email already exists`,
  invalidCredentials: msg`Invalid email or password`,
  accountSuspended: msg`This account is suspended. Please contact support.`,
  contactTooMany: msg`Please wait a few minutes before sending another message.`,
  signInRequired: msg`Please sign in to continue.`,
  approvalRequired: msg`Your account is waiting for approval.`,
  adminOnly: msg`Access denied. This page is only available to administrators.`,
  sessionExpired: msg`Your session has expired. Please sign in again.`,
  applicantNotPending: msg`This application has already been reviewed.`,
  notFound: msg`Not found`,
  unexpected: msg`An unexpected error occurred. Please try again.`,
};

/** Translates a spec text from the server; other texts are returned unchanged. */
export function translateServerText(text: string): string {
  const key = msgKeyOf(text);
  return key ? i18n._(serverMessages[key]) : text;
}
