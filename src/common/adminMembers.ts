/**
 * Inputs of member administration (admin only).
 */
import { z } from "zod";
import { APPROVAL_STATUSES } from "./constants";
import { Msg } from "./messages";
import { plainText, searchInput } from "./validation";

export const ADMIN_MEMBERS_PAGE_SIZE = 25;

export const adminMembersInput = z.object({
  search: searchInput,
  status: z.enum([...APPROVAL_STATUSES, "suspended"]).optional(),
  role: z.enum(["admin", "member"]).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});

export type AdminMembersInput = z.input<typeof adminMembersInput>;

export const suspendInput = z.object({
  userId: z.uuid(),
  reason: plainText().trim().min(3, Msg.suspendReasonRequired).max(500, Msg.textTooLong),
});

export const userIdInput = z.object({ userId: z.uuid() });

export const setAdminInput = z.object({ userId: z.uuid(), admin: z.boolean() });
