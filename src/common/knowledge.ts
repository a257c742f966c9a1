/**
 * Knowledge sharing, help requests, points and Q&A (spec part 2 §2, §3, §5, §9; issue #5).
 * Fixed lists and input schemas shared by client and server. Pure.
 */
import { z } from "zod";
import { LIMITS, TIERS } from "./constants";
import { Msg } from "./messages";
import { EXPERTISE_AREAS } from "./profile";
import type { SectorCode } from "./sectors";

/** The four kinds of shared knowledge (spec part 2 §3 share_type). */
export const SHARE_TYPES = ["country", "regulations", "documents", "experience"] as const;
export type ShareType = (typeof SHARE_TYPES)[number];

/** Upload categories of knowledge attachments (spec part 2 §7 call 4). */
export const SHARE_UPLOAD_CATEGORY: Record<ShareType, string> = {
  country: "country-knowledge",
  regulations: "export-regulations",
  documents: "forms-documents",
  experience: "event-experience",
};

/**
 * The 40 countries of the knowledge form: the main destinations and neighbours of the club's
 * exporters (ISO alpha-2).
 */
export const KNOWLEDGE_COUNTRIES = [
  "AE",
  "AF",
  "AM",
  "AZ",
  "BH",
  "BR",
  "CA",
  "CH",
  "CN",
  "DE",
  "EG",
  "ES",
  "FR",
  "GB",
  "GE",
  "IN",
  "IQ",
  "IT",
  "JP",
  "KE",
  "KR",
  "KW",
  "KZ",
  "LB",
  "MY",
  "NL",
  "OM",
  "PK",
  "QA",
  "RU",
  "SA",
  "SY",
  "TJ",
  "TM",
  "TR",
  "UA",
  "US",
  "UZ",
  "VN",
  "ZA",
] as const;

/** The 16 product categories (knowledge and help forms), each routed to one industrial sector. */
export const PRODUCT_CATEGORIES = {
  dried_fruits_nuts: "agriculture",
  fresh_produce: "agriculture",
  saffron_spices: "food_beverages",
  processed_food: "food_beverages",
  carpets_handicrafts: "carpets_handicrafts",
  textiles_apparel: "fashion_textiles",
  petrochemicals: "oil_petrochemicals",
  chemicals: "chemicals",
  steel_metals: "mining",
  minerals_stone: "tiles_stones",
  construction_materials: "construction",
  pharma_medical: "pharmaceuticals",
  home_appliances: "home_office_appliances",
  machinery_tools: "tools_equipment",
  auto_parts: "automotive",
  technical_services: "management_engineering_services",
} as const satisfies Record<string, SectorCode>;
export type ProductCategory = keyof typeof PRODUCT_CATEGORIES;
export const PRODUCT_CATEGORY_CODES = Object.keys(PRODUCT_CATEGORIES) as [ProductCategory, ...ProductCategory[]];

/** The 12 event types of the event-experience form. */
export const EVENT_TYPES = [
  "trade_fair",
  "trade_mission",
  "b2b_meeting",
  "conference",
  "webinar",
  "training_course",
  "buyer_visit",
  "factory_visit",
  "product_launch",
  "networking_event",
  "tender",
  "other",
] as const;

const titleSchema = z.string().trim().min(1, Msg.titleRequired).max(200, Msg.textTooLong);
const contentSchema = z.string().trim().min(1, Msg.contentRequired).max(10_000, Msg.textTooLong);

/** Share Knowledge (spec part 2 §5): title, content and the type's own choice are required. */
export const shareKnowledgeInput = z
  .object({
    shareType: z.enum(SHARE_TYPES),
    title: titleSchema,
    content: contentSchema,
    category: z.string().trim().min(1, Msg.categoryRequired).max(40),
    eventDate: z.iso.date().nullable(),
    eventLocation: z
      .string()
      .trim()
      .max(200, Msg.textTooLong)
      .transform((v) => (v === "" ? null : v)),
    attachmentUploadId: z.uuid().nullable(),
  })
  .refine((v) => categoryFits(v.shareType, v.category), { message: Msg.categoryRequired, path: ["category"] });
export type ShareKnowledgeInput = z.input<typeof shareKnowledgeInput>;

/** Whether `category` is a valid choice for the share type. */
export function categoryFits(type: ShareType, category: string): boolean {
  if (type === "country") return (KNOWLEDGE_COUNTRIES as readonly string[]).includes(category);
  if (type === "experience") return (EVENT_TYPES as readonly string[]).includes(category);
  return Object.hasOwn(PRODUCT_CATEGORIES, category);
}

/** Points an admin may award on approval (spec part 2 §9); 50 is the default. */
export const APPROVAL_POINTS = [50, 100, 200] as const;
export const DEFAULT_APPROVAL_POINTS = 50;

export const reviewKnowledgeInput = z.discriminatedUnion("decision", [
  z.object({
    id: z.number().int().positive(),
    decision: z.literal("approved"),
    points: z.union([z.literal(50), z.literal(100), z.literal(200)]).default(DEFAULT_APPROVAL_POINTS),
    notes: z.string().trim().max(LIMITS.approvalNotesMax, Msg.notesTooLong).optional(),
  }),
  z.object({
    id: z.number().int().positive(),
    decision: z.literal("rejected"),
    notes: z.string().trim().max(LIMITS.approvalNotesMax, Msg.notesTooLong).optional(),
  }),
]);

/** Points per 3-star response (landing copy: +15 per helpful answer). */
export const HELPFUL_ANSWER_POINTS = 15;

/** Help types (spec part 2 §3). */
export const HELP_TYPES = [
  "country_knowledge",
  "product_experience",
  "hire_expert",
  "trade_services",
  "documents",
  "collaboration",
] as const;
export type HelpType = (typeof HELP_TYPES)[number];
export const HELP_URGENCIES = ["low", "medium", "high"] as const;
export const EMPLOYMENT_TYPES = ["temporary", "full_time"] as const;
export const SERVICE_TYPES = ["marketing", "legal", "commercial"] as const;

/**
 * Each help type's own required field (spec part 2 §5: marked required, enforced here —
 * DESIGN.md §8.5): target country, product category, expertise areas or service type.
 */
export const HELP_TYPE_FIELD: Record<HelpType, "targetCountry" | "productCategory" | "expertiseAreas" | "serviceType"> =
  {
    country_knowledge: "targetCountry",
    product_experience: "productCategory",
    hire_expert: "expertiseAreas",
    trade_services: "serviceType",
    documents: "productCategory",
    collaboration: "productCategory",
  };

export const helpRequestInput = z
  .object({
    helpType: z.enum(HELP_TYPES, Msg.requestTypeRequired),
    title: titleSchema,
    description: z.string().trim().min(1, Msg.descriptionIsRequired).max(2000, Msg.textTooLong),
    targetCountry: z
      .string()
      .regex(/^[A-Z]{2}$/, Msg.invalidCountry)
      .nullable(),
    productCategory: z.enum(PRODUCT_CATEGORY_CODES).nullable(),
    expertiseAreas: z.array(z.enum(EXPERTISE_AREAS)).max(3),
    employmentType: z.enum(EMPLOYMENT_TYPES).nullable(),
    serviceType: z.enum(SERVICE_TYPES).nullable(),
    urgency: z.enum(HELP_URGENCIES).default("medium"),
    budgetRange: z
      .string()
      .trim()
      .max(100, Msg.textTooLong)
      .transform((v) => (v === "" ? null : v)),
    additionalDetails: z
      .string()
      .trim()
      .max(2000, Msg.textTooLong)
      .transform((v) => (v === "" ? null : v)),
  })
  .superRefine((v, ctx) => {
    const field = HELP_TYPE_FIELD[v.helpType];
    const missing =
      field === "expertiseAreas" ? v.expertiseAreas.length === 0 : v[field] === null || v[field] === undefined;
    if (missing) ctx.addIssue({ code: "custom", message: Msg.helpFieldRequired, path: [field] });
  });
export type HelpRequestInput = z.input<typeof helpRequestInput>;

export const upgradeTierInput = z.object({ tier: z.enum(TIERS) });

export const QA_SUBSECTIONS = ["export_related", "club_related"] as const;
export const qaItemInput = z.object({
  question: z.string().trim().min(1, Msg.questionRequired).max(500, Msg.textTooLong),
  answer: z.string().trim().min(1, Msg.answerRequired).max(10_000, Msg.textTooLong),
  subsection: z.enum(QA_SUBSECTIONS),
  isPublished: z.boolean(),
});
export const qaUpdateInput = qaItemInput.extend({ id: z.number().int().positive() });
