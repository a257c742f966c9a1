/**
 * Translated labels and routes of service-area posts (issue #14; ADR 16): areas, boards, the
 * forms' fixed lists, and where each board's Send and Received pages live (spec part 2 §2
 * route table).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type PostArea, RECEIVED_PATHS } from "../../../common/constants";
import type {
  Board,
  CollaborationKind,
  CURRENCIES,
  DELIVERY_MODES,
  INFORMATION_KINDS,
  PostForm,
  WORKPLACES,
} from "../../../common/posts";
import { displayNames } from "../../i18n";

/** Service areas as the dashboard names them. */
export const AREA_LABELS: Record<PostArea, MessageDescriptor> = {
  membership: msg`Membership services`,
  collaboration: msg`Collaboration and partnership`,
  export_services: msg`Export-related services`,
  consultancy: msg`Consultancy and training`,
  information: msg`Information and documents`,
  recruitment: msg`Recruitment and placement`,
};

/** The title of each board's Received page (membership keeps its page's name). */
export const RECEIVED_TITLES: Record<Board, MessageDescriptor> = {
  "membership.request": msg`Received Member Requests`,
  "collaboration.request": msg`Partnership requests`,
  "collaboration.offer": msg`Partnership offers`,
  "export_services.request": msg`Export service requests`,
  "export_services.offer": msg`Export service offers`,
  "consultancy.request": msg`Consultation requests`,
  "information.request": msg`Information requests`,
  "information.offer": msg`Information offers`,
  "recruitment.request": msg`Candidates seeking a position`,
  "recruitment.offer": msg`Open positions`,
};

/** The forms that have a Send page (the consultation request is a dialog: ConsultationDialog). */
export type PageForm = Exclude<PostForm, "consultancy.request">;

/** The title of each form's Send page. */
export const FORM_TITLES: Record<PageForm, MessageDescriptor> = {
  "collaboration.request": msg`Look for a partner`,
  "collaboration.offer": msg`Propose a partnership`,
  "export_services.request": msg`Export Services Request`,
  "export_services.offer": msg`Offer an export service`,
  "information.request": msg`Ask for information`,
  "information.offer": msg`Offer information or a document`,
  "recruitment.request": msg`Seek a position`,
  "recruitment.offer": msg`Offer a position`,
};

/** Where each board's Received page is: shared with the server's mail links (src/common/posts.ts). */
export { RECEIVED_PATHS };

/** Where each form's Send page is (the spec's route names). */
export const SEND_PATHS: Record<PageForm, string> = {
  "collaboration.request": "/collaboration/send-request",
  "collaboration.offer": "/collaboration/send-offer",
  "export_services.request": "/export-services/send-request",
  "export_services.offer": "/export-services/send-offer",
  "information.request": "/information/send-request",
  "information.offer": "/information/send-offer",
  "recruitment.request": "/recruitment/send-request",
  "recruitment.offer": "/recruitment/send-offer",
};

export const COLLABORATION_KIND_LABELS: Record<CollaborationKind, MessageDescriptor> = {
  joint_export: msg`Joint export`,
  co_marketing: msg`Co-marketing`,
  joint_sourcing: msg`Joint sourcing`,
  distribution_agency: msg`Distribution or agency`,
  joint_venture: msg`Joint venture`,
  investment: msg`Investment`,
};

export const DELIVERY_LABELS: Record<(typeof DELIVERY_MODES)[number], MessageDescriptor> = {
  remote: msg`Remote`,
  on_site: msg`On site`,
};

export const WORKPLACE_LABELS: Record<(typeof WORKPLACES)[number], MessageDescriptor> = {
  remote: msg`Remote`,
  on_site: msg`On site`,
};

export const INFORMATION_KIND_LABELS: Record<(typeof INFORMATION_KINDS)[number], MessageDescriptor> = {
  market_report: msg`Market report`,
  regulations: msg`Regulations`,
  forms_templates: msg`Forms and templates`,
  statistics: msg`Statistics`,
  buyer_supplier_lists: msg`Buyer or supplier lists`,
  price_information: msg`Price information`,
  other: msg`Other`,
};

/** A currency's name in the UI language (`Intl.DisplayNames`), e.g. "US Dollar". */
export function currencyName(code: (typeof CURRENCIES)[number], locale: string): string {
  return displayNames(locale, "currency").of(code) ?? code;
}

/** A language's name in the UI language (`Intl.DisplayNames`), e.g. "Persian". */
export function languageName(code: string, locale: string): string {
  return displayNames(locale, "language").of(code) ?? code;
}
