/**
 * Member requests and responses (spec part 2 §2, §3, §5, §8; DESIGN.md §9): fixed lists, the
 * activity↔type rule and the form schemas. Pure.
 */
import { z } from "zod";
import type { Activity } from "./constants";
import { Msg } from "./messages";
import { SECTOR_CODES } from "./sectors";
import { PHONE_PATTERN, plainText, productIdSchema, rowIdSchema, timestampSchema } from "./validation";

/** Member request types (spec part 2 §3). */
export const REQUEST_TYPES = [
  "co_marketing",
  "commercial_assistance",
  "product_sourcing",
  "knowledge_sharing",
] as const;

export type RequestType = (typeof REQUEST_TYPES)[number];

export const URGENCIES = ["normal", "urgent"] as const;

export type Urgency = (typeof URGENCIES)[number];

/** Activity types of the send and export-services forms. */
export const SERVICE_ACTIVITIES = ["marketing", "legal", "commercial"] as const;

export type ServiceActivity = (typeof SERVICE_ACTIVITIES)[number];

/**
 * Sub-activities per activity type (spec part 2 §3). `arbitration` and the long intermediaries
 * label belong to the export-services form only (`exportServicesOnly`).
 */
export const SUB_ACTIVITIES: Record<ServiceActivity, readonly string[]> = {
  marketing: [
    "intermediaries",
    "market_research",
    "brand_registration",
    "trade_fairs",
    "digital_marketing",
    "travel_translation",
    "negotiation_advertising",
  ],
  legal: ["contract", "ip_registration", "company_registration", "arbitration"],
  commercial: ["finance_payment", "logistics", "freight_customs"],
};

export const EXPORT_SERVICES_ONLY_SUB_ACTIVITIES = ["arbitration"] as const;

/** The send forms' activity type decides the request type (spec part 2 §7 call 14). */
export const ACTIVITY_REQUEST_TYPE: Record<ServiceActivity, RequestType> = {
  marketing: "co_marketing",
  legal: "knowledge_sharing",
  commercial: "commercial_assistance",
};

/** Which request types reach which member activity (DESIGN.md §9). */
export const TYPES_FOR_ACTIVITY: Record<Activity, readonly RequestType[]> = {
  export_expert: ["knowledge_sharing"],
  export_service_provider: ["commercial_assistance"],
  exporter: ["co_marketing", "product_sourcing"],
};

/** Request types a member with `activities` receives by type alone. */
export function requestTypesFor(activities: readonly Activity[]): RequestType[] {
  return [...new Set(activities.flatMap((a) => TYPES_FOR_ACTIVITY[a]))];
}

export const DESCRIPTION_MAX_WORDS = 30;

export const RESPONSE_MAX_CHARS = 200;

/** The badge counts up to this many; the UI shows "99+" beyond. */
export const BADGE_COUNT_CAP = 100;

export const RECEIVED_PAGE_SIZE = 20;

/** Words in a text: runs of non-whitespace (spec part 2 §5 "split on whitespace"). */
export function countWords(text: string): number {
  const t = text.trim();
  return t === "" ? 0 : t.split(/\s+/).length;
}

/** A description of at most 30 words; each form has its own spec wording. */
const describe = (required: string, tooLong: string) =>
  plainText()
    .trim()
    .min(1, required)
    .max(2000, tooLong)
    .refine((d) => countWords(d) <= DESCRIPTION_MAX_WORDS, tooLong);

const description = describe(Msg.descriptionRequired, Msg.descriptionTooLong);

const shortFormDescription = describe(Msg.descriptionIsRequired, Msg.descriptionMax30Words);

const countryCode = plainText().regex(/^[A-Z]{2}$/, Msg.invalidCountry);

/** /member-request (spec part 2 §2, §5): product or country, type, ≤30 words, urgency. */
export const submitRequestInput = z
  .object({
    productId: productIdSchema.nullable(),
    countryCode: countryCode.nullable(),
    requestType: z.enum(REQUEST_TYPES, Msg.requestTypeRequired),
    description,
    urgency: z.enum(URGENCIES).default("normal"),
  })
  .refine((v) => v.productId !== null || v.countryCode !== null, {
    message: Msg.productOrCountry,
    path: ["productId"],
  });

export type SubmitRequestInput = z.input<typeof submitRequestInput>;

const subActivityFor = (v: { activityType: ServiceActivity; subActivity: string }, allowExportServicesOnly: boolean) =>
  SUB_ACTIVITIES[v.activityType].includes(v.subActivity) &&
  (allowExportServicesOnly || !(EXPORT_SERVICES_ONLY_SUB_ACTIVITIES as readonly string[]).includes(v.subActivity));

/** /member-request/send (spec part 2 §2, §5): the 30 counts words here too (DESIGN.md §8.8). */
export const sendRequestInput = z
  .object({
    productId: productIdSchema.nullable(),
    countryCode: countryCode.nullable(),
    activityType: z.enum(SERVICE_ACTIVITIES, Msg.activityTypeRequired),
    subActivity: plainText().min(1, Msg.subActivityRequired),
    urgency: z.enum(URGENCIES).default("normal"),
    description: shortFormDescription,
  })
  .refine((v) => subActivityFor(v, false), { message: Msg.subActivityRequired, path: ["subActivity"] })
  .refine((v) => v.productId !== null || v.countryCode !== null, {
    message: Msg.productOrCountrySend,
    path: ["productId"],
  });

export type SendRequestInput = z.input<typeof sendRequestInput>;

/** /export-services/send-request (spec part 2 §2, §5): sector and country are both saved. */
export const exportServicesRequestInput = z
  .object({
    sector: z.enum(SECTOR_CODES).nullable(),
    countryCode: countryCode.nullable(),
    activityType: z.enum(SERVICE_ACTIVITIES, Msg.activityTypeRequired),
    subActivity: plainText().min(1, Msg.selectSubActivity),
    description: shortFormDescription,
    urgency: z.enum(URGENCIES, Msg.urgencyRequired),
  })
  .refine((v) => subActivityFor(v, true), { message: Msg.selectSubActivity, path: ["subActivity"] })
  .refine((v) => v.sector !== null || v.countryCode !== null, { message: Msg.sectorOrCountry, path: ["sector"] });

export type ExportServicesRequestInput = z.input<typeof exportServicesRequestInput>;

const optionalContact = (valid: (v: string) => boolean, message: string) =>
  plainText()
    .trim()
    .max(254, message)
    .refine((v) => v === "" || valid(v), message)
    .transform((v) => (v === "" ? null : v));

const isEmail = (v: string) => z.email().safeParse(v).success;

const isPhone = (v: string) => PHONE_PATTERN.test(v);

/** The Respond dialog's fields (spec part 2 §5): a message of 1–200 characters and the contacts. */
export const responseFields = {
  message: plainText().trim().min(1, Msg.responseRequired).max(RESPONSE_MAX_CHARS, Msg.responseTooLong),
  contactEmail: optionalContact(isEmail, Msg.invalidEmail),
  contactPhone: optionalContact(isPhone, Msg.invalidPhone),
  contactWhatsapp: optionalContact(isPhone, Msg.invalidWhatsapp),
};

/** At least one contact method (spec part 2 §5), reported on the e-mail field. */
export const hasContact: [
  (v: { contactEmail: string | null; contactPhone: string | null; contactWhatsapp: string | null }) => boolean,
  { message: string; path: string[] },
] = [
  (v) => v.contactEmail !== null || v.contactPhone !== null || v.contactWhatsapp !== null,
  { message: Msg.contactRequired, path: ["contactEmail"] },
];

/** Respond dialog (spec part 2 §5): a message of 1–200 characters and at least one contact. */
export const respondInput = z.object({ requestId: rowIdSchema, ...responseFields }).refine(...hasContact);

export type RespondInput = z.input<typeof respondInput>;

/** Cursor of the received list: the last card's (createdAt, id). */
export const receivedListInput = z.object({
  cursor: z.object({ createdAt: timestampSchema, id: rowIdSchema }).nullish(),
  limit: z.number().int().min(1).max(50).default(RECEIVED_PAGE_SIZE),
});
