/**
 * Admin inbox state in the URL (`/admin/inbox?status=pending&id=12`): the filter tab and the
 * submission under review, so a reload, a shared link or Back keep them. Values that do not parse
 * are dropped instead of failing the route. No zod here: this runs in the initial bundle.
 */
import { APPROVAL_STATUSES, type ApprovalStatus } from "../../../common/constants";
import { compact, oneOf } from "../../lib/searchParams";

export interface InboxSearch {
  /** Absent: all submissions. */
  status?: ApprovalStatus;
  /** The selected submission. */
  id?: number;
}

export function validateInboxSearch(search: Record<string, unknown>): InboxSearch {
  const id = Number(search.id);
  return compact({
    status: oneOf(APPROVAL_STATUSES, search.status),
    id: Number.isSafeInteger(id) && id > 0 ? id : undefined,
  });
}
