/**
 * Contact inbox state in the URL (`/admin/contact?filter=unread&id=12`): the filter tab and the
 * message open in the panel. Values that do not parse are dropped. No zod (initial bundle).
 */
import { CONTACT_FILTERS, type ContactFilter } from "../../../common/contactFilters";
import { compact, oneOf } from "../../lib/searchParams";

export interface ContactSearch {
  /** Absent: open (not handled) messages. */
  filter?: ContactFilter;
  /** The message open in the panel. */
  id?: number;
}

export function validateContactSearch(search: Record<string, unknown>): ContactSearch {
  const id = Number(search.id);
  return compact({
    filter: oneOf(CONTACT_FILTERS, search.filter),
    id: Number.isSafeInteger(id) && id > 0 ? id : undefined,
  });
}
