/**
 * The audit log's filters as URL search params
 * (`/admin/audit?actor=&target=&q=&type=&from=&to=&page=`): `actor` and `target` are account ids
 * (a member's "Audit log" link sets `target`), `q` text in the target's name or e-mail. Values
 * that do not parse are dropped instead of failing the route. No zod (see directorySearch.ts).
 */
import { compact, pageParam, searchText } from "../../lib/searchParams";
import { validateAnalyticsSearch } from "../analytics/analyticsSearch";

export interface AuditSearch {
  actor?: string;
  target?: string;
  q?: string;
  /** An event type as stored; the page offers the known ones (`AUDIT_EVENT_LABELS`). */
  type?: string;
  from?: string;
  to?: string;
  page?: number;
}

/** Stored event types are lower-case words joined by "_" (the labels stay out of the entry chunk). */
const EVENT_TYPE = /^[a-z][a-z0-9_]{0,63}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function accountId(value: unknown): string | undefined {
  return typeof value === "string" && UUID.test(value) ? value.toLowerCase() : undefined;
}

export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  const { from, to } = validateAnalyticsSearch(search);
  return compact({
    actor: accountId(search.actor),
    target: accountId(search.target),
    q: searchText(search.q),
    type: typeof search.type === "string" && EVENT_TYPE.test(search.type) ? search.type : undefined,
    from,
    to,
    page: pageParam(search.page),
  });
}

export function hasAuditFilters(s: AuditSearch): boolean {
  return Boolean(s.actor || s.target || s.q || s.type || s.from || s.to);
}
