/**
 * Knowledge sharing (spec part 2 §2, §3, §5): share types, the form's fixed lists and its
 * input schema, shared by client and server. Pure.
 */
import { z } from "zod";
import { Msg } from "./messages";
import type { SectorCode } from "./sectors";
import { dateSchema, plainText, titleSchema } from "./validation";

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

const contentSchema = plainText().trim().min(1, Msg.contentRequired).max(10_000, Msg.textTooLong);

/** Share Knowledge (spec part 2 §5): title, content and the type's own choice are required. */
export const shareKnowledgeInput = z
  .object({
    shareType: z.enum(SHARE_TYPES),
    title: titleSchema,
    content: contentSchema,
    category: plainText().trim().min(1, Msg.categoryRequired).max(40),
    eventDate: dateSchema.nullable(),
    eventLocation: plainText()
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
