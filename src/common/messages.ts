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
  assessmentAnswerEveryQuestion: "Please answer every question with one of its options.",
  assessmentSaveTooMany: "You have saved the most assessments allowed for today. Please try again tomorrow.",
  assessmentUnknownQuestion: "The answers include a question that is not part of the assessment.",
  diamondProductRequired: "Please name the product you are analysing.",
  diamondRateEveryFactor: "Please rate every factor from 1 to 5.",
  maxCategories: "Maximum of 2 categories selected",
  invalidActivityDetail: "Please choose details only from the selected categories",
  textTooLong: "This text is too long",
  invalidLinkedin: "Please enter a valid LinkedIn profile address (https://www.linkedin.com/in/…)",
  certificateRequired: "Please enter a certificate or appraisal",
  tooManyItems: "Too many items",
  invalidExperience: "Please choose your years of export experience",
  invalidCountry: "Please choose a country from the list",
  invalidSector: "Please choose a sector from the list",
  passwordMismatch: "New password and confirmation don't match.",
  currentPasswordWrong: "Your current password is incorrect.",
  sameEmail: "This is already your email address.",
  emailLinkInvalid: "This confirmation link is invalid or has expired.",
  uploadInvalidFile: "Please choose a file you uploaded for this field.",
  fileTooLarge5: "File size must be less than 5MB",
  photoTooLarge: "Please select a photo smaller than 1MB.",
  attachmentTooLarge: "Please select a file smaller than 1MB.",
  invalidFileType: "Invalid file type. Only PDF, Word, Excel, and image files are allowed.",
  /** The profile attachment accepts pdf, doc, docx, jpeg and jpg (spec part 2 §5; issue #13 §4). */
  invalidAttachmentType: "Invalid file type. Only PDF, Word (DOC, DOCX) and JPEG files are allowed.",
  /** The profile photo accepts jpeg, jpg and png (spec part 2 §5; issue #13 §4). */
  invalidPhotoType: "Invalid file type. Only JPEG and PNG images are allowed.",
  /** Landing content uploads (issue #16 §1): what each kind accepts and its size limit. */
  documentTooLarge: "Please select a document smaller than 20MB.",
  invalidDocumentType: "Invalid file type. Only PDF and Word (DOC, DOCX) documents are allowed.",
  videoTooLarge: "Please select a video smaller than 200MB.",
  invalidVideoType: "Invalid file type. Only MP4, WebM and MOV videos are allowed.",
  pdfTooLarge: "Please select a PDF smaller than 50MB.",
  invalidPdfType: "Invalid file type. Only PDF files are allowed.",
  fileNameTooLong: "File name must be less than 255 characters.",
  fileContentMismatch: "File content doesn't match the expected format.",
  photoUnreadable: "This photo can't be read. Please choose another JPEG or PNG image.",
  photoTooManyPixels: "This photo has too many pixels. Please choose an image of at most 50 megapixels.",
  uploadLimit: "You've reached the maximum number of file uploads per hour. Please try again later.",
  uploadAuth: "Please sign in to upload files.",
  fileNameRequired: "Please choose a file with a name.",
  cannotChangeOwnRole: "You cannot change your own admin role or suspension.",
  suspendReasonRequired: "Please give a reason for the suspension.",
  descriptionRequired: "Please provide a brief description of your request.",
  descriptionTooLong: "Please limit your description to 30 words or less.",
  requestTypeRequired: "Please select a type of request.",
  productOrCountry: "Please select at least one product or target country.",
  productOrCountrySend: "At least one of Intended Product or Target Country must be selected",
  sectorOrCountry: "Please select an industrial sector or a target country.",
  activityTypeRequired: "Please select an activity type",
  subActivityRequired: "Sub-activity is required",
  urgencyRequired: "Please select urgency level",
  responseRequired: "Please provide a brief response message",
  responseTooLong: "Your response must be 200 characters or less",
  contactRequired: "Please provide at least one contact method (email, phone, or WhatsApp)",
  ratingRange: "Please choose 1 to 3 stars.",
  alreadyRated: "You have already rated this offer.",
  alreadyResponded: "You have already responded to this request.",
  requestUnavailable: "This request is no longer available.",
  invalidProduct: "Please choose a product from the list.",
  tooManyAttempts: "Too many attempts. Please try again later.",
  /** Sign-in rate limit; the client shows the wait in minutes from `retryAfterSeconds` (spec part 1 §8). */
  loginRateLimited: "Too many login attempts. Please try again later.",
  titleRequired: "Please enter a title.",
  contentRequired: "Please write the content.",
  categoryRequired: "Please make a selection for this type.",
  helpFieldRequired: "This field is required for this type of help.",
  requestLimitReached: "You've reached your monthly request limit. Upgrade your membership for more requests.",
  notEnoughPoints: "You do not have enough points for this tier.",
  noDowngrade: "You already have this tier or a higher one.",
  submissionReviewed: "This submission has already been reviewed.",
  /** The library (issue #13 §1). */
  cannotLikeOwn: "You cannot like your own knowledge.",
  unpublishNoteRequired: "Please write a note for the author.",
  notPublished: "This item is not published.",
  questionRequired: "Please enter the question.",
  answerRequired: "Please enter the answer.",
  /** A member asked more questions than `RATE_LIMITS.qaAsk` allows (issue #13 §3). */
  qaAskTooMany: "You have asked the most questions allowed for today. Please try again tomorrow.",
  /** Declining a member's question needs a note for the asker (issue #13 §3). */
  declineNoteRequired: "Please write a note for the member.",
  /** Declining or answering a question that was already declined, or one no member asked. */
  questionNotPending: "This question is no longer waiting for an answer.",
  /** Service-area posts (issue #14; ADR 16). */
  postDescriptionRequired: "Please describe your post.",
  postDescriptionTooLong: "Please limit your description to 150 words or less.",
  postDescriptionTooLong60: "Please limit your description to 60 words or less.",
  bringRequired: "Please describe what you bring.",
  bringTooLong: "Please limit what you bring to 60 words or less.",
  seekRequired: "Please describe what you seek.",
  seekTooLong: "Please limit what you seek to 60 words or less.",
  collaborationKindRequired: "Please select a kind of partnership.",
  sectorRequired: "Please select an industrial sector.",
  countriesRequired: "Please select at least one target country.",
  servedRequired: "Please select at least one sector or country you serve.",
  deliveryRequired: "Please select how you deliver the service.",
  invalidPrice: "Please enter a valid price.",
  priceOrder: "The minimum price must not be more than the maximum price.",
  currencyRequired: "Please select a currency for the price.",
  informationKindRequired: "Please select a kind of information.",
  informationTopicRequired: "Please select a country, a sector or a product.",
  expertiseAreaRequired: "Please select an expertise area.",
  employmentTypeRequired: "Please select an employment type.",
  invalidYears: "Please enter the years of experience, from 0 to 50.",
  languagesRequired: "Please select at least one language.",
  workplaceRequired: "Please select remote or on site.",
  validityRequired: "Please choose how long your post stays open.",
  /** A member posted more than `RATE_LIMITS.post` allows (issue #14). */
  postLimitReached: "You've reached the maximum number of posts for today. Please try again tomorrow.",
  postUnavailable: "This post is no longer available.",
  alreadyRespondedPost: "You have already responded to this post.",
  seekingIndividualsOnly: "Only individual members can post that they are seeking a position.",
  positionsOrganizationsOnly: "Only organization members can offer a position.",
  /** The consultation request dialog (spec part 2 §8, word for word; issue #15). */
  requestTypeSelect: "Please select a request type",
  exportServiceSelect: "Please select an export service",
  sessionModeSelect: "Please select at least one session mode",
  locationRequired: "Please provide your location",
  requiredFieldsMissing: "Please fill in all required fields.",
  consultationSignIn: "Please sign in to submit a consultation request.",
  /** Consultancy and training services (issue #15). */
  serviceDescriptionRequired: "Please describe your service.",
  serviceDescriptionTooLong: "Please limit the description to 150 words or less.",
  serviceTypeRequired: "Please select a service type.",
  exportServicesRequired: "Please select at least one export service.",
  modesRequired: "Please select at least one available mode.",
  cityRequired: "Please enter a city.",
  dateOrder: "The end date must not be before the start date.",
  servicePublishNotAllowed:
    "Only export experts, export service providers and consultants (field of activity C) can publish services.",
  serviceNotApproved: "Only an approved service can be paused or resumed.",
  serviceReviewed: "This service has already been reviewed.",
  serviceRejectNoteRequired: "Please write a note for the provider.",
  /** A provider published or edited more services than `RATE_LIMITS.service` allows (issue #15). */
  serviceLimitReached: "You've published or edited the most services allowed for today. Please try again tomorrow.",
  /** The admin's reply to a contact message (issue #16 §3). */
  contactReplyRequired: "Please write a reply.",
  contactReplyTooLong: "The reply is too long (at most 5,000 characters).",
  /** A response's proposed session mode that the request did not ask for (issue #15 §3). */
  proposedModeNotAsked: "Please propose a session mode the member asked for.",
  descriptionIsRequired: "Description is required",
  descriptionMax30Words: "Description must be 30 words or less",
  selectSubActivity: "Please select a sub-activity",
  alreadySuspended: "This account is already suspended.",
  notSuspended: "This account is not suspended.",
  adminNeedsApprovedMember: "Only an approved, active member can become an admin.",
  /** A password reset link that is malformed, unknown, expired or already used (issue #11 §3). */
  resetLinkInvalid: "This password reset link is invalid or has expired. Please ask for a new one.",
  /** The admin's "Send password reset link" for a suspended account (issue #11 §3). */
  resetAccountSuspended: "This account is suspended. Reinstate it before sending a password reset link.",
  /** A text with a NUL, another control character or a broken character (issue #10 §4). */
  invalidCharacters: "This text contains characters that are not allowed.",
  /** A date that is not one, or outside 1900–2100 (issue #10 §4). */
  invalidDate: "Please enter a valid date.",
  /** Admin analytics (issue #17 §3): a date range that ends before it starts, or spans too long. */
  analyticsRangeOrder: "The start date must be on or before the end date.",
  analyticsRangeTooLong: "Please choose a range of at most two years.",
  /** Passkeys (WebAuthn; docs/architecture.md "Passkeys"). */
  passkeyNameRequired: "Please give the passkey a name.",
  passkeyNameTooLong: "A passkey's name can be at most 50 characters.",
  passkeyNotVerified: "The passkey could not be verified. Please try again.",
  passkeyNotAccepted: "This passkey was not accepted. Please try again or sign in with your password.",
  passkeyAlreadyRegistered: "This passkey is already registered.",
  passkeyLimitReached: "You can keep at most 10 passkeys. Please remove one first.",
  /** A value the database refused although it passed validation (issue #10 §4): HTTP 400. */
  invalidInput: "Some of the information you entered is not valid. Please check it and try again.",
  /** A new password on the common-password list, or a variation of one (ASVS V6.2.12; ADR 23). */
  passwordCommon:
    "This password is too common: it appears in lists of leaked passwords. Please choose one that is harder to guess.",
  /** A copy of my data (docs/architecture.md "A copy of my data"). */
  dataExportInProgress: "Your copy is already being prepared. We will e-mail you when it is ready.",
  dataExportTooMany: "You have asked for the most copies allowed for today. Please try again tomorrow.",
  /** Deleting an account: the admin's own account goes through the profile page instead. */
  deleteOwnAccountFromProfile: "Delete your own account from your profile page.",
  /** The second sign-in step (docs/architecture.md "Security model"; ASVS V6.3.3, V6.5). */
  invalidSecondFactorCode: "Please enter the code shown in your authenticator app, or a recovery code.",
  secondFactorWrong: "This code is not valid. Please check it and try again.",
  secondFactorRateLimited: "Too many wrong codes. Please try again later.",
  pendingSignInExpired: "Your sign-in has expired. Please enter your email and password again.",
  totpAlreadyEnabled: "An authenticator app is already set up for your account.",
  totpNotStarted: "Please start setting up the authenticator app again.",
  totpNotEnabled: "No authenticator app is set up for your account.",
  /** An admin past the grace period without a second factor (ASVS V6.3.3). */
  adminSecondFactorRequired:
    "Administrators must set up two-step sign-in. Please add an authenticator app in your profile to continue.",
  cannotResetOwnSecondFactor: "You cannot reset your own two-step sign-in. Remove it from your profile instead.",
  unexpected: "An unexpected error occurred. Please try again.",
  /** The database is unreachable for a moment (a restart, a lost connection): HTTP 503 (issue #10 §2). */
  serviceUnavailable: "The service is temporarily unavailable. Please try again in a moment.",
} as const;

export type MsgKey = keyof typeof Msg;
export type MsgText = (typeof Msg)[MsgKey];

const byText = new Map<string, MsgKey>(Object.entries(Msg).map(([k, v]) => [v, k as MsgKey]));

/** Finds the key of a spec message by its English text; `undefined` when it is not one. */
export function msgKeyOf(text: string): MsgKey | undefined {
  return byText.get(text);
}
