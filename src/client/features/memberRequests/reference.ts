/**
 * The reference lists the request forms pick from — products (with their ISIC label), countries
 * and the 24 sectors — as searchable options in the active language. Loaded once per session.
 */
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { SECTORS } from "../../../common/sectors";
import { useTRPC } from "../../trpc";

/** Case-, accent- and Arabic/Persian-letter-insensitive text for matching (ي/ك are ی/ک). */
export function fold(s: string): string {
  return s
    .toLocaleLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/ي/g, "ی")
    .replace(/ك/g, "ک")
    .replace(/\u200c/g, " ");
}

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

export interface CountryOption {
  code: string;
  name: string;
  /** Folded names in both languages and the ISO code. */
  key: string;
}

/** Mantine `filter` over options whose search text lives in `keys` (by value), capped at `limit`. */
export function keyedFilter<V extends string | number>(
  keys: Map<V, string>,
  limit = Number.POSITIVE_INFINITY,
): OptionsFilter<V> {
  return ({ options, search }) => {
    const words = fold(search.trim()).split(/\s+/).filter(Boolean);
    const out: ComboboxParsedItem<V>[] = [];
    for (const o of options) {
      if (out.length >= limit) break;
      if (!("value" in o)) continue;
      const key = keys.get(o.value) ?? fold(o.label);
      if (words.every((w) => key.includes(w))) out.push(o);
    }
    return out;
  };
}

/** Products with name, description and ISIC label in `locale`, sorted by name. */
export function useProducts(locale: string) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.reference.products.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
  const fa = locale === "fa";
  const lists = useMemo(() => {
    const collator = new Intl.Collator(fa ? "fa" : "en");
    const items: ProductOption[] = (query.data ?? [])
      .map((p) => ({
        id: p.id,
        name: fa ? p.nameFa : p.nameEn,
        description: fa ? p.descriptionFa : p.descriptionEn,
        isic: `ISIC ${p.isicCode} — ${fa ? p.isicFa : p.isicEn}`,
        sector: p.sector,
        key: fold(`${p.nameEn} ${p.nameFa} ${p.descriptionEn} ${p.descriptionFa} ${p.isicCode}`),
      }))
      .sort((a, b) => collator.compare(a.name, b.name));
    const byId = new Map(items.map((p) => [p.id, p]));
    const data: ComboboxItem<number>[] = items.map((p) => ({ value: p.id, label: p.name }));
    const keys = new Map(items.map((p) => [p.id, p.key]));
    return { items, byId, data, filter: keyedFilter(keys) };
  }, [query.data, fa]);
  return { ...lists, query };
}

/** Countries with their name in `locale`, sorted by that name. */
export function useCountryOptions(locale: string) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.reference.countries.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
  const fa = locale === "fa";
  const lists = useMemo(() => {
    const collator = new Intl.Collator(fa ? "fa" : "en");
    const items: CountryOption[] = (query.data ?? [])
      .map((c) => ({
        code: c.code,
        name: fa ? c.nameFa : c.nameEn,
        key: fold(`${c.nameEn} ${c.nameFa} ${c.code}`),
      }))
      .sort((a, b) => collator.compare(a.name, b.name));
    const byCode = new Map(items.map((c) => [c.code, c]));
    const data: ComboboxItem[] = items.map((c) => ({ value: c.code, label: c.name }));
    const keys = new Map(items.map((c) => [c.code, c.key]));
    return { items, byCode, data, filter: keyedFilter(keys) };
  }, [query.data, fa]);
  return { ...lists, query };
}

const SECTOR_BY_CODE = new Map(SECTORS.map((s) => [s.code as string, s]));

/** A sector's name in `locale`; the code when unknown. */
export function sectorName(code: string, locale: string): string {
  const s = SECTOR_BY_CODE.get(code);
  if (!s) return code;
  return locale === "fa" ? s.nameFa : s.nameEn;
}

/** The 24 sectors as options in the spec's order, with a search key over both languages. */
export function sectorOptions(locale: string) {
  const data: ComboboxItem[] = SECTORS.map((s) => ({ value: s.code, label: locale === "fa" ? s.nameFa : s.nameEn }));
  const keys = new Map<string, string>(SECTORS.map((s) => [s.code, fold(`${s.nameEn} ${s.nameFa}`)]));
  return { data, filter: keyedFilter(keys) };
}
