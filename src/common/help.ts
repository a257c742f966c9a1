/**
 * Help requests (spec part 2 §2 Request Help, §3, §5): help types, their own required field
 * and the form's input schema. Pure.
 */
import { z } from "zod";
import { PRODUCT_CATEGORY_CODES } from "./knowledge";
import { Msg } from "./messages";
import { EXPERTISE_AREAS } from "./profile";
import { plainText, titleSchema } from "./validation";

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
    description: plainText().trim().min(1, Msg.descriptionIsRequired).max(2000, Msg.textTooLong),
    targetCountry: plainText()
      .regex(/^[A-Z]{2}$/, Msg.invalidCountry)
      .nullable(),
    productCategory: z.enum(PRODUCT_CATEGORY_CODES).nullable(),
    expertiseAreas: z.array(z.enum(EXPERTISE_AREAS)).max(3),
    employmentType: z.enum(EMPLOYMENT_TYPES).nullable(),
    serviceType: z.enum(SERVICE_TYPES).nullable(),
    urgency: z.enum(HELP_URGENCIES).default("medium"),
    budgetRange: plainText()
      .trim()
      .max(100, Msg.textTooLong)
      .transform((v) => (v === "" ? null : v)),
    additionalDetails: plainText()
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
