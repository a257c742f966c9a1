/**
 * Consultancy and training services (issue #15; spec part 2 §3 `consultation_services`, §7 calls
 * 2 and 3): the fields a provider publishes, who may publish, the review an admin gives, and the
 * search filter of the consultation request dialog. Pure: shared by the client forms and the
 * server (`src/server/domain/services.ts`).
 *
 * A service is `pending` when created or edited, then `approved` or `rejected` by an admin; an
 * approved service can be paused by its provider (`paused`), which hides it from searches.
 */
import { z } from "zod";
import type { Activity } from "./constants";
import { countWords } from "./memberRequests";
import { Msg } from "./messages";
import { SECTOR_CODES } from "./sectors";
import { dateSchema, emailSchema, phoneSchema, plainText, rowIdSchema, whatsappSchema } from "./validation";

/** Request and service types (spec part 2 §2: consultancy or training). */
export const CONSULTATION_TYPES = ["consultancy", "training"] as const;
export type ConsultationType = (typeof CONSULTATION_TYPES)[number];

/** The nine export services of the consultancy dialog (spec part 2 §2), in the spec's order. */
export const EXPORT_SERVICES = [
  "marketing_branding",
  "research_tools",
  "e_commerce",
  "negotiation_sales",
  "trade_contracts",
  "logistics",
  "incoterms_2020",
  "finance_payment",
  "ip_company_registration",
] as const;
export type ExportService = (typeof EXPORT_SERVICES)[number];

/** Session modes: in person, online (spec part 2 §3 `available_modes`, `in_person`, `online`). */
export const SESSION_MODES = ["in_person", "online"] as const;
export type SessionMode = (typeof SESSION_MODES)[number];

/** Review states of a service (the knowledge inbox's states). */
export const SERVICE_STATUSES = ["pending", "approved", "rejected"] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** Limits of a service's fields. */
export const SERVICE_LIMITS = {
  titleChars: 120,
  descriptionWords: 150,
  cityChars: 100,
  notesChars: 1000,
  /** Countries a service lists (the profile's limit). */
  countries: 20,
} as const;

/** What `mayPublishServices` reads of a profile. */
export interface PublisherProfile {
  activities: readonly Activity[];
  /** Field of activity main categories (profile.ts ActivitySelections). */
  mainCategories: readonly string[];
}

/**
 * Whether a member may publish services (issue #15 §1): their activities include Export Expert or
 * Export Service Provider, or their field of activity includes C (Consulting and Training). The
 * same members receive consultation requests that no service matched (tag `consultant`, ADR 17).
 */
export function mayPublishServices(p: PublisherProfile): boolean {
  return (
    p.activities.includes("export_expert") ||
    p.activities.includes("export_service_provider") ||
    p.mainCategories.includes("C")
  );
}

const countryCode = plainText().regex(/^[A-Z]{2}$/, Msg.invalidCountry);
const unique = <T>(xs: T[]) => [...new Set(xs)];

/**
 * A service's fields (spec part 2 §3 `consultation_services`; issue #15 §1), for `services.create`
 * and `services.update`: title, description (≤ 150 words), type, sectors, target countries,
 * export services (≥ 1), city and country, optional start and end dates (end ≥ start), modes
 * (≥ 1), contact e-mail (required), phone and WhatsApp (optional; spec part 1 §5 patterns).
 */
export const serviceFields = z
  .object({
    title: plainText().trim().min(1, Msg.titleRequired).max(SERVICE_LIMITS.titleChars, Msg.textTooLong),
    description: plainText()
      .trim()
      .min(1, Msg.serviceDescriptionRequired)
      .max(SERVICE_LIMITS.descriptionWords * 20, Msg.serviceDescriptionTooLong)
      .refine((t) => countWords(t) <= SERVICE_LIMITS.descriptionWords, Msg.serviceDescriptionTooLong),
    serviceType: z.enum(CONSULTATION_TYPES, Msg.serviceTypeRequired),
    sectors: z
      .array(z.enum(SECTOR_CODES, Msg.invalidSector))
      .max(SECTOR_CODES.length, Msg.tooManyItems)
      .transform(unique),
    countries: z.array(countryCode).max(SERVICE_LIMITS.countries, Msg.tooManyItems).transform(unique),
    exportServices: z
      .array(z.enum(EXPORT_SERVICES, Msg.exportServicesRequired))
      .min(1, Msg.exportServicesRequired)
      .max(EXPORT_SERVICES.length, Msg.tooManyItems)
      .transform(unique),
    city: plainText().trim().min(1, Msg.cityRequired).max(SERVICE_LIMITS.cityChars, Msg.textTooLong),
    country: countryCode,
    startDate: dateSchema.nullable(),
    endDate: dateSchema.nullable(),
    modes: z
      .array(z.enum(SESSION_MODES, Msg.modesRequired))
      .min(1, Msg.modesRequired)
      .max(SESSION_MODES.length, Msg.modesRequired)
      .transform(unique),
    contactEmail: emailSchema,
    contactPhone: z.union([z.literal("").transform(() => null), phoneSchema]).nullable(),
    contactWhatsapp: z.union([z.literal("").transform(() => null), whatsappSchema]).nullable(),
  })
  .refine((v) => v.startDate === null || v.endDate === null || v.startDate <= v.endDate, {
    message: Msg.dateOrder,
    path: ["endDate"],
  });
export type ServiceInput = z.input<typeof serviceFields>;
export type ServiceValues = z.output<typeof serviceFields>;

/** `services.update`: a service of mine and its new fields (it goes back to pending). */
export const serviceUpdateInput = z.object({ id: rowIdSchema, service: serviceFields });
/** `services.pause`, `services.resume`, `services.get`. */
export const serviceIdInput = z.object({ id: rowIdSchema });

/**
 * `services.review` (admins): approve, or reject with a note the provider reads
 * (`Msg.serviceRejectNoteRequired`); notes at most 1,000 characters.
 */
export const serviceReviewInput = z
  .object({
    id: rowIdSchema,
    decision: z.enum(["approved", "rejected"]),
    notes: plainText().trim().max(SERVICE_LIMITS.notesChars, Msg.notesTooLong).default(""),
  })
  .refine((v) => v.decision === "approved" || v.notes.length > 0, {
    message: Msg.serviceRejectNoteRequired,
    path: ["notes"],
  });

/** `services.reviewList` (admins): one status, newest first. */
export const serviceReviewListInput = z.object({ status: z.enum(SERVICE_STATUSES).default("pending") });

/**
 * The search of spec part 2 §7 call 2: approved, not paused services of `serviceType` whose
 * export services contain `exportService`, and whose sectors (countries) contain `sector`
 * (`country`) when one is given — a service listing no sector (country) serves every one
 * (ADR 17). The consultation request dialog sends its own fields.
 */
export const serviceFilterInput = z.object({
  serviceType: z.enum(CONSULTATION_TYPES, Msg.requestTypeSelect),
  exportService: z.enum(EXPORT_SERVICES, Msg.exportServiceSelect),
  sector: z.enum(SECTOR_CODES, Msg.invalidSector).nullable(),
  country: countryCode.nullable(),
});
export type ServiceFilter = z.output<typeof serviceFilterInput>;

/** A service as the filter sees it. */
export interface FilterableService {
  providerId: string;
  status: ServiceStatus;
  paused: boolean;
  serviceType: ConsultationType;
  sectors: readonly string[];
  countries: readonly string[];
  exportServices: readonly string[];
}

/**
 * In-memory twin of the SQL filter of `searchServices` (server domain/services.ts): the same
 * service passes both (unit-tested). `viewerId`'s own services never pass: a provider never
 * sees their own request's match.
 */
export function serviceMatches(s: FilterableService, f: ServiceFilter, viewerId: string | null): boolean {
  return (
    s.status === "approved" &&
    !s.paused &&
    s.providerId !== viewerId &&
    s.serviceType === f.serviceType &&
    s.exportServices.includes(f.exportService) &&
    (f.sector === null || s.sectors.length === 0 || s.sectors.includes(f.sector)) &&
    (f.country === null || s.countries.length === 0 || s.countries.includes(f.country))
  );
}
