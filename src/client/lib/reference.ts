/**
 * The client's one module for reference data: countries and products (the `reference.*`
 * queries, loaded once per session) and the 24 industrial sectors (shared data), as names and
 * searchable options in the active language. Matching folds case, accents and Arabic/Persian
 * letter variants with `foldForSearch` (src/common/search.ts), the rule the server uses too.
 *
 * The `build*` functions are pure (unit-tested); the hooks wrap them around the cached queries.
 */
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useMemo } from "react";
import { foldForSearch } from "../../common/search";
import { SECTORS, type SectorCode } from "../../common/sectors";
import type { AppRouter } from "../../server/trpc/router";
import { collator } from "../i18n";
import { useTRPC } from "../trpc";

type ReferenceOutputs = inferRouterOutputs<AppRouter>["reference"];
/** A country as `reference.countries` returns it. */
export type CountryRow = ReferenceOutputs["countries"][number];
/** A product as `reference.products` returns it. */
export type ProductRow = ReferenceOutputs["products"][number];

/**
 * Mantine `filter` over options whose search text lives in `keys` (by value; already folded),
 * capped at `limit` (and at the Select's own `limit`). Every word of the search must occur in the key; an option without a key is
 * matched on its folded label.
 */
export function keyedFilter<V extends string | number>(
  keys: Map<V, string>,
  limit = Number.POSITIVE_INFINITY,
): OptionsFilter<V> {
  return ({ options, search, limit: asked }) => {
    const max = Math.min(limit, asked ?? Number.POSITIVE_INFINITY);
    const words = foldForSearch(search.trim()).split(/\s+/).filter(Boolean);
    const out: ComboboxParsedItem<V>[] = [];
    for (const o of options) {
      if (out.length >= max) break;
      if (!("value" in o)) continue;
      const key = keys.get(o.value) ?? foldForSearch(o.label);
      if (words.every((w) => key.includes(w))) out.push(o);
    }
    return out;
  };
}

// ---------------------------------------------------------------------------------------------
// Countries

export interface CountryOption {
  code: string;
  /** The name in the active language. */
  name: string;
  /** Folded names in both languages and the ISO code, for matching. */
  key: string;
}

export interface CountryLists {
  /** Sorted by name in the active language. */
  items: CountryOption[];
  byCode: Map<string, CountryOption>;
  /** Select data: ISO code → name. */
  data: ComboboxItem[];
  /** Matches names in either language and the code, folded. */
  filter: OptionsFilter<string>;
  /** The name of `code` in the active language; the code itself while loading or unknown. */
  nameOf: (code: string) => string;
}

/** Countries with their name in `locale`, sorted by that name, with lookups and a filter. Pure. */
export function buildCountryLists(rows: readonly CountryRow[], locale: string): CountryLists {
  const fa = locale === "fa";
  const names = collator(locale);
  const items: CountryOption[] = rows
    .map((c) => ({
      code: c.code,
      name: fa ? c.nameFa : c.nameEn,
      key: foldForSearch(`${c.nameEn} ${c.nameFa} ${c.code} ${c.alsoKnownAs}`),
    }))
    .sort((a, b) => names.compare(a.name, b.name));
  const byCode = new Map(items.map((c) => [c.code, c]));
  return {
    items,
    byCode,
    data: items.map((c) => ({ value: c.code, label: c.name })),
    filter: keyedFilter(new Map(items.map((c) => [c.code, c.key]))),
    nameOf: (code) => byCode.get(code)?.name ?? code,
  };
}

/** `buildCountryLists` over the cached `reference.countries` query (and the query itself). */
export function useCountryOptions(locale: string): CountryLists & { query: ReturnType<typeof useCountriesQuery> } {
  const query = useCountriesQuery();
  const lists = useMemo(() => buildCountryLists(query.data ?? [], locale), [query.data, locale]);
  return { ...lists, query };
}

function useCountriesQuery() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.reference.countries.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
}

/**
 * A subset of the countries (`codes`, e.g. the 40 knowledge countries) as Select data sorted by
 * name (`nameOf` from `CountryLists`); the code stands in for a name not loaded yet. Pure.
 */
export function countrySubsetOptions(
  nameOf: (code: string) => string,
  codes: readonly string[],
  locale: string,
): ComboboxItem[] {
  const names = collator(locale);
  return codes.map((code) => ({ value: code, label: nameOf(code) })).sort((a, b) => names.compare(a.label, b.label));
}

// ---------------------------------------------------------------------------------------------
// Products

export interface ProductOption {
  id: number;
  name: string;
  description: string;
  /** "ISIC 01 — Crop and animal production…" in the active language. */
  isic: string;
  sector: string;
  /** Folded names and descriptions in both languages, and the ISIC code. */
  key: string;
}

/** Products with name, description and ISIC label in `locale`, sorted by name. Pure. */
export function buildProductLists(rows: readonly ProductRow[], locale: string) {
  const fa = locale === "fa";
  const names = collator(locale);
  const items: ProductOption[] = rows
    .map((p) => ({
      id: p.id,
      name: fa ? p.nameFa : p.nameEn,
      description: fa ? p.descriptionFa : p.descriptionEn,
      isic: `ISIC ${p.isicCode} — ${fa ? p.isicFa : p.isicEn}`,
      sector: p.sector,
      key: foldForSearch(`${p.nameEn} ${p.nameFa} ${p.descriptionEn} ${p.descriptionFa} ${p.isicCode}`),
    }))
    .sort((a, b) => names.compare(a.name, b.name));
  const byId = new Map(items.map((p) => [p.id, p]));
  const data: ComboboxItem<number>[] = items.map((p) => ({ value: p.id, label: p.name }));
  const filter = keyedFilter(new Map(items.map((p) => [p.id, p.key])));
  return { items, byId, data, filter };
}

/** `buildProductLists` over the cached `reference.products` query (and the query itself). */
export function useProducts(locale: string) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.reference.products.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
  const lists = useMemo(() => buildProductLists(query.data ?? [], locale), [query.data, locale]);
  return { ...lists, query };
}

// ---------------------------------------------------------------------------------------------
// Sectors (spec part 2 §3: 24 industrial sectors, in the spec's order)

const SECTOR_BY_CODE = new Map<string, (typeof SECTORS)[number]>(SECTORS.map((s) => [s.code, s]));

export function isSectorCode(code: string): code is SectorCode {
  return SECTOR_BY_CODE.has(code);
}

/** A sector's name in `locale`; the code when unknown (old data). */
export function sectorName(code: string, locale: string): string {
  const s = SECTOR_BY_CODE.get(code);
  if (!s) return code;
  return locale === "fa" ? s.nameFa : s.nameEn;
}

/** The 24 sectors as Select data in the spec's order, and a filter over both languages. Pure. */
export function sectorOptions(locale: string): { data: ComboboxItem[]; filter: OptionsFilter<string> } {
  const data = SECTORS.map((s) => ({ value: s.code, label: locale === "fa" ? s.nameFa : s.nameEn }));
  const keys = new Map<string, string>(SECTORS.map((s) => [s.code, foldForSearch(`${s.nameEn} ${s.nameFa}`)]));
  return { data, filter: keyedFilter(keys) };
}
