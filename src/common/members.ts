/**
 * Inputs of the member directory.
 */
import { z } from "zod";
import { ACTIVITIES, TIERS } from "./constants";
import { Msg } from "./messages";
import { SECTOR_CODES } from "./sectors";
import { plainText, searchInput } from "./validation";

export const DIRECTORY_PAGE_SIZE = 24;

/** Directory filters; they combine (AND). `page` is 1-based. */
export const directoryInput = z.object({
  search: searchInput,
  activity: z.enum(ACTIVITIES).optional(),
  sector: z.enum(SECTOR_CODES).optional(),
  country: plainText()
    .regex(/^[A-Z]{2}$/, Msg.invalidCountry)
    .optional(),
  tier: z.enum(TIERS).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});

export type DirectoryInput = z.input<typeof directoryInput>;

/** A member's page: the member's account id. */
export const memberPageInput = z.object({ userId: z.uuid() });
