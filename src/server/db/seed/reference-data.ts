/**
 * Reference data of spec part 2 §3 "Fixed lists" (DESIGN.md §6): countries, the 24 industrial
 * sectors, activities and user types, each with an English and a Persian name. Pure data and
 * builders, no database access; `seedReferenceData` (./reference.ts) writes these rows.
 *
 * Countries come from maintained libraries rather than a hand-kept list:
 * - `world-countries` gives the set (UN members, plus Palestine and Vatican City, the two UN
 *   observer states the spec names) and the English common names ("Iran", "Vatican City").
 * - `i18n-iso-countries` (Unicode CLDR) gives the Persian names. It is preferred over
 *   `world-countries`' own Persian translations, which have errors (Guinea is given as
 *   "Papua New Guinea", Lithuania as "Lithuanians", stray diacritics). A few CLDR names are
 *   overridden where the everyday or current name differs (see `PERSIAN_OVERRIDES`).
 */
import cldrEnJson from "i18n-iso-countries/langs/en.json" with { type: "json" };
import cldrFaJson from "i18n-iso-countries/langs/fa.json" with { type: "json" };
import type { Country } from "world-countries";
// The server bundle keeps only the fields read below of this 1.4 MB file (scripts/build-server.mjs).
import worldJson from "world-countries/countries.json" with { type: "json" };
import { ACTIVITIES, type Activity, USER_TYPES, type UserType } from "../../../common/constants";

/** A row of a reference table without an explicit order (countries). */
export interface ReferenceName {
  code: string;
  nameEn: string;
  nameFa: string;
}

/** A row of an ordered reference table (sectors, activities, user types). */
export interface OrderedReferenceName extends ReferenceName {
  /** 0-based position in the spec's list. */
  sortOrder: number;
}

export { SECTOR_CODES, SECTORS, type SectorCode } from "../../../common/sectors";

import { SECTORS } from "../../../common/sectors";

/** Sector rows for the `industrial_sectors` table; `sortOrder` is the spec position. */
export function buildSectorRows(): OrderedReferenceName[] {
  return SECTORS.map((s, sortOrder) => ({ code: s.code, nameEn: s.nameEn, nameFa: s.nameFa, sortOrder }));
}

// ---------------------------------------------------------------------------------------------
// Activities and user types
// ---------------------------------------------------------------------------------------------

/**
 * Names of the three activities (spec part 1 §5). Keyed by `Activity`, so the compiler fails
 * when this list and `ACTIVITIES` in common/constants.ts disagree (missing or extra code).
 */
const ACTIVITY_NAMES: { readonly [K in Activity]: { nameEn: string; nameFa: string } } = {
  exporter: { nameEn: "Exporter", nameFa: "صادرکننده" },
  export_expert: { nameEn: "Export Expert", nameFa: "کارشناس صادرات" },
  export_service_provider: { nameEn: "Export Service Provider", nameFa: "ارائه‌دهنده خدمات صادراتی" },
};

/** Names of the two user types (spec part 1 §5); keyed by `UserType` like `ACTIVITY_NAMES`. */
const USER_TYPE_NAMES: { readonly [K in UserType]: { nameEn: string; nameFa: string } } = {
  individual: { nameEn: "Individual", nameFa: "حقیقی" },
  organization: { nameEn: "Organization", nameFa: "حقوقی" },
};

/** Activity rows for the `activities` table, in the order of `ACTIVITIES`. */
export function buildActivityRows(): (OrderedReferenceName & { code: Activity })[] {
  return ACTIVITIES.map((code, sortOrder) => ({ code, ...ACTIVITY_NAMES[code], sortOrder }));
}

/** User-type rows for the `user_types` table, in the order of `USER_TYPES`. */
export function buildUserTypeRows(): (OrderedReferenceName & { code: UserType })[] {
  return USER_TYPES.map((code, sortOrder) => ({ code, ...USER_TYPE_NAMES[code], sortOrder }));
}

// ---------------------------------------------------------------------------------------------
// Countries
// ---------------------------------------------------------------------------------------------

/** Non-member states the spec's list includes (spec part 2 §3): Palestine and Vatican City. */
const EXTRA_COUNTRY_CODES: readonly string[] = ["PS", "VA"];

/**
 * Persian names that replace the CLDR ones: the spec says "Palestine" (CLDR: "Palestinian
 * territories"); Eswatini's current name (CLDR still says Swaziland); the two Congos by their
 * usual names (CLDR: "Congo - Kinshasa" / "Congo - Brazzaville"); common forms for two more.
 */
const PERSIAN_OVERRIDES: Readonly<Record<string, string>> = {
  PS: "فلسطین",
  SZ: "اسواتینی",
  CD: "جمهوری دموکراتیک کنگو",
  CG: "جمهوری کنگو",
  TL: "تیمور شرقی",
  MM: "میانمار",
};

/** Replaces Arabic yeh/kaf with their Persian forms and trims. */
function normalizePersian(s: string): string {
  return s
    .replace(/[\u064A\u0649]/g, "\u06CC")
    .replace(/\u0643/g, "\u06A9")
    .trim();
}

let countryRowsCache: readonly ReferenceName[] | undefined;

/**
 * The target-country list of spec part 2 §3 ("about 190 names from Afghanistan to Zimbabwe,
 * including Palestine and Vatican City"): the 193 UN members plus PS and VA, 195 rows.
 * `code` is the ISO 3166-1 alpha-2 code (upper case); rows are sorted by English name.
 * The result is built once and cached.
 * Throws when a country lacks a Persian name, so a library update cannot silently blank one.
 */
export function buildCountryRows(): readonly ReferenceName[] {
  if (countryRowsCache) return countryRowsCache;
  const world = worldJson as unknown as Country[];
  const cldrFa = (cldrFaJson as { countries: Record<string, string | string[]> }).countries;
  const rows: ReferenceName[] = [];
  for (const c of world) {
    const code = c.cca2.toUpperCase();
    if (!c.unMember && !EXTRA_COUNTRY_CODES.includes(code)) continue;
    const cldr = cldrFa[code];
    const fa = PERSIAN_OVERRIDES[code] ?? (Array.isArray(cldr) ? cldr[0] : cldr) ?? c.translations.per?.common ?? "";
    const nameFa = normalizePersian(fa);
    if (!nameFa) throw new Error(`reference data: no Persian name for country ${code}`);
    rows.push({ code, nameEn: c.name.common, nameFa });
  }
  rows.sort((a, b) => a.nameEn.localeCompare(b.nameEn, "en"));
  countryRowsCache = Object.freeze(rows);
  return countryRowsCache;
}

let alsoKnownAsCache: ReadonlyMap<string, string> | undefined;

/**
 * Other names a member may search a country by (issue #13 §4: "Turkey" for Türkiye, "UK",
 * "UAE", "انگلیس", "امارات"…), from the maintained lists rather than by hand: `world-countries`'
 * alternative spellings, official name and Persian translations, and every English and Persian
 * name of `i18n-iso-countries` (CLDR). Keyed by the alpha-2 code of `buildCountryRows`; each value
 * is the names (without the row's own two) joined by " · ", Persian letters normalised.
 */
export function countryAlsoKnownAs(): ReadonlyMap<string, string> {
  if (alsoKnownAsCache) return alsoKnownAsCache;
  const world = new Map((worldJson as unknown as Country[]).map((c) => [c.cca2.toUpperCase(), c]));
  const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  const cldrEn = (cldrEnJson as { countries: Record<string, string | string[]> }).countries;
  const cldrFa = (cldrFaJson as { countries: Record<string, string | string[]> }).countries;
  const out = new Map<string, string>();
  for (const row of buildCountryRows()) {
    const c = world.get(row.code);
    const names = [
      ...(c?.altSpellings ?? []).filter((n) => n.length > 2 || n !== row.code),
      c?.name.official ?? "",
      ...list(cldrEn[row.code]),
      c?.translations.per?.common ?? "",
      c?.translations.per?.official ?? "",
      ...list(cldrFa[row.code]),
    ]
      .map((n) => normalizePersian(n))
      .filter((n) => n && n !== row.nameEn && n !== row.nameFa && n !== row.code);
    out.set(row.code, [...new Set(names)].join(" · "));
  }
  alsoKnownAsCache = out;
  return out;
}
