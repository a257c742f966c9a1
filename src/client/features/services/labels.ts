/**
 * Translated labels of services (issue #15; spec part 2 §2, §3): the consultation types, the nine
 * export services in the spec's order, and the session modes. The consultation request dialog
 * uses the same lists.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ConsultationType, ExportService, SessionMode } from "../../../common/services";

export const CONSULTATION_TYPE_LABELS: Record<ConsultationType, MessageDescriptor> = {
  consultancy: msg`Consultancy`,
  training: msg`Training`,
};

export const EXPORT_SERVICE_LABELS: Record<ExportService, MessageDescriptor> = {
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

export const SESSION_MODE_LABELS: Record<SessionMode, MessageDescriptor> = {
  in_person: msg`In person`,
  online: msg`Online`,
};
