/**
 * The Send pages' form state (issue #14; ADR 16): one flat set of fields covering every post form
 * (each form shows and sends only its own, `postInputOf`), their start values, the order of the
 * first-error toast, and the checks the schema's object refinements only make once everything
 * else is valid (so every problem shows at once).
 */
import { POST_VALIDITY_DEFAULT_DAYS } from "../../../../common/constants";
import type { ServiceActivity } from "../../../../common/memberRequests";
import { Msg } from "../../../../common/messages";
import type { PostForm, PostInput } from "../../../../common/posts";
import { translateServerText } from "../../../i18n/serverMessages";
import type { FormRules } from "../../../lib/form";
import type { Uploaded } from "../../../lib/upload";
import type { ValidityDays } from "./fields";

/** The forms `PostFormPage` builds (the export-services request has its own page). */
export type NewPostForm = Exclude<PostForm, "export_services.request" | "consultancy.request">;

/** Every field of every post form, as the inputs hold them ("" for an empty number). */
export interface PostFormState {
  validityDays: ValidityDays;
  collaborationKind: string | null;
  sector: string | null;
  productId: number | null;
  countries: string[];
  bring: string;
  seek: string;
  description: string;
  activityType: ServiceActivity | null;
  subActivity: string;
  sectors: string[];
  delivery: string[];
  priceMin: number | "";
  priceMax: number | "";
  currency: string | null;
  informationKind: string | null;
  countryCode: string | null;
  attachment: Uploaded | null;
  expertiseArea: string | null;
  employmentType: string | null;
  years: number | "";
  languages: string[];
  city: string;
  workplace: string | null;
}

/** An empty form (validity 30 days). */
export function emptyPostForm(): PostFormState {
  return {
    validityDays: POST_VALIDITY_DEFAULT_DAYS,
    collaborationKind: null,
    sector: null,
    productId: null,
    countries: [],
    bring: "",
    seek: "",
    description: "",
    activityType: null,
    subActivity: "",
    sectors: [],
    delivery: [],
    priceMin: "",
    priceMax: "",
    currency: null,
    informationKind: null,
    countryCode: null,
    attachment: null,
    expertiseArea: null,
    employmentType: null,
    years: "",
    languages: [],
    city: "",
    workplace: null,
  };
}

const num = (v: number | "") => (v === "" ? null : v);

/**
 * `posts.create`'s input for `form` from the state: only that form's fields, texts trimmed, empty
 * numbers as null (an empty "years" as undefined, so the schema names it). Unchecked: the schema
 * (client `validateWith`, then the server) checks it.
 */
export function postInputOf(form: NewPostForm, v: PostFormState): PostInput {
  const base = { validityDays: v.validityDays, description: v.description.trim() };
  switch (form) {
    case "collaboration.request":
    case "collaboration.offer":
      return {
        form,
        ...base,
        collaborationKind: v.collaborationKind,
        sector: v.sector,
        productId: v.productId,
        countries: v.countries,
        bring: v.bring.trim(),
        seek: v.seek.trim(),
      } as PostInput;
    case "export_services.offer":
      return {
        form,
        ...base,
        activityType: v.activityType,
        subActivity: v.subActivity,
        sectors: v.sectors,
        countries: v.countries,
        delivery: v.delivery,
        priceMin: num(v.priceMin),
        priceMax: num(v.priceMax),
        currency: v.currency,
      } as PostInput;
    case "information.request":
    case "information.offer":
      return {
        form,
        ...base,
        informationKind: v.informationKind,
        countryCode: v.countryCode,
        sector: v.sector,
        productId: v.productId,
        attachmentUploadId: form === "information.offer" ? (v.attachment?.id ?? null) : null,
      } as PostInput;
    case "recruitment.request":
    case "recruitment.offer":
      return {
        form,
        ...base,
        expertiseArea: v.expertiseArea,
        employmentType: v.employmentType,
        years: v.years === "" ? undefined : v.years,
        countries: v.countries,
        languages: v.languages,
        ...(form === "recruitment.offer" ? { city: v.city.trim(), workplace: v.workplace } : {}),
      } as PostInput;
  }
}

/** The fields of each form in page order: the first-error toast names the first of them. */
export const FIELD_ORDER: Record<NewPostForm, (keyof PostFormState)[]> = {
  "collaboration.request": ["collaborationKind", "sector", "productId", "countries", "bring", "seek", "description"],
  "collaboration.offer": ["collaborationKind", "sector", "productId", "countries", "bring", "seek", "description"],
  "export_services.offer": [
    "activityType",
    "subActivity",
    "sectors",
    "countries",
    "delivery",
    "priceMin",
    "priceMax",
    "currency",
    "description",
  ],
  "information.request": ["informationKind", "countryCode", "sector", "productId", "description"],
  "information.offer": ["informationKind", "countryCode", "sector", "productId", "description", "attachment"],
  "recruitment.request": ["expertiseArea", "employmentType", "years", "countries", "languages", "description"],
  "recruitment.offer": [
    "expertiseArea",
    "employmentType",
    "years",
    "countries",
    "languages",
    "city",
    "workplace",
    "description",
  ],
};

/**
 * The schema's object refinements, checked at once with the other fields: information's "a
 * country, a sector or a product"; the export-services offer's "a sector or a country served",
 * its price order and "a currency with a price" (no sub-activity error before an activity type).
 */
export function postFormRules(form: NewPostForm): FormRules<PostFormState> {
  return (v) => {
    const out: Record<string, string | undefined> = {};
    if (form === "information.request" || form === "information.offer") {
      if (v.countryCode === null && v.sector === null && v.productId === null)
        out.countryCode = translateServerText(Msg.informationTopicRequired);
    }
    if (form === "export_services.offer") {
      if (!v.activityType) out.subActivity = undefined;
      if (v.sectors.length === 0 && v.countries.length === 0) out.sectors = translateServerText(Msg.servedRequired);
      if (v.priceMin !== "" && v.priceMax !== "" && v.priceMin > v.priceMax)
        out.priceMax = translateServerText(Msg.priceOrder);
      if ((v.priceMin !== "" || v.priceMax !== "") && v.currency === null)
        out.currency = translateServerText(Msg.currencyRequired);
    }
    return out;
  };
}
