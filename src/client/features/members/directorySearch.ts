/**
 * The member directory's filters as URL search params (`/members?q=&activity=&sector=&country=&tier=&page=`),
 * so they survive reload and back. Values that do not parse are dropped instead of failing the
 * route. Hand-written rather than zod: route `validateSearch` code is part of the initial
 * bundle (the landing page's budget), while the page itself is a lazy chunk.
 */
import { ACTIVITIES, type Activity, TIERS, type Tier } from "../../../common/constants";
import { compact, oneOf, pageParam, searchText } from "../../lib/searchParams";

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
