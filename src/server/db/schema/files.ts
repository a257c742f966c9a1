/**
 * Uploaded files (issue #3 §1): one row per stored file; the bytes live under
 * DATA_DIR/uploads/<storageKey>, outside any static folder.
 */
import { bigint, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { UPLOAD_PURPOSES } from "../../../common/uploads";
import { users } from "./index";

export const uploadPurposeEnum = pgEnum("upload_purpose", UPLOAD_PURPOSES);

export const uploads = pgTable(
  "uploads",
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: uploadPurposeEnum().notNull(),
    /** The name the user's file had, cleaned (spec part 1 §5). */
    fileName: text().notNull(),
    sizeBytes: bigint({ mode: "number" }).notNull(),
    /** Decided from the content's magic bytes, never from the browser. */
    contentType: text().notNull(),
    sha256: text().notNull(),
    /** Generated file name under the uploads folder. */
    storageKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploads_owner_created_idx").on(t.ownerId, t.createdAt.desc())],
);
