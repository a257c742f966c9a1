/**
 * Profile rules shared by the form and the server (spec part 2 §2 Profile Settings, §3, §5):
 * fixed lists, the field-of-activity tree, the update schema and the completion percentage.
 * Pure: no Node or DOM imports.
 */
import { z } from "zod";
import { Msg } from "./messages";
import { SECTOR_CODES } from "./sectors";
import { nameSchema, PHONE_PATTERN, plainText } from "./validation";

/** Expertise areas (spec part 2 §3). */
export const EXPERTISE_AREAS = ["marketing", "legal", "commercial"] as const;
export type ExpertiseArea = (typeof EXPERTISE_AREAS)[number];

/** Years of export experience options; 6 means 6–10, 10/15/20 mean "or more" (spec part 2 §3). */
export const EXPERIENCE_OPTIONS = [0, 1, 2, 3, 4, 5, 6, 10, 15, 20] as const;

/**
 * Field of activity (spec part 2 §3): main categories A–D, each with its detail choices.
 * B (Service Provision) is split into B-1 Marketing, B-2 Legal, B-3 Commercial services.
 */
export const ACTIVITY_CATEGORIES = {
  A: { details: ["infrequent", "regular"] },
  B: {
    details: [
      // B-1 Marketing
      "b1_intermediaries",
      "b1_market_research",
      "b1_brand_registration",
      "b1_trade_fairs",
      "b1_digital_marketing",
      "b1_travel_translation",
      "b1_negotiation_advertising",
      // B-2 Legal
      "b2_contracts",
      "b2_ip_registration",
      "b2_company_registration",
      "b2_arbitration",
      "b2_trade_compliance",
      // B-3 Commercial
      "b3_finance_payment",
      "b3_logistics",
      "b3_freight_customs",
      "b3_insurance",
      "b3_packaging_labelling",
      "b3_inspection_certification",
    ],
  },
  C: { details: ["marketing", "legal", "commercial"] },
  D: { details: ["beginner", "expert", "manager"] },
} as const;
export type ActivityCategory = keyof typeof ACTIVITY_CATEGORIES;
export const ACTIVITY_CATEGORY_CODES = Object.keys(ACTIVITY_CATEGORIES) as ActivityCategory[];
/** B's sub-groups, by the prefix of their detail codes. */
export const SERVICE_GROUPS = [
  { code: "B-1", prefix: "b1_" },
  { code: "B-2", prefix: "b2_" },
  { code: "B-3", prefix: "b3_" },
] as const;
export const MAX_MAIN_CATEGORIES = 2;

export interface ActivitySelections {
  mainCategories: ActivityCategory[];
  details: Partial<Record<ActivityCategory, string[]>>;
}

/** Removes the details of categories that are no longer selected (spec: deselecting removes details). */
export function pruneActivityDetails(sel: ActivitySelections): ActivitySelections {
  const details: ActivitySelections["details"] = {};
  for (const c of sel.mainCategories) if (sel.details[c]?.length) details[c] = sel.details[c];
  return { mainCategories: sel.mainCategories, details };
}

export const activitySelectionsSchema = z
  .object({
    mainCategories: z
      .array(z.enum(ACTIVITY_CATEGORY_CODES as [ActivityCategory, ...ActivityCategory[]]))
      .max(MAX_MAIN_CATEGORIES, Msg.maxCategories),
    details: z.partialRecord(z.enum(["A", "B", "C", "D"]), z.array(plainText()).max(30)),
  })
  .refine((s) => new Set(s.mainCategories).size === s.mainCategories.length, Msg.maxCategories)
  .refine(
    (s) =>
      Object.entries(s.details).every(
        ([cat, list]) =>
          s.mainCategories.includes(cat as ActivityCategory) &&
          (list ?? []).every((d) =>
            (ACTIVITY_CATEGORIES[cat as ActivityCategory].details as readonly string[]).includes(d),
          ),
      ),
    Msg.invalidActivityDetail,
  );

const optionalPhone = (message: string) =>
  plainText()
    .trim()
    .refine((v) => v === "" || PHONE_PATTERN.test(v), message)
    .transform((v) => (v === "" ? null : v));

const optionalText = (max: number) =>
  plainText()
    .trim()
    .max(max, Msg.textTooLong)
    .transform((v) => (v === "" ? null : v));

/** A LinkedIn profile address (https://…linkedin.com/…); empty means none. */
export const linkedinSchema = plainText()
  .trim()
  .max(300, Msg.invalidLinkedin)
  .refine((v) => {
    if (v === "") return true;
    try {
      const u = new URL(v);
      return u.protocol === "https:" && (u.hostname === "linkedin.com" || u.hostname.endsWith(".linkedin.com"));
    } catch {
      return false;
    }
  }, Msg.invalidLinkedin)
  .transform((v) => (v === "" ? null : v));

/** Trimmed, non-empty certificate or appraisal (spec part 2 §5). */
export const certificateSchema = plainText().trim().min(1, Msg.certificateRequired).max(200, Msg.textTooLong);

/** Profile Settings → Update Profile (spec part 2 §2, §5). The account e-mail changes separately. */
export const profileUpdateInput = z.object({
  name: nameSchema,
  mobile: optionalPhone(Msg.invalidPhone),
  whatsapp: optionalPhone(Msg.invalidWhatsapp),
  postalAddress: optionalText(500),
  postalCode: optionalText(20),
  linkedinUrl: linkedinSchema,
  expertiseAreas: z.array(z.enum(EXPERTISE_AREAS)).max(EXPERTISE_AREAS.length),
  yearsExportExperience: z
    .number()
    .int()
    .refine((n) => (EXPERIENCE_OPTIONS as readonly number[]).includes(n), Msg.invalidExperience),
  certificates: z.array(certificateSchema).max(30, Msg.tooManyItems),
  industrialSectors: z.array(z.enum(SECTOR_CODES)).max(SECTOR_CODES.length),
  targetCountries: z
    .array(plainText().regex(/^[A-Z]{2}$/, Msg.invalidCountry))
    .max(250)
    .transform((l) => [...new Set(l)]),
  activitySelections: activitySelectionsSchema,
  photoUploadId: z.uuid().nullable(),
  attachmentUploadId: z.uuid().nullable(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateInput>;

/** What the completion percentage reads (account e-mail included). */
export interface CompletionInput {
  name: string | null;
  email: string | null;
  photoUploadId: string | null;
  mobile: string | null;
  postalAddress: string | null;
  linkedinUrl: string | null;
  expertiseAreas: readonly string[];
  yearsExportExperience: number;
  certificates: readonly string[];
  industrialSectors: readonly string[];
  targetCountries: readonly string[];
  activitySelections: { mainCategories: readonly string[] };
  attachmentUploadId: string | null;
}

/**
 * Profile completion (spec part 2 §5): 13 equal items — name, e-mail, photo, mobile, postal
 * address, LinkedIn, ≥1 expertise area, years of experience > 0, ≥1 certificate, ≥1 sector,
 * ≥1 target country, ≥1 main activity category, attachment. Returns a rounded percentage
 * (0–100) and the keys of the missing items. WhatsApp and postal code do not count.
 */
export function profileCompletion(p: CompletionInput): { percent: number; missing: string[] } {
  const items: [string, boolean][] = [
    ["name", !!p.name?.trim()],
    ["email", !!p.email?.trim()],
    ["photo", !!p.photoUploadId],
    ["mobile", !!p.mobile],
    ["postalAddress", !!p.postalAddress],
    ["linkedin", !!p.linkedinUrl],
    ["expertise", p.expertiseAreas.length > 0],
    ["experience", p.yearsExportExperience > 0],
    ["certificates", p.certificates.length > 0],
    ["sectors", p.industrialSectors.length > 0],
    ["countries", p.targetCountries.length > 0],
    ["activity", p.activitySelections.mainCategories.length > 0],
    ["attachment", !!p.attachmentUploadId],
  ];
  const done = items.filter(([, ok]) => ok).length;
  return { percent: Math.round((done / items.length) * 100), missing: items.filter(([, ok]) => !ok).map(([k]) => k) };
}
