/**
 * Constants shared by client and server (spec part 1 §9, part 2 §9, DESIGN.md §8).
 * Pure data: no Node or DOM imports.
 */

/** The three kinds of member (spec part 1 §1). Stored values; labels come from the UI catalogs. */
export const ACTIVITIES = ["exporter", "export_expert", "export_service_provider"] as const;
export type Activity = (typeof ACTIVITIES)[number];

/** Individual or Organization (spec part 1 §5). */
export const USER_TYPES = ["individual", "organization"] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Approval states of a profile (spec part 1 §4). */
export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Membership tiers, lowest first (spec part 1 §9). */
export const TIERS = ["turquoise", "silver", "gold"] as const;
export type Tier = (typeof TIERS)[number];

/** Points a tier costs (spec part 1 §4: Silver 500, Gold 1200). */
export const TIER_COST: Record<Tier, number> = { turquoise: 0, silver: 500, gold: 1200 };

/**
 * Monthly help-request quota per tier; `null` = unlimited.
 * One constant for the tier card and the quota check (DESIGN.md §8 item 9).
 */
export const MONTHLY_HELP_QUOTA: Record<Tier, number | null> = { turquoise: 2, silver: 5, gold: null };

/**
 * Service areas and kinds of a post (docs/decisions/0016-service-area-posts.md). Member requests
 * are the `membership` area's requests.
 */
export const POST_AREAS = [
  "membership",
  "collaboration",
  "export_services",
  "consultancy",
  "information",
  "recruitment",
] as const;
export type PostArea = (typeof POST_AREAS)[number];
export const POST_KINDS = ["request", "offer"] as const;
export type PostKind = (typeof POST_KINDS)[number];
/** Days a post stays open unless its author chooses otherwise (ADR 16). */
export const POST_VALIDITY_DEFAULT_DAYS = 30;
/**
 * Where a board's badge count stops (ADR 4, ADR 16; boards: src/common/posts.ts): the
 * membership board counts to 100 ("99+") as before; every other board's small dashboard button
 * counts to 10 ("9+"). Counting stops at the cap, so this bounds the rows the all-boards count
 * reads: with every board at 100 the typical member's count read about 800 rows, 13 ms of
 * execution, against the badge target of 10 ms over HTTP (ADR 16, "Badge caps per board").
 */
export function boardBadgeCap(board: string): number {
  return board === "membership.request" ? 100 : 10;
}

/** The validities a poster can pick, in days (issue #14). */
export const POST_VALIDITY_DAYS = [7, 14, 30, 60, 90] as const;

/** Interface languages (spec part 1 §4). English is the default. */
export const LOCALES = ["en", "fa"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** localStorage key that remembers the interface language. */
export const LOCALE_STORAGE_KEY = "export-club.locale";
/**
 * Cookie mirroring the chosen language for the server, which picks the prerendered landing page
 * in that language (docs/decisions/0015-prerendered-landing.md); a year, like the choice.
 */
export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Session timing (spec part 1 §4, §9; DESIGN.md §4). All in milliseconds. */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
export const SESSION_WARNING_MS = 5 * 60 * 1000;
export const SESSION_WARNING_TOAST_MS = 10 * 1000;
/** The client sends at most one activity heartbeat per this interval. */
export const SESSION_HEARTBEAT_INTERVAL_MS = 30 * 1000;

/**
 * Server-side rate limits (spec part 1 §9, DESIGN.md §4; docs/architecture.md Security model).
 * Windows in milliseconds. `signIn` counts failed sign-ins per e-mail (the spec's 5 per 15
 * minutes); `signInPerIp` failed sign-ins from one address across e-mails; `signUp` attempts
 * per e-mail, `signUpPerIp` attempts from one address; `passwordReset` reset-link requests per
 * e-mail (known or not), `passwordResetPerIp` requests from one address (docs/architecture.md, Password reset links);
 * `signInPerDevice` failed sign-ins from a browser holding a device cookie of the account, which
 * count there instead of per e-mail and per IP (auth/device-cookie.ts).
 */
export const RATE_LIMITS = {
  signIn: { max: 5, windowMs: 15 * 60 * 1000 },
  signInPerIp: { max: 20, windowMs: 15 * 60 * 1000 },
  signInPerDevice: { max: 5, windowMs: 15 * 60 * 1000 },
  signUp: { max: 3, windowMs: 5 * 60 * 1000 },
  signUpPerIp: { max: 20, windowMs: 60 * 60 * 1000 },
  contact: { max: 3, windowMs: 5 * 60 * 1000 },
  upload: { max: 10, windowMs: 60 * 60 * 1000 },
  passwordReset: { max: 3, windowMs: 15 * 60 * 1000 },
  passwordResetPerIp: { max: 10, windowMs: 60 * 60 * 1000 },
  /** Questions a member asks the admins through the Q&A page (issue #13 §3). */
  qaAsk: { max: 5, windowMs: 24 * 60 * 60 * 1000 },
  /** Saved self-assessments per member (issue #18 §3). */
  assessmentSave: { max: 20, windowMs: 24 * 60 * 60 * 1000 },
  /** Passkey sign-ins begun from one IP address (each one a stored challenge). */
  passkeySignInPerIp: { max: 30, windowMs: 15 * 60 * 1000 },
  /** Passkey registrations a member begins. */
  passkeyRegister: { max: 10, windowMs: 60 * 60 * 1000 },
  /** Posts a member writes in all service areas together (issue #14; ADR 16). */
  post: { max: 20, windowMs: 24 * 60 * 60 * 1000 },
  /** Services a provider publishes or edits (each goes to the admins' review queue; issue #15). */
  service: { max: 10, windowMs: 24 * 60 * 60 * 1000 },
  /** Copies of one member's data asked for, by the member or an admin (docs/architecture.md). */
  dataExport: { max: 3, windowMs: 24 * 60 * 60 * 1000 },
  /** Wrong second-step codes (sign-in, removal, regeneration) per account and per IP (ASVS V6.3.1, V6.5). */
  secondFactor: { max: 5, windowMs: 15 * 60 * 1000 },
  secondFactorPerIp: { max: 20, windowMs: 15 * 60 * 1000 },
} as const;

/** A password reset link is valid this long after it was sent (issue #11 §3), in milliseconds. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;

/** Length limits (spec part 1 §5, §9). */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  nameMin: 2,
  nameMax: 100,
  contactMessageMin: 10,
  contactMessageMax: 1000,
  sanitizedTextMax: 1000,
  referralCodeMax: 64,
  approvalNotesMax: 1000,
  fileNameMax: 255,
  fileMaxBytes: 5 * 1024 * 1024,
  passkeyNameMax: 50,
} as const;

/** Characters the password policy calls "special" (spec part 1 §5). */
export const PASSWORD_SPECIALS = "@$!%*?&";

// The points rules (spec part 2 §9), here rather than beside their schemas so the landing page
// can name them without loading zod (its entry-chunk budget: ADR 7, ADR 11).
/** Points an admin may award on approval of a knowledge submission; 50 is the default. */
export const APPROVAL_POINTS = [50, 100, 200] as const;
/** Points per 3-star response (landing copy: +15 per helpful answer). */
export const HELPFUL_ANSWER_POINTS = 15;
/** Points the author earns for each like standing on one of their items (landing: "+2 per like"). */
export const LIKE_POINTS = 2;

/**
 * The kinds of assessment a member can keep: the readiness assessment and the Porter diamond
 * analysis. Here rather than beside their schemas (common/assessments.ts) so the member area's
 * layout can look for a visitor's kept answers without loading zod.
 */
export const ASSESSMENT_KINDS = ["readiness", "diamond"] as const;

/**
 * The boards (ADR 16 "Boards and routing"; kept here, zod-free, so the dashboard can name them
 * and link their pages without loading the posts schemas of common/posts.ts): one (area, kind) pair each, i.e. one Received
 * button, one list and one badge count. Membership has requests only; consultancy too (its
 * offers are the services providers publish, src/common/services.ts; ADR 17).
 */
export const BOARDS = [
  "membership.request",
  "collaboration.request",
  "collaboration.offer",
  "export_services.request",
  "export_services.offer",
  "consultancy.request",
  "information.request",
  "information.offer",
  "recruitment.request",
  "recruitment.offer",
] as const;
export type Board = (typeof BOARDS)[number];

/** Where each board's Received page is (the spec's route names). */
export const RECEIVED_PATHS: Record<Board, string> = {
  "membership.request": "/member-request/received",
  "collaboration.request": "/collaboration/received-request",
  "collaboration.offer": "/collaboration/received-offer",
  "export_services.request": "/export-services/received-request",
  "export_services.offer": "/export-services/received-offer",
  "consultancy.request": "/consultancy/received-request",
  "information.request": "/information/received-request",
  "information.offer": "/information/received-offer",
  "recruitment.request": "/recruitment/received-request",
  "recruitment.offer": "/recruitment/received-offer",
};
