/**
 * The library's filters as URL search params (`/knowledge?q=&type=&country=&product=&event=&sort=`),
 * so they survive reload and back. Values that do not parse are dropped instead of failing the
 * route. Hand-written rather than zod (route `validateSearch` code is in the initial bundle); the
 * page drops a code that is not on the knowledge form's lists.
 */
import { compact, oneOf, searchText } from "../../lib/searchParams";

export const LIBRARY_TYPES = ["country", "regulations", "documents", "experience"] as const;

export interface LibrarySearch {
  q?: string;
  type?: (typeof LIBRARY_TYPES)[number];
  /** ISO 3166-1 alpha-2 of country knowledge. */
  country?: string;
  /** A product category code of regulations and documents. */
  product?: string;
  /** An event type code of event experiences. */
  event?: string;
  /** Absent: newest first. */
  sort?: "mostLiked";
}

const SLUG = /^[a-z_]{1,64}$/;
const COUNTRY = /^[A-Z]{2}$/;

const slug = (v: unknown) => (typeof v === "string" && SLUG.test(v) ? v : undefined);

export function validateLibrarySearch(search: Record<string, unknown>): LibrarySearch {
  return compact({
    q: searchText(search.q),
    type: oneOf(LIBRARY_TYPES, search.type),
    country: typeof search.country === "string" && COUNTRY.test(search.country) ? search.country : undefined,
    product: slug(search.product),
    event: slug(search.event),
    sort: oneOf(["mostLiked"] as const, search.sort),
  });
}

/** Whether any filter (not the order) is set. */
export function hasLibraryFilters(s: LibrarySearch): boolean {
  return Boolean(s.q || s.type || s.country || s.product || s.event);
}
