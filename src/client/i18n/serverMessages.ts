/**
 * Translations of the spec texts the server sends (`src/common/messages.ts`). The record type
 * makes a missing key a compile error.
 */

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
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
  maxCategories: msg`Maximum of 2 categories selected`,
  invalidActivityDetail: msg`Please choose details only from the selected categories`,
  textTooLong: msg`This text is too long`,
  invalidLinkedin: msg`Please enter a valid LinkedIn profile address (https://www.linkedin.com/in/…)`,
  certificateRequired: msg`Please enter a certificate or appraisal`,
  tooManyItems: msg`Too many items`,
  invalidExperience: msg`Please choose your years of export experience`,
  invalidCountry: msg`Please choose a country from the list`,
  invalidSector: msg`Please choose a sector from the list`,
  passwordMismatch: msg`New password and confirmation don't match.`,
  currentPasswordWrong: msg`Your current password is incorrect.`,
  sameEmail: msg`This is already your email address.`,
  emailLinkInvalid: msg`This confirmation link is invalid or has expired.`,
  uploadInvalidFile: msg`Please choose a file you uploaded for this field.`,
  fileTooLarge5: msg`File size must be less than 5MB`,
  photoTooLarge: msg`Please select a photo smaller than 1MB.`,
  attachmentTooLarge: msg`Please select a file smaller than 1MB.`,
  invalidFileType: msg`Invalid file type. Only PDF, Word, Excel, and image files are allowed.`,
  fileNameTooLong: msg`File name must be less than 255 characters.`,
  fileContentMismatch: msg`File content doesn't match the expected format.`,
  uploadLimit: msg`You've reached the maximum number of file uploads per hour. Please try again later.`,
  uploadAuth: msg`Please sign in to upload files.`,
  fileNameRequired: msg`Please choose a file with a name.`,
  cannotChangeOwnRole: msg`You cannot change your own admin role or suspension.`,
  suspendReasonRequired: msg`Please give a reason for the suspension.`,
  descriptionRequired: msg`Please provide a brief description of your request.`,
  descriptionTooLong: msg`Please limit your description to 30 words or less.`,
  requestTypeRequired: msg`Please select a type of request.`,
  productOrCountry: msg`Please select at least one product or target country.`,
  productOrCountrySend: msg`At least one of Intended Product or Target Country must be selected`,
  sectorOrCountry: msg`Please select an industrial sector or a target country.`,
  activityTypeRequired: msg`Please select an activity type`,
  subActivityRequired: msg`Sub-activity is required`,
  urgencyRequired: msg`Please select urgency level`,
  responseRequired: msg`Please provide a brief response message`,
  responseTooLong: msg`Your response must be 200 characters or less`,
  contactRequired: msg`Please provide at least one contact method (email, phone, or WhatsApp)`,
  ratingRange: msg`Please choose 1 to 3 stars.`,
  alreadyRated: msg`You have already rated this offer.`,
  alreadyResponded: msg`You have already responded to this request.`,
  requestUnavailable: msg`This request is no longer available.`,
  invalidProduct: msg`Please choose a product from the list.`,
  tooManyAttempts: msg`Too many attempts. Please try again later.`,
  descriptionIsRequired: msg`Description is required`,
  descriptionMax30Words: msg`Description must be 30 words or less`,
  selectSubActivity: msg`Please select a sub-activity`,
  alreadySuspended: msg`This account is already suspended.`,
  notSuspended: msg`This account is not suspended.`,
  adminNeedsApprovedMember: msg`Only an approved, active member can become an admin.`,
  unexpected: msg`An unexpected error occurred. Please try again.`,
};

/** Translates a spec text from the server; other texts are returned unchanged. */
export function translateServerText(text: string): string {
  const key = msgKeyOf(text);
  return key ? i18n._(serverMessages[key]) : text;
}
