/**
 * Inputs of the member directory and member administration (issue #3 §4, §5).
 */
import { z } from "zod";
import { ACTIVITIES, APPROVAL_STATUSES, TIERS } from "./constants";
import { Msg } from "./messages";
import { SECTOR_CODES } from "./sectors";

export const DIRECTORY_PAGE_SIZE = 24;
export const ADMIN_MEMBERS_PAGE_SIZE = 25;

const search = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || undefined);

/** Directory filters; they combine (AND). `page` is 1-based. */
export const directoryInput = z.object({
  search,
  activity: z.enum(ACTIVITIES).optional(),
  sector: z.enum(SECTOR_CODES).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, Msg.invalidCountry)
    .optional(),
  tier: z.enum(TIERS).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});
export type DirectoryInput = z.input<typeof directoryInput>;

export const adminMembersInput = z.object({
  search,
  status: z.enum([...APPROVAL_STATUSES, "suspended"]).optional(),
  role: z.enum(["admin", "member"]).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});
export type AdminMembersInput = z.input<typeof adminMembersInput>;

export const suspendInput = z.object({
  userId: z.uuid(),
  reason: z.string().trim().min(3, Msg.suspendReasonRequired).max(500, Msg.textTooLong),
});
export const userIdInput = z.object({ userId: z.uuid() });
export const setAdminInput = z.object({ userId: z.uuid(), admin: z.boolean() });
