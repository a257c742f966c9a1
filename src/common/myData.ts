/**
 * A member's rights over their data (docs/architecture.md "A copy of my data", "Deleting an
 * account"; ASVS 5.0 V14.2 data protection): the export's states and the inputs of deletion.
 */
import { z } from "zod";
import { LIMITS } from "./constants";
import { Msg } from "./messages";

/** `requested` → `ready` → `expired`; `failed` when the archive could not be built. */
export const DATA_EXPORT_STATUSES = ["requested", "ready", "expired", "failed"] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** How long an archive's link works once it is ready, in milliseconds (7 days). */
export const DATA_EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The download path of an archive; the link adds `?token=…` (`dataExportUrl`). */
export const DATA_EXPORT_PATH = "/api/my-data";

/** The link of an export: `<origin>/api/my-data/<id>?token=<token>`. */
export function dataExportUrl(origin: string, exportId: string, token: string): string {
  return `${origin}${DATA_EXPORT_PATH}/${exportId}?token=${encodeURIComponent(token)}`;
}

/** Deleting one's own account needs the current password in the same request. */
export const deleteAccountInput = z.object({
  currentPassword: z.string().min(1, Msg.currentPasswordWrong).max(LIMITS.passwordMax, Msg.currentPasswordWrong),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInput>;
