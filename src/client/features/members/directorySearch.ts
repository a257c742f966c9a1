/**
 * The member directory's filters as URL search params (`/members?q=&activity=&sector=&country=&tier=&page=`),
 * so they survive reload and back. Values that do not parse are dropped instead of failing the
 * route. Hand-written rather than zod: route `validateSearch` code is part of the initial
 * bundle (the landing page's budget), while the page itself is a lazy chunk.
 */
import { ACTIVITIES, type Activity, TIERS, type Tier } from "../../../common/constants";

export interface DirectorySearch {
  q?: string;
  activity?: Activity;
  /** A sector slug; the page ignores one that is not a known sector. */
  sector?: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string;
  tier?: Tier;
  /** 1-based; absent for the first page. */
  page?: number;
}

const SLUG = /^[a-z_]{1,64}$/;
const COUNTRY = /^[A-Z]{2}$/;

export function oneOf<T extends string>(list: readonly T[], value: unknown): T | undefined {
  return typeof value === "string" && (list as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** Free text from the URL (the router parses `?q=123` as a number). */
export function searchText(value: unknown): string | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  return String(value).trim().slice(0, 100) || undefined;
}

export function pageParam(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value > 1 && value <= 10_000 ? value : undefined;
}

/** Keeps only the keys that have a value, so the URL stays short. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function validateDirectorySearch(search: Record<string, unknown>): DirectorySearch {
  return compact({
    q: searchText(search.q),
    activity: oneOf(ACTIVITIES, search.activity),
    sector: typeof search.sector === "string" && SLUG.test(search.sector) ? search.sector : undefined,
    country: typeof search.country === "string" && COUNTRY.test(search.country) ? search.country : undefined,
    tier: oneOf(TIERS, search.tier),
    page: pageParam(search.page),
  });
}

/** Whether any filter (not the page) is set. */
export function hasDirectoryFilters(s: DirectorySearch): boolean {
  return Boolean(s.q || s.activity || s.sector || s.country || s.tier);
}
