/**
 * The choices of a knowledge submission in the active language: the 40 countries (names from
 * `reference.countries`), the 16 product categories and the 12 event types; and the label of a
 * stored `category` for any share type.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ComboboxItem } from "@mantine/core";
import { useMemo } from "react";
import { EVENT_TYPES, KNOWLEDGE_COUNTRIES, PRODUCT_CATEGORY_CODES, type ShareType } from "../../../common/knowledge";
import { collator } from "../../i18n";
import { EVENT_TYPE_LABELS, PRODUCT_CATEGORY_LABELS } from "../../lib/labels";
import { countrySubsetOptions, useCountryOptions } from "../../lib/reference";

/** Product categories sorted by their label in the active language. */
export function productCategoryOptions(i18n: I18n): ComboboxItem[] {
  const names = collator(i18n.locale);
  return PRODUCT_CATEGORY_CODES.map((code) => ({ value: code, label: i18n._(PRODUCT_CATEGORY_LABELS[code]) })).sort(
    (a, b) => names.compare(a.label, b.label),
  );
}

/** Event types in their fixed order ("Other event" last). */
export function eventTypeOptions(i18n: I18n): ComboboxItem[] {
  return EVENT_TYPES.map((code) => ({ value: code, label: i18n._(EVENT_TYPE_LABELS[code]) }));
}

/**
 * The 40 knowledge countries with their names in `locale`, sorted by name, the shared folded
 * country filter, and `nameOf`. Uses the cached `reference.countries` list (src/client/lib/
 * reference.ts); until it loads (or if it fails) the ISO code stands in for the name.
 */
export function useKnowledgeCountries(locale: string) {
  const countries = useCountryOptions(locale);
  const data = useMemo(
    () => countrySubsetOptions(countries.nameOf, KNOWLEDGE_COUNTRIES, locale),
    [countries.nameOf, locale],
  );
  return { data, filter: countries.filter, nameOf: countries.nameOf, query: countries.query };
}

const CATEGORY_KIND_LABELS: Record<ShareType, MessageDescriptor> = {
  country: msg`Country`,
  regulations: msg`Product category`,
  documents: msg`Product category`,
  experience: msg`Event type`,
};

/** What the `category` of a share type is: "Country", "Product category" or "Event type". */
export function categoryKind(i18n: I18n, shareType: ShareType): string {
  return i18n._(CATEGORY_KIND_LABELS[shareType]);
}

/** The label of a stored category: the country's name, the product category or the event type. */
export function categoryLabel(
  i18n: I18n,
  shareType: ShareType,
  category: string,
  countryName: (code: string) => string,
): string {
  if (shareType === "country") return countryName(category);
  const labels: Record<string, MessageDescriptor | undefined> =
    shareType === "experience" ? EVENT_TYPE_LABELS : PRODUCT_CATEGORY_LABELS;
  const label = labels[category];
  return label ? i18n._(label) : category;
}
