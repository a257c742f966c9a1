/**
 * Boards, routing and member tags of service-area posts (docs/decisions/0016-service-area-posts.md,
 * "ADR 16"; issue #14). Pure: no Node, DOM or database imports, so the server's SQL predicate
 * (`boardPredicate`, src/server/domain/matching.ts), the live badge hub and the client share one
 * reading of the ADR's routing table.
 *
 * A post is routed by three text arrays written once, when it is created (`postRouting`):
 * `countries`, `sectors` and `reach`. A member is described by their countries, sectors and
 * tags (`memberTags`). Each board has a shape that says how the two meet (`BOARD_ROUTING`):
 *
 * | shape      | a post reaches member M when                                             |
 * | ---------- | ------------------------------------------------------------------------ |
 * | membership | target_country ∈ M.countries, or sector ∈ M.sectors, or request_type ∈ M.types (today's rule) |
 * | open       | countries ∩ M.countries, or sectors ∩ M.sectors, or reach ∩ M.tags        |
 * | gated      | reach ∩ M.tags, and (countries ∩ M.countries or sectors ∩ M.sectors)     |
 * | audience   | reach ∩ M.tags                                                           |
 */
import { z } from "zod";
import {
  type Activity,
  BOARDS,
  type Board,
  POST_AREAS,
  POST_VALIDITY_DAYS,
  POST_VALIDITY_DEFAULT_DAYS,
  type PostArea,
  type PostKind,
  type UserType,
} from "./constants";
import { EMPLOYMENT_TYPES } from "./help";
import {
  countWords,
  exportServicesRequestInput,
  hasContact,
  RECEIVED_PAGE_SIZE,
  responseFields,
  SERVICE_ACTIVITIES,
  type ServiceActivity,
  SUB_ACTIVITIES,
} from "./memberRequests";
import { Msg } from "./messages";
import { EXPERTISE_AREAS, SERVICE_GROUPS } from "./profile";
import { SECTOR_CODES } from "./sectors";
import {
  CONSULTATION_TYPES,
  type ConsultationType,
  EXPORT_SERVICES,
  type ExportService,
  mayPublishServices,
  SESSION_MODES,
  type SessionMode,
} from "./services";
import { dateSchema, plainText, productIdSchema, rowIdSchema, timestampSchema } from "./validation";

export { BOARDS, type Board, RECEIVED_PATHS } from "./constants";

/** The area and kind of a board (`"export_services.offer"` → export_services, offer). */
export function boardParts(board: Board): { area: PostArea; kind: PostKind } {
  const [area, kind] = board.split(".") as [PostArea, PostKind];
  return { area, kind };
}

/** The board of an area and kind, or null when there is none (e.g. membership offers). */
export function boardOf(area: PostArea, kind: PostKind): Board | null {
  const b = `${area}.${kind}`;
  return (BOARDS as readonly string[]).includes(b) ? (b as Board) : null;
}

/** How a board's posts meet a member (ADR 16 "One SQL predicate per board"; table above). */
export type BoardShape = "membership" | "open" | "gated" | "audience";

/** A member tag: see `memberTags`. */
export type MemberTag = string;

/**
 * The routing table of ADR 16, per board: its shape and the tags its posts' `reach` can hold
 * (exact tags, or prefixes ending in ":"). `canMatch` reads `reach` to answer "nothing can
 * match" without a query; `postRouting` writes only tags listed here (its tests check it).
 *
 * - membership.request: membership; routed by the scalar columns, `reach` empty.
 * - collaboration.*: open; `exports:<sector>` (distribution or agency with a product).
 * - export_services.request: gated; `provider` and `svc:B-n` of the activity type.
 * - export_services.offer: gated; `exporter`.
 * - information.*: open; no reach.
 * - recruitment.request (a person seeking a position): gated; `organization`.
 * - recruitment.offer (a position offered): audience; `talent:<expertise area>`.
 * - consultancy.request: audience; `member:<id>` of each provider of a matching approved service
 *   when it was posted, else `consultant` (ADR 17).
 */
export const BOARD_ROUTING: Record<Board, { shape: BoardShape; reach: readonly string[] }> = {
  "membership.request": { shape: "membership", reach: [] },
  "collaboration.request": { shape: "open", reach: ["exports:"] },
  "collaboration.offer": { shape: "open", reach: ["exports:"] },
  "export_services.request": { shape: "gated", reach: ["provider", "svc:"] },
  "export_services.offer": { shape: "gated", reach: ["exporter"] },
  "consultancy.request": { shape: "audience", reach: ["member:", "consultant"] },
  "information.request": { shape: "open", reach: [] },
  "information.offer": { shape: "open", reach: [] },
  "recruitment.request": { shape: "gated", reach: ["organization"] },
  "recruitment.offer": { shape: "audience", reach: ["talent:"] },
};

/** Whether `tag` can appear in the `reach` of `board`'s posts (exact tag or "prefix:"). */
export function reachableTag(board: Board, tag: string): boolean {
  return BOARD_ROUTING[board].reach.some((r) => (r.endsWith(":") ? tag.startsWith(r) : tag === r));
}

/** What `memberTags` reads of a profile (the `profiles` row's columns of the same meaning). */
export interface TagProfile {
  /** The member's id: a consultant is also tagged `member:<id>` (ADR 17). */
  userId?: string;
  /** The member's activities (constants.ts ACTIVITIES). */
  activities: readonly Activity[];
  userType: UserType;
  /** The profile's industrial sectors (codes of sectors.ts). */
  sectors: readonly string[];
  /** Expertise areas (profile.ts EXPERTISE_AREAS). */
  expertiseAreas: readonly string[];
  /** Field of activity (profile.ts ActivitySelections). */
  activitySelections: {
    mainCategories: readonly string[];
    details: Partial<Record<string, readonly string[] | undefined>>;
  };
}

/**
 * A member's tags (ADR 16; issue #14), which a post's `reach` is compared with:
 *
 * - `exporter`: the member's activities include `exporter`, or field of activity A (Export,
 *   "infrequent"/"regular") is one of their main categories: either way they export.
 * - `exports:<sector>`: one per profile sector, for an exporter only (what they export is
 *   read from their sectors; a non-exporter's sectors are what they serve or know).
 * - `provider`: the activities include `export_service_provider`. Field B alone does not make
 *   a provider: its details are tagged one group at a time, below.
 * - `svc:B-1`, `svc:B-2`, `svc:B-3`: field B (Service Provision) is a main category and at
 *   least one of its details belongs to that group (B-1 Marketing `b1_…`, B-2 Legal `b2_…`,
 *   B-3 Commercial `b3_…`; profile.ts SERVICE_GROUPS). Details of a category that is not
 *   selected do not count (the profile form prunes them: `pruneActivityDetails`).
 * - `organization`: the user type is organization.
 * - `talent:<area>`: an individual, once per expertise area (marketing, legal, commercial).
 *   An organization gets none: recruitment positions are offered to people.
 * - `consultant` and `member:<id>`: the member may publish consultancy and training services
 *   (`mayPublishServices`: Export Expert, Export Service Provider, or field C). A consultation
 *   request reaches the providers of its matching services by `member:<id>`, or every consultant
 *   when none matched (ADR 17).
 *
 * Field C's details and D (experience level) give no tag: nothing is routed by them. Tags come
 * out in this order, each once.
 */
export function memberTags(p: TagProfile): MemberTag[] {
  const tags: string[] = [];
  const main = p.activitySelections.mainCategories;
  const exporter = p.activities.includes("exporter") || main.includes("A");
  if (exporter) {
    tags.push("exporter");
    for (const s of p.sectors) tags.push(`exports:${s}`);
  }
  if (p.activities.includes("export_service_provider")) tags.push("provider");
  if (main.includes("B")) {
    const details = p.activitySelections.details.B ?? [];
    for (const g of SERVICE_GROUPS) if (details.some((d) => d.startsWith(g.prefix))) tags.push(`svc:${g.code}`);
  }
  if (p.userType === "organization") tags.push("organization");
  else
    for (const e of p.expertiseAreas) if ((EXPERTISE_AREAS as readonly string[]).includes(e)) tags.push(`talent:${e}`);
  if (mayPublishServices({ activities: p.activities, mainCategories: main })) {
    tags.push("consultant");
    if (p.userId) tags.push(`member:${p.userId}`);
  }
  return [...new Set(tags)];
}

/**
 * The field-B group whose providers serve an activity type of the export-services forms:
 * marketing → B-1, legal → B-2, commercial → B-3 (each form sub-activity lies in its type's
 * group, e.g. `arbitration` in legal and `b2_arbitration`).
 */
export const SERVICE_GROUP_OF_ACTIVITY: Record<ServiceActivity, (typeof SERVICE_GROUPS)[number]["code"]> = {
  marketing: "B-1",
  legal: "B-2",
  commercial: "B-3",
};

/** Collaboration kinds whose post reaches the exporters of its product's sector (ADR 16). */
export const PRODUCT_REACH_COLLABORATION_KINDS = ["distribution_agency"] as const;

/**
 * The already-validated form fields routing reads (ADR 16's table). Each board reads only its
 * own; the rest are ignored.
 */
export interface PostRoutingInput {
  /** Target countries, countries served, or the single country as `[c]` (none: `[]`). */
  countries?: readonly string[];
  /** The chosen sector as `[s]`, or sectors served (none: `[]`). */
  sectors?: readonly string[];
  /** export_services.request: the activity type (its sub-activity lies in the same group). */
  activityType?: ServiceActivity | null;
  /** collaboration.*: the collaboration kind (e.g. "distribution", "agency"). */
  collaborationKind?: string | null;
  /** The sector of the post's product, when it names one (copied by the writer). */
  productSector?: string | null;
  /** recruitment.offer: the expertise area of the position. */
  expertiseArea?: string | null;
  /** recruitment.request: the poster's profile sectors. */
  posterSectors?: readonly string[];
  /** consultancy.request: the providers of the approved services the request matched. */
  providerIds?: readonly string[];
}

/** The routing columns of a new post. */
export interface PostRouting {
  countries: string[];
  sectors: string[];
  reach: string[];
}

const uniq = (xs: readonly (string | null | undefined)[] | undefined): string[] => [
  ...new Set((xs ?? []).filter((x): x is string => !!x)),
];

/**
 * The `countries`, `sectors` and `reach` to store for a new post of `board` (ADR 16's table):
 *
 * - membership.request: all empty; it is routed by `target_country`, `sector`, `request_type`.
 * - collaboration.*: the target countries and the chosen sector; reach `exports:<product's
 *   sector>` when the kind is distribution or agency and a product is named, else none.
 * - export_services.request: `[country]` and `[sector]` (either may be empty); reach
 *   `provider` and `svc:B-n` of the activity type.
 * - export_services.offer: countries and sectors served; reach `exporter`.
 * - information.*: `[country]` and `[sector]`, or the product's sector when no sector is
 *   chosen; no reach.
 * - recruitment.request (seeking): the countries and the poster's profile sectors; reach
 *   `organization`.
 * - recruitment.offer (position): the countries (stored for display; the audience shape
 *   does not route by them), no sectors; reach `talent:<expertise area>`.
 * - consultancy.request: `[target country]` and `[sector]` (display only); reach `member:<id>`
 *   of each matched provider, else `consultant` (ADR 17).
 */
export function postRouting(board: Board, input: PostRoutingInput): PostRouting {
  const countries = uniq(input.countries);
  const sectors = uniq(input.sectors);
  switch (board) {
    case "membership.request":
      return { countries: [], sectors: [], reach: [] };
    case "collaboration.request":
    case "collaboration.offer": {
      const kind = input.collaborationKind ?? "";
      const withProduct =
        (PRODUCT_REACH_COLLABORATION_KINDS as readonly string[]).includes(kind) && !!input.productSector;
      return { countries, sectors, reach: withProduct ? [`exports:${input.productSector}`] : [] };
    }
    case "export_services.request":
      return {
        countries,
        sectors,
        reach: input.activityType ? ["provider", `svc:${SERVICE_GROUP_OF_ACTIVITY[input.activityType]}`] : ["provider"],
      };
    case "export_services.offer":
      return { countries, sectors, reach: ["exporter"] };
    case "information.request":
    case "information.offer":
      return { countries, sectors: sectors.length ? sectors : uniq([input.productSector]), reach: [] };
    case "recruitment.request":
      return { countries, sectors: uniq(input.posterSectors), reach: ["organization"] };
    case "recruitment.offer":
      return { countries, sectors: [], reach: input.expertiseArea ? [`talent:${input.expertiseArea}`] : [] };
    case "consultancy.request": {
      const providers = uniq(input.providerIds);
      return { countries, sectors, reach: providers.length ? providers.map((id) => `member:${id}`) : ["consultant"] };
    }
  }
}

/** What matching knows of the viewing member (the server's `BoardMatchProfile`). */
export interface PostMatchProfile {
  userId: string;
  countries: readonly string[];
  sectors: readonly string[];
  /** Request types the member receives by type (memberRequests.ts `requestTypesFor`). */
  types: readonly string[];
  /** `memberTags` of the member. */
  tags: readonly string[];
}

/** The columns of a post that matching reads. */
export interface MatchablePost {
  userId: string;
  targetCountry: string | null;
  sector: string | null;
  requestType: string | null;
  countries: readonly string[];
  sectors: readonly string[];
  reach: readonly string[];
}

/**
 * False when no post of `board` can reach `p`, so its list is answered empty without a query
 * (ADR 16; replaces `matchesNothing` for the membership board). Never false for a member some
 * post written by `postRouting` could reach.
 */
export function canMatch(board: Board, p: PostMatchProfile): boolean {
  const place = p.countries.length > 0 || p.sectors.length > 0;
  const tagged = p.tags.some((t) => reachableTag(board, t));
  switch (BOARD_ROUTING[board].shape) {
    case "membership":
      return place || p.types.length > 0;
    case "open":
      return place || tagged;
    case "gated":
      return tagged && place;
    case "audience":
      return tagged;
  }
}

const meets = (a: readonly string[], b: readonly string[]) => a.some((x) => b.includes(x));

/**
 * In-memory twin of `boardPredicate(board, …)` (src/server/domain/matching.ts) for one post of
 * `board` (ADR 16; issue #14): the post is given active and unexpired, and neither archived
 * nor answered by `p` (the SQL's exclusions); one's own post never matches.
 */
export function postMatches(board: Board, p: PostMatchProfile, post: MatchablePost): boolean {
  if (post.userId === p.userId) return false;
  const place = meets(post.countries, p.countries) || meets(post.sectors, p.sectors);
  const reached = meets(post.reach, p.tags);
  switch (BOARD_ROUTING[board].shape) {
    case "membership":
      return (
        (post.targetCountry !== null && p.countries.includes(post.targetCountry)) ||
        (post.sector !== null && p.sectors.includes(post.sector)) ||
        (post.requestType !== null && p.types.includes(post.requestType))
      );
    case "open":
      return place || reached;
    case "gated":
      return reached && place;
    case "audience":
      return reached;
  }
}

// ---------------------------------------------------------------------------------------------
// The forms (issue #14; ADR 16 "tRPC keys, files and routes"): one zod schema per form, shared by
// the client form (`validateWith`) and `posts.create`. A form is named by its board.
// ---------------------------------------------------------------------------------------------

/** The boards members post to through `posts.create` (membership requests have their own forms). */
export const POST_FORMS = BOARDS.filter((b) => b !== "membership.request") as Exclude<Board, "membership.request">[];
export type PostForm = (typeof POST_FORMS)[number];

/** Collaboration kinds (issue #14). `distribution_agency` also reaches the product sector's exporters. */
export const COLLABORATION_KINDS = [
  "joint_export",
  "co_marketing",
  "joint_sourcing",
  "distribution_agency",
  "joint_venture",
  "investment",
] as const;
export type CollaborationKind = (typeof COLLABORATION_KINDS)[number];

/** How an export service is delivered (issue #14). */
export const DELIVERY_MODES = ["remote", "on_site"] as const;
/** Currencies of an indicative price (ISO 4217; the client names them with `Intl.DisplayNames`). */
export const CURRENCIES = ["USD", "EUR", "GBP", "AED", "CNY", "TRY", "RUB", "INR", "IRR"] as const;
/** Kinds of information asked for or offered (issue #14). */
export const INFORMATION_KINDS = [
  "market_report",
  "regulations",
  "forms_templates",
  "statistics",
  "buyer_supplier_lists",
  "price_information",
  "other",
] as const;
/** Where a position is worked (issue #14). */
export const WORKPLACES = ["remote", "on_site"] as const;
/** Languages a seeker speaks or a position needs (ISO 639-1; named with `Intl.DisplayNames`). */
export const LANGUAGES = ["en", "fa", "ar", "fr", "de", "es", "it", "ru", "tr", "zh", "hi", "ur", "ja", "ko"] as const;

/** Word limits of the descriptions (issue #14: each form states its limit and shows a counter). */
export const POST_WORD_LIMITS = { description: 150, bring: 60, seek: 60, consultancy: 60 } as const;
/** At most this many countries on one post (keeps the `post.created` NOTIFY small; ADR 16). */
export const POST_MAX_COUNTRIES = 20;
/** Years of experience a recruitment post may state. */
export const YEARS_MAX = 50;
/** Characters of a position's city. */
export const CITY_MAX_CHARS = 100;

const words = (max: number, required: string, tooLong: string) =>
  plainText()
    .trim()
    .min(1, required)
    .max(max * 20, tooLong)
    .refine((t) => countWords(t) <= max, tooLong);

const postDescription = words(POST_WORD_LIMITS.description, Msg.postDescriptionRequired, Msg.postDescriptionTooLong);
const countryCode = plainText().regex(/^[A-Z]{2}$/, Msg.invalidCountry);
const countryList = (min: 0 | 1) =>
  z
    .array(countryCode)
    .max(POST_MAX_COUNTRIES, Msg.tooManyItems)
    .refine((c) => c.length >= min, Msg.countriesRequired)
    .transform((c) => [...new Set(c)]);
const sectorList = z
  .array(z.enum(SECTOR_CODES, Msg.invalidSector))
  .max(SECTOR_CODES.length, Msg.tooManyItems)
  .transform((c) => [...new Set(c)]);
const validityDays = z
  .union(
    POST_VALIDITY_DAYS.map((d) => z.literal(d)),
    Msg.validityRequired,
  )
  .default(POST_VALIDITY_DEFAULT_DAYS);
const price = z.number(Msg.invalidPrice).nonnegative(Msg.invalidPrice).max(1e12, Msg.invalidPrice).nullable();

const collaboration = <F extends "collaboration.request" | "collaboration.offer">(form: F) =>
  z.object({
    form: z.literal(form),
    validityDays,
    collaborationKind: z.enum(COLLABORATION_KINDS, Msg.collaborationKindRequired),
    sector: z.enum(SECTOR_CODES, Msg.sectorRequired),
    productId: productIdSchema.nullable(),
    countries: countryList(1),
    bring: words(POST_WORD_LIMITS.bring, Msg.bringRequired, Msg.bringTooLong),
    seek: words(POST_WORD_LIMITS.seek, Msg.seekRequired, Msg.seekTooLong),
    description: postDescription,
  });

const information = <F extends "information.request" | "information.offer">(form: F) =>
  z
    .object({
      form: z.literal(form),
      validityDays,
      informationKind: z.enum(INFORMATION_KINDS, Msg.informationKindRequired),
      countryCode: countryCode.nullable(),
      sector: z.enum(SECTOR_CODES, Msg.invalidSector).nullable(),
      productId: productIdSchema.nullable(),
      description: postDescription,
      /** information.offer only: an uploaded document (purpose `post_attachment`). */
      attachmentUploadId:
        form === "information.offer" ? z.uuid(Msg.uploadInvalidFile).nullable().default(null) : z.null().default(null),
    })
    .refine((v) => v.countryCode !== null || v.sector !== null || v.productId !== null, {
      message: Msg.informationTopicRequired,
      path: ["countryCode"],
    });

const recruitmentBase = {
  validityDays,
  expertiseArea: z.enum(EXPERTISE_AREAS, Msg.expertiseAreaRequired),
  employmentType: z.enum(EMPLOYMENT_TYPES, Msg.employmentTypeRequired),
  years: z.number(Msg.invalidYears).int(Msg.invalidYears).min(0, Msg.invalidYears).max(YEARS_MAX, Msg.invalidYears),
  countries: countryList(1),
  languages: z
    .array(z.enum(LANGUAGES, Msg.languagesRequired))
    .min(1, Msg.languagesRequired)
    .max(LANGUAGES.length, Msg.tooManyItems)
    .transform((c) => [...new Set(c)]),
  description: postDescription,
};

/**
 * One schema per form, discriminated by `form` (the board it posts to). Descriptions count words
 * (`countWords`): 150 on the new forms, 60 each for bring and seek, 30 on the export-services
 * request form as before (`exportServicesRequestInput`). `validityDays` is one of
 * POST_VALIDITY_DAYS, 30 by default.
 */
export const postFormSchemas = {
  "collaboration.request": collaboration("collaboration.request"),
  "collaboration.offer": collaboration("collaboration.offer"),
  "export_services.request": exportServicesRequestInput.extend({
    form: z.literal("export_services.request"),
    validityDays,
  }),
  "export_services.offer": z
    .object({
      form: z.literal("export_services.offer"),
      validityDays,
      activityType: z.enum(SERVICE_ACTIVITIES, Msg.activityTypeRequired),
      subActivity: plainText().min(1, Msg.selectSubActivity),
      sectors: sectorList,
      countries: countryList(0),
      delivery: z
        .array(z.enum(DELIVERY_MODES, Msg.deliveryRequired))
        .min(1, Msg.deliveryRequired)
        .max(DELIVERY_MODES.length, Msg.deliveryRequired)
        .transform((c) => [...new Set(c)]),
      priceMin: price,
      priceMax: price,
      currency: z.enum(CURRENCIES, Msg.currencyRequired).nullable(),
      description: postDescription,
    })
    .refine((v) => SUB_ACTIVITIES[v.activityType].includes(v.subActivity), {
      message: Msg.selectSubActivity,
      path: ["subActivity"],
    })
    .refine((v) => v.sectors.length > 0 || v.countries.length > 0, { message: Msg.servedRequired, path: ["sectors"] })
    .refine((v) => v.priceMin === null || v.priceMax === null || v.priceMin <= v.priceMax, {
      message: Msg.priceOrder,
      path: ["priceMax"],
    })
    .refine((v) => (v.priceMin === null && v.priceMax === null) || v.currency !== null, {
      message: Msg.currencyRequired,
      path: ["currency"],
    }),
  "information.request": information("information.request"),
  "information.offer": information("information.offer"),
  "recruitment.request": z.object({ form: z.literal("recruitment.request"), ...recruitmentBase }),
  "consultancy.request": z
    .object({
      form: z.literal("consultancy.request"),
      validityDays,
      requestType: z.enum(CONSULTATION_TYPES, Msg.requestTypeSelect),
      exportService: z.enum(EXPORT_SERVICES, Msg.exportServiceSelect),
      inPerson: z.boolean(),
      online: z.boolean(),
      city: plainText().trim().max(CITY_MAX_CHARS, Msg.textTooLong),
      country: countryCode.nullable(),
      sector: z.enum(SECTOR_CODES, Msg.invalidSector).nullable(),
      targetCountry: countryCode.nullable(),
      startDate: dateSchema.nullable(),
      finishDate: dateSchema.nullable(),
      description: plainText()
        .trim()
        .max(POST_WORD_LIMITS.consultancy * 20, Msg.postDescriptionTooLong60)
        .refine((t) => countWords(t) <= POST_WORD_LIMITS.consultancy, Msg.postDescriptionTooLong60)
        .default(""),
    })
    .refine((v) => v.inPerson || v.online, { message: Msg.sessionModeSelect, path: ["inPerson"] })
    .refine((v) => v.city.length > 0 && v.country !== null, { message: Msg.locationRequired, path: ["city"] })
    .refine((v) => v.startDate === null || v.finishDate === null || v.startDate <= v.finishDate, {
      message: Msg.dateOrder,
      path: ["finishDate"],
    }),
  "recruitment.offer": z.object({
    form: z.literal("recruitment.offer"),
    ...recruitmentBase,
    city: plainText().trim().max(CITY_MAX_CHARS, Msg.textTooLong).default(""),
    workplace: z.enum(WORKPLACES, Msg.workplaceRequired),
  }),
} as const;

/** `posts.create`'s input: any form's fields, with `form` naming the board. */
export const postInput = z.discriminatedUnion("form", [
  postFormSchemas["collaboration.request"],
  postFormSchemas["collaboration.offer"],
  postFormSchemas["export_services.request"],
  postFormSchemas["export_services.offer"],
  postFormSchemas["consultancy.request"],
  postFormSchemas["information.request"],
  postFormSchemas["information.offer"],
  postFormSchemas["recruitment.request"],
  postFormSchemas["recruitment.offer"],
]);
export type PostInput = z.input<typeof postInput>;
export type PostValues = z.output<typeof postInput>;
export type PostFormValues<F extends PostForm> = z.output<(typeof postFormSchemas)[F]>;

/**
 * The display-only fields a form stores in `posts.details` (ADR 16 "Columns or details"), by
 * board; the engine never reads them.
 */
export interface PostDetails {
  collaborationKind?: CollaborationKind;
  bring?: string;
  seek?: string;
  delivery?: (typeof DELIVERY_MODES)[number][];
  priceMin?: number | null;
  priceMax?: number | null;
  currency?: (typeof CURRENCIES)[number] | null;
  informationKind?: (typeof INFORMATION_KINDS)[number];
  expertiseArea?: (typeof EXPERTISE_AREAS)[number];
  employmentType?: (typeof EMPLOYMENT_TYPES)[number];
  years?: number;
  languages?: (typeof LANGUAGES)[number][];
  city?: string;
  workplace?: (typeof WORKPLACES)[number];
  /** consultancy.request (spec part 2 §3 consultation_requests). */
  requestType?: ConsultationType;
  exportService?: ExportService;
  modes?: SessionMode[];
  country?: string;
  startDate?: string | null;
  finishDate?: string | null;
}

/** A board as an input (`posts.received`, the dashboard's buttons). */
export const boardSchema = z.enum(BOARDS);

/** Cursor of a received list: the last card's (createdAt, id), and on information boards its expert flag. */
export const postCursorSchema = z.object({
  createdAt: timestampSchema,
  id: rowIdSchema,
  expert: z.boolean().optional(),
});

/** `posts.received`: one board's page. */
export const receivedPostsInput = z.object({
  board: boardSchema,
  cursor: postCursorSchema.nullish(),
  limit: z.number().int().min(1).max(50).default(RECEIVED_PAGE_SIZE),
});

/** `posts.mine`: my posts, newest first, optionally of one area. */
export const myPostsInput = z.object({
  area: z.enum(POST_AREAS).nullish(),
  cursor: z.object({ createdAt: timestampSchema, id: rowIdSchema }).nullish(),
  limit: z.number().int().min(1).max(50).default(RECEIVED_PAGE_SIZE),
});

/**
 * `posts.respond`: the Respond dialog's fields (memberRequests' `respondInput`) for a post; on a
 * consultation request also a proposed date and session mode, both optional (issue #15 §3).
 */
export const respondPostInput = z
  .object({
    postId: rowIdSchema,
    board: boardSchema.optional(),
    ...responseFields,
    proposedDate: dateSchema.nullable().default(null),
    proposedMode: z.enum(SESSION_MODES, Msg.proposedModeNotAsked).nullable().default(null),
  })
  .refine(...hasContact);

/** `posts.close`. */
export const postIdInput = z.object({ postId: rowIdSchema });

/**
 * `posts.ignore`. `board` (and `posts.respond`'s) is the board of the page the member acts on:
 * a post of another board is NOT_FOUND, and the membership board answers with the member-request
 * texts ('This request is no longer available.').
 */
export const ignorePostInput = z.object({ postId: rowIdSchema, board: boardSchema.optional() });
