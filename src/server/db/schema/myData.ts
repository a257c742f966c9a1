/**
 * A member's copy of their data (docs/architecture.md "A copy of my data"; ADR 25): one archive
 * at a time per member, built by the `data-export` job and stored through the file storage.
 */
import { sql } from "drizzle-orm";
import { bigint, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { DATA_EXPORT_STATUSES } from "../../../common/myData";
import { localeEnum, users } from "./auth";

export const dataExportStatusEnum = pgEnum("data_export_status", DATA_EXPORT_STATUSES);

/**
 * The member's export: `requested` until the job has stored the archive (`storageKey`), then
 * `ready` until `expiresAt`, then `expired` (the cleanup job deletes the file and clears the
 * key); `failed` when building it failed. One row per member: a new request replaces the old.
 * `token` is the unguessable half of the download link (32 random bytes, base64url); the link
 * also needs the member's own session, and the token is shown again in the member's section, so
 * it is stored as is.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The admin who asked for it on the member's behalf; null when the member asked. */
    requestedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    status: dataExportStatusEnum().notNull().default("requested"),
    token: text().notNull(),
    /** The language of the archive's README.txt and of the mail. */
    locale: localeEnum().notNull(),
    storageKey: text(),
    sizeBytes: bigint({ mode: "number" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("data_exports_user_key").on(t.userId),
    index("data_exports_requested_idx").on(t.createdAt).where(sql`${t.status} = 'requested'`),
  ],
);
