/**
 * Sector and country names in the active language. Sectors are shared data; countries come
 * from the `reference.countries` query (cached for the session).
 */
import { useDirection } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { SECTORS, type SectorCode } from "../../../common/sectors";
import { useTRPC } from "../../trpc";

const SECTOR_BY_CODE = new Map(SECTORS.map((s) => [s.code as string, s]));

export function isSectorCode(code: string): code is SectorCode {
  return SECTOR_BY_CODE.has(code);
}

export function sectorName(code: string, locale: string): string {
  const s = SECTOR_BY_CODE.get(code);
  if (!s) return code;
  return locale === "fa" ? s.nameFa : s.nameEn;
}

/** Select options of the 24 sectors in the spec's order. */
export function sectorOptions(locale: string): { value: SectorCode; label: string }[] {
  return SECTORS.map((s) => ({ value: s.code, label: locale === "fa" ? s.nameFa : s.nameEn }));
}

/** Country options sorted by their name in `locale`, and a code → name lookup (the code until loaded). */
export function useCountries(locale: string) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.reference.countries.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
  return useMemo(() => {
    const rows = query.data ?? [];
    const byCode = new Map(rows.map((c) => [c.code, locale === "fa" ? c.nameFa : c.nameEn]));
    const collator = new Intl.Collator(locale);
    const options = rows
      .map((c) => ({ value: c.code, label: byCode.get(c.code) ?? c.code }))
      .sort((a, b) => collator.compare(a.label, b.label));
    return {
      options,
      isPending: query.isPending,
      nameOf: (code: string) => byCode.get(code) ?? code,
    };
  }, [query.data, query.isPending, locale]);
}

/**
 * The page's start side as a fixed `text-align`, for text given `dir="auto"` (a Latin name on a
 * Persian page, or the reverse) so it still lines up with its neighbours.
 */
export function useStartAlign(): "left" | "right" {
  return useDirection().dir === "rtl" ? "right" : "left";
}
