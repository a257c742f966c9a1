/**
 * Select options of the fixed request lists in the active language.
 */
import type { I18n } from "@lingui/core";
import {
  EXPORT_SERVICES_ONLY_SUB_ACTIVITIES,
  SERVICE_ACTIVITIES,
  type ServiceActivity,
  SUB_ACTIVITIES,
  URGENCIES,
} from "../../../common/memberRequests";
import { SERVICE_ACTIVITY_LABELS, subActivityLabel, URGENCY_LABELS } from "../../lib/labels";

const label = (i18n: I18n, d: ReturnType<typeof subActivityLabel>) => (typeof d === "string" ? d : i18n._(d));

export function activityOptions(i18n: I18n) {
  return SERVICE_ACTIVITIES.map((a) => ({ value: a, label: i18n._(SERVICE_ACTIVITY_LABELS[a]) }));
}

export function urgencyOptions(i18n: I18n) {
  return URGENCIES.map((u) => ({ value: u, label: i18n._(URGENCY_LABELS[u]) }));
}

/**
 * The sub-activities of `activity` as the given form lists them: the send form leaves out the
 * export-services-only entries (Arbitration); the export-services form uses its own wording.
 */
export function subActivityOptions(i18n: I18n, activity: ServiceActivity | null, form: "send" | "exportServices") {
  if (!activity) return [];
  const excluded: readonly string[] = form === "send" ? EXPORT_SERVICES_ONLY_SUB_ACTIVITIES : [];
  return SUB_ACTIVITIES[activity]
    .filter((code) => !excluded.includes(code))
    .map((code) => ({ value: code, label: label(i18n, subActivityLabel(code, form)) }));
}

/** "Marketing - Digital Marketing and e-commerce" for a card; null without an activity. */
export function activityLine(i18n: I18n, activity: string | null, sub: string | null): string | null {
  if (!activity) return null;
  const a = SERVICE_ACTIVITY_LABELS[activity as ServiceActivity];
  const head = a ? i18n._(a) : activity;
  return sub ? `${head} - ${label(i18n, subActivityLabel(sub))}` : head;
}
