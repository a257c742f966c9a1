/**
 * Parsing URL search params of list pages (filters, paging) without zod: route `validateSearch`
 * code is part of the initial bundle (the landing page's budget). A value that does not parse
 * becomes `undefined`, so a bad link drops the filter instead of failing the route. Pure.
 */

/** `value` when it is one of `list`. */
export function oneOf<T extends string>(list: readonly T[], value: unknown): T | undefined {
  return typeof value === "string" && (list as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** Free text from the URL (the router parses `?q=123` as a number). */
export function searchText(value: unknown): string | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  return String(value).trim().slice(0, 100) || undefined;
}

/** A page number above 1 (the first page has none) and at most 10,000. */
export function pageParam(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value > 1 && value <= 10_000 ? value : undefined;
}

/** Keeps only the keys that have a value, so the URL stays short. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
