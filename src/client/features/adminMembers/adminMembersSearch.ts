/**
 * Member administration filters as URL search params (`/admin/members?q=&status=&role=&page=`).
 * Values that do not parse are dropped instead of failing the route. No zod here: this runs in
 * the initial bundle (see directorySearch.ts).
 */
import { APPROVAL_STATUSES, type ApprovalStatus } from "../../../common/constants";
import { compact, oneOf, pageParam, searchText } from "../../lib/searchParams";

export const ACCOUNT_STATUSES = [...APPROVAL_STATUSES, "suspended"] as const;
export const MEMBER_ROLES = ["admin", "member"] as const;

export interface AdminMembersSearch {
  q?: string;
  status?: ApprovalStatus | "suspended";
  role?: (typeof MEMBER_ROLES)[number];
  page?: number;
}

export function validateAdminMembersSearch(search: Record<string, unknown>): AdminMembersSearch {
  return compact({
    q: searchText(search.q),
    status: oneOf(ACCOUNT_STATUSES, search.status),
    role: oneOf(MEMBER_ROLES, search.role),
    page: pageParam(search.page),
  });
}

export function hasAdminMemberFilters(s: AdminMembersSearch): boolean {
  return Boolean(s.q || s.status || s.role);
}
