/**
 * Translated labels of stored codes (activities, user types, approval states).
 */

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Activity, ApprovalStatus, UserType } from "../../common/constants";
import type {
  ACTIVITY_CATEGORIES,
  ActivityCategory,
  EXPERIENCE_OPTIONS,
  ExpertiseArea,
  SERVICE_GROUPS,
} from "../../common/profile";

export const ACTIVITY_LABELS: Record<Activity, MessageDescriptor> = {
  exporter: msg`Exporter`,
  export_expert: msg`Export Expert`,
  export_service_provider: msg`Export Service Provider`,
};

export const USER_TYPE_LABELS: Record<UserType, MessageDescriptor> = {
  individual: msg`Individual`,
  organization: msg`Organization`,
};

export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
};

/** Tier names for filters; the coloured badge is `TierBadge`. */
export const TIER_LABELS: Record<import("../../common/constants").Tier, MessageDescriptor> = {
  turquoise: msg`Turquoise`,
  silver: msg`Silver`,
  gold: msg`Gold`,
};

/** Account roles as the member administration filters them. */
export const MEMBER_ROLE_LABELS: Record<"admin" | "member", MessageDescriptor> = {
  admin: msg`Admin`,
  member: msg`Member`,
};

/** An account's state in the member administration: its approval state, or suspended. */
export const ACCOUNT_STATUS_LABELS: Record<ApprovalStatus | "suspended", MessageDescriptor> = {
  ...APPROVAL_STATUS_LABELS,
  suspended: msg`Suspended`,
};

// ---------------------------------------------------------------------------------------------
// Profile Settings (spec part 2 §2, §3, §5): expertise, experience, field of activity, completion.

/** Expertise areas (spec part 2 §3). */
export const EXPERTISE_AREA_LABELS: Record<ExpertiseArea, MessageDescriptor> = {
  marketing: msg`Marketing`,
  legal: msg`Legal`,
  commercial: msg`Commercial`,
};

/** Years of export experience options; 6 reads "6-10 years" (spec part 2 §3). */
export const EXPERIENCE_LABELS: Record<(typeof EXPERIENCE_OPTIONS)[number], MessageDescriptor> = {
  0: msg`No experience`,
  1: msg`1 year`,
  2: msg`2 years`,
  3: msg`3 years`,
  4: msg`4 years`,
  5: msg`5 years`,
  6: msg`6-10 years`,
  10: msg`10+ years`,
  15: msg`15+ years`,
  20: msg`20+ years`,
};

/** Field of activity main categories A–D (spec part 2 §3). */
export const ACTIVITY_CATEGORY_LABELS: Record<ActivityCategory, MessageDescriptor> = {
  A: msg`Exporting`,
  B: msg`Service Provision`,
  C: msg`Consulting and Training`,
  D: msg`Specialist`,
};

/** Sub-groups of B, Service Provision (spec part 2 §3). */
export const SERVICE_GROUP_LABELS: Record<(typeof SERVICE_GROUPS)[number]["code"], MessageDescriptor> = {
  "B-1": msg`Marketing`,
  "B-2": msg`Legal`,
  "B-3": msg`Commercial`,
};

type ActivityDetailCode<C extends ActivityCategory> = (typeof ACTIVITY_CATEGORIES)[C]["details"][number];

/** The detail choices of every main category; a code missing here is a compile error. */
export const ACTIVITY_DETAIL_LABELS: { [C in ActivityCategory]: Record<ActivityDetailCode<C>, MessageDescriptor> } = {
  A: { infrequent: msg`Infrequent`, regular: msg`Regular` },
  B: {
    b1_intermediaries: msg`Intermediaries (Broker, EMC, ETC, FTC, Merchant)`,
    b1_market_research: msg`Market Research and Marketing Plan`,
    b1_brand_registration: msg`Brand Registration`,
    b1_trade_fairs: msg`Trade Missions and Trade Fairs and Events`,
    b1_digital_marketing: msg`Digital Marketing and e-commerce`,
    b1_travel_translation: msg`Travel and Translation`,
    b1_negotiation_advertising: msg`Negotiation and advertisement`,
    b2_contracts: msg`Contract`,
    b2_ip_registration: msg`IP Registration`,
    b2_company_registration: msg`Company Registration`,
    b2_arbitration: msg`Arbitration`,
    b2_trade_compliance: msg`Trade Compliance`,
    b3_finance_payment: msg`Finance and Payment`,
    b3_logistics: msg`Logistics and Transportation`,
    b3_freight_customs: msg`Freight Forwarding and Customs Clearance`,
    b3_insurance: msg`Insurance`,
    b3_packaging_labelling: msg`Packaging and Labelling`,
    b3_inspection_certification: msg`Inspection and Certification`,
  },
  C: { marketing: msg`Marketing`, legal: msg`Legal`, commercial: msg`Commercial` },
  D: { beginner: msg`Beginner`, expert: msg`Expert`, manager: msg`Manager level` },
};

/** The label of a detail code of `category`; the code itself when unknown (old data). */
export function activityDetailLabel(category: ActivityCategory, code: string): MessageDescriptor | string {
  return (ACTIVITY_DETAIL_LABELS[category] as Record<string, MessageDescriptor>)[code] ?? code;
}

/** The 13 items of the profile-completion percentage, by the keys `profileCompletion` returns. */
export const COMPLETION_ITEM_LABELS: Record<string, MessageDescriptor> = {
  name: msg`Full name`,
  email: msg`Email`,
  photo: msg`Profile photo`,
  mobile: msg`Mobile`,
  postalAddress: msg`Postal address`,
  linkedin: msg`LinkedIn profile`,
  expertise: msg`Expertise area`,
  experience: msg`Years of export experience`,
  certificates: msg`Certificates and appraisals`,
  sectors: msg`Industrial sectors`,
  countries: msg`Target countries`,
  activity: msg`Field of activity`,
  attachment: msg`Attachment`,
};

// ---------------------------------------------------------------------------------------------
// Member requests and offers (spec part 2 §3 fixed lists; English texts exactly as the spec).

/** Member request types (spec part 2 §3). */
export const REQUEST_TYPE_LABELS: Record<import("../../common/memberRequests").RequestType, MessageDescriptor> = {
  co_marketing: msg`Co-marketing`,
  commercial_assistance: msg`Commercial Assistance`,
  product_sourcing: msg`Product Sourcing`,
  knowledge_sharing: msg`Knowledge-sharing`,
};

/** Request urgency (spec part 2 §3). */
export const URGENCY_LABELS: Record<import("../../common/memberRequests").Urgency, MessageDescriptor> = {
  normal: msg`Normal`,
  urgent: msg`Urgent`,
};

/** Activity types of the send and export-services request forms. */
export const SERVICE_ACTIVITY_LABELS: Record<import("../../common/memberRequests").ServiceActivity, MessageDescriptor> =
  {
    marketing: msg`Marketing`,
    legal: msg`Legal`,
    commercial: msg`Commercial`,
  };

/** Sub-activities as the send form lists them (spec part 2 §3); `arbitration` is export-services only. */
export const SUB_ACTIVITY_LABELS: Record<string, MessageDescriptor> = {
  intermediaries: msg`Intermediaries`,
  market_research: msg`Market Research and Marketing Plan`,
  brand_registration: msg`Brand Registration`,
  trade_fairs: msg`Trade Missions and Trade Fairs and Events`,
  digital_marketing: msg`Digital Marketing and e-commerce`,
  travel_translation: msg`Travel and Translation`,
  negotiation_advertising: msg`Negotiation and advertisement`,
  contract: msg`Contract`,
  ip_registration: msg`IP Registration`,
  company_registration: msg`Company Registration`,
  arbitration: msg`Arbitration`,
  finance_payment: msg`Finance and Payment`,
  logistics: msg`Logistics and Transportation`,
  freight_customs: msg`Freight Forwarding and Customs Clearance`,
};

/** The export-services form's wording: the intermediaries entry is the long one (spec part 2 §3). */
export const EXPORT_SERVICES_SUB_ACTIVITY_LABELS: Record<string, MessageDescriptor> = {
  ...SUB_ACTIVITY_LABELS,
  intermediaries: msg`Intermediaries (Broker, EMC, ETC, FTC, Merchant)`,
};

/** The label of a sub-activity code; the code itself when unknown (old data). */
export function subActivityLabel(code: string, form: "send" | "exportServices" = "send"): MessageDescriptor | string {
  return (form === "exportServices" ? EXPORT_SERVICES_SUB_ACTIVITY_LABELS : SUB_ACTIVITY_LABELS)[code] ?? code;
}

// ---------------------------------------------------------------------------------------------
// Help requests and Q&A (spec part 2 §3 fixed lists: help types, product categories, employment
// types, service types, urgency for help; Q&A subsections).

/** The six help types (spec part 2 §3), as the Request Help cards name them. */
export const HELP_TYPE_LABELS: Record<import("../../common/help").HelpType, MessageDescriptor> = {
  country_knowledge: msg`Country knowledge`,
  product_experience: msg`Product experience`,
  hire_expert: msg`Hire an expert`,
  trade_services: msg`Trade services`,
  documents: msg`Documents`,
  collaboration: msg`Collaboration`,
};

/** The 16 product categories of the knowledge and help forms. */
export const PRODUCT_CATEGORY_LABELS: Record<import("../../common/knowledge").ProductCategory, MessageDescriptor> = {
  dried_fruits_nuts: msg`Dried fruits and nuts`,
  fresh_produce: msg`Fresh fruits and vegetables`,
  saffron_spices: msg`Saffron and spices`,
  processed_food: msg`Processed food`,
  carpets_handicrafts: msg`Carpets and handicrafts`,
  textiles_apparel: msg`Textiles and apparel`,
  petrochemicals: msg`Petrochemicals`,
  chemicals: msg`Chemicals`,
  steel_metals: msg`Steel and metals`,
  minerals_stone: msg`Minerals and stone`,
  construction_materials: msg`Construction materials`,
  pharma_medical: msg`Pharmaceuticals and medical supplies`,
  home_appliances: msg`Home appliances`,
  machinery_tools: msg`Machinery and tools`,
  auto_parts: msg`Auto parts`,
  technical_services: msg`Technical and engineering services`,
};

/** Employment types of a Hire an expert request (spec part 2 §3). */
export const EMPLOYMENT_TYPE_LABELS: Record<
  typeof import("../../common/help").EMPLOYMENT_TYPES[number],
  MessageDescriptor
> = {
  temporary: msg`Temporary`,
  full_time: msg`Full-time`,
};

/** Service types of a Trade services request (spec part 2 §3). */
export const HELP_SERVICE_TYPE_LABELS: Record<
  typeof import("../../common/help").SERVICE_TYPES[number],
  MessageDescriptor
> = {
  marketing: msg`Marketing`,
  legal: msg`Legal`,
  commercial: msg`Commercial`,
};

/** Urgency of a help request: low, medium (the default), high (spec part 2 §3, §9). */
export const HELP_URGENCY_LABELS: Record<typeof import("../../common/help").HELP_URGENCIES[number], MessageDescriptor> =
  {
    low: msg`Low`,
    medium: msg`Medium`,
    high: msg`High`,
  };

/** The two Q&A subsections (spec part 2 §2 Q&A tabs). */
export const QA_SUBSECTION_LABELS: Record<typeof import("../../common/qa").QA_SUBSECTIONS[number], MessageDescriptor> =
  {
    export_related: msg`Export Related`,
    club_related: msg`Club Related`,
  };

// ---------------------------------------------------------------------------------------------
// Knowledge sharing and the admin inbox (spec part 2 §2 Share Knowledge, §3 shared_knowledge).

/** The four kinds of shared knowledge, as the Share Knowledge type buttons name them. */
export const SHARE_TYPE_LABELS: Record<import("../../common/knowledge").ShareType, MessageDescriptor> = {
  country: msg`Country knowledge`,
  regulations: msg`Export regulations`,
  documents: msg`Forms and documents`,
  experience: msg`Event experience`,
};

/** The 12 event types of an event-experience submission. */
export const EVENT_TYPE_LABELS: Record<typeof import("../../common/knowledge").EVENT_TYPES[number], MessageDescriptor> =
  {
    trade_fair: msg`Trade fair or exhibition`,
    trade_mission: msg`Trade mission`,
    b2b_meeting: msg`B2B meeting`,
    conference: msg`Conference or seminar`,
    webinar: msg`Webinar`,
    training_course: msg`Training course or workshop`,
    buyer_visit: msg`Buyer visit`,
    factory_visit: msg`Factory or site visit`,
    product_launch: msg`Product launch`,
    networking_event: msg`Networking event`,
    tender: msg`Tender or bid`,
    other: msg`Other event`,
  };

/** Consultancy or training (issue #15; spec part 2 §2). */
export const CONSULTATION_TYPE_LABELS: Record<import("../../common/services").ConsultationType, MessageDescriptor> = {
  consultancy: msg`Consultancy`,
  training: msg`Training`,
};

/** The nine export services of the consultancy dialog (spec part 2 §2). */
export const EXPORT_SERVICE_LABELS: Record<import("../../common/services").ExportService, MessageDescriptor> = {
  marketing_branding: msg`Marketing and branding plan`,
  research_tools: msg`Research and tools`,
  e_commerce: msg`E-commerce`,
  negotiation_sales: msg`Negotiation and sales`,
  trade_contracts: msg`Trade contracts`,
  logistics: msg`Logistics`,
  incoterms_2020: msg`Incoterms 2020`,
  finance_payment: msg`Finance and payment`,
  ip_company_registration: msg`IP and company registration`,
};

/** Session modes (spec part 2 §3 `available_modes`). */
export const SESSION_MODE_LABELS: Record<import("../../common/services").SessionMode, MessageDescriptor> = {
  in_person: msg`In person`,
  online: msg`Online`,
};
