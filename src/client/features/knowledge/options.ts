/**
 * The choices of a knowledge submission in the active language: the 40 countries (names from
 * `reference.countries`), the 16 product categories and the 12 event types; and the label of a
 * stored `category` for any share type.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ComboboxItem } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { EVENT_TYPES, KNOWLEDGE_COUNTRIES, PRODUCT_CATEGORY_CODES, type ShareType } from "../../../common/knowledge";
import { intlLocale } from "../../i18n";
import { EVENT_TYPE_LABELS, PRODUCT_CATEGORY_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";

/** Product categories sorted by their label in the active language. */
export function productCategoryOptions(i18n: I18n): ComboboxItem[] {
  const collator = new Intl.Collator(intlLocale(i18n.locale));
  return PRODUCT_CATEGORY_CODES.map((code) => ({ value: code, label: i18n._(PRODUCT_CATEGORY_LABELS[code]) })).sort(
    (a, b) => collator.compare(a.label, b.label),
  );
}

/** Event types in their fixed order ("Other event" last). */
export function eventTypeOptions(i18n: I18n): ComboboxItem[] {
  return EVENT_TYPES.map((code) => ({ value: code, label: i18n._(EVENT_TYPE_LABELS[code]) }));
}

/**
 * The 40 knowledge countries with their names in `locale`, sorted by name. Shares the cached
 * `reference.countries` list with the other forms; until it loads (or if it fails) the ISO code
 * stands in for the name.
 */
export function useKnowledgeCountries(locale: string) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.reference.countries.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
  const fa = locale === "fa";
  const lists = useMemo(() => {
    const names = new Map<string, { name: string; other: string }>();
    for (const c of query.data ?? []) {
      names.set(c.code, { name: fa ? c.nameFa : c.nameEn, other: fa ? c.nameEn : c.nameFa });
    }
    const collator = new Intl.Collator(fa ? "fa" : "en");
    const data: ComboboxItem[] = KNOWLEDGE_COUNTRIES.map((code) => ({
      value: code,
      label: names.get(code)?.name ?? code,
    })).sort((a, b) => collator.compare(a.label, b.label));
    /** Lower-cased names in both languages and the code, for searching. */
    const keys = new Map<string, string>(
      KNOWLEDGE_COUNTRIES.map((code) => {
        const n = names.get(code);
        return [code, `${n?.name ?? ""} ${n?.other ?? ""} ${code}`.toLocaleLowerCase()];
      }),
    );
    const nameOf = (code: string) => names.get(code)?.name ?? code;
    return { data, keys, nameOf };
  }, [query.data, fa]);
  return { ...lists, query };
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

/** An ISO calendar date ("2026-05-01") in the active language, without shifting by time zone. */
export function formatCalendarDate(isoDate: string, locale: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeZone: "UTC" }).format(d);
}
