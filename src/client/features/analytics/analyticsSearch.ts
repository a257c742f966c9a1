/**
 * The analytics page's date range in the URL (`/admin/analytics?from=2026-01-05&to=2026-03-29`).
 * A value that is not an ISO date is dropped (the page then uses the default range, the last 12
 * weeks). No zod (initial bundle); the server validates the range itself.
 */
import { compact } from "../../lib/searchParams";

export interface AnalyticsSearch {
  from?: string;
  to?: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isoDay(value: unknown): string | undefined {
  if (typeof value !== "string" || !ISO_DAY.test(value)) return undefined;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value) ? value : undefined;
}

export function validateAnalyticsSearch(search: Record<string, unknown>): AnalyticsSearch {
  return compact({ from: isoDay(search.from), to: isoDay(search.to) });
}
