/**
 * Uploaded files (issue #3 §1): one row per stored file; the bytes are the object `storageKey`
 * of the file storage (src/server/files/storage.ts, ADR 18: DATA_DIR/uploads/ or an S3 bucket),
 * never a static folder. Profile photos also have resized
 * WebP/AVIF copies (`upload_variants`, issue #11 §6, ADR 0014) stored beside them.
 */
import { bigint, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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

/** Encodings of a photo variant. */
export const PHOTO_VARIANT_FORMATS = ["avif", "webp"] as const;
export type PhotoVariantFormat = (typeof PHOTO_VARIANT_FORMATS)[number];
export const photoVariantFormatEnum = pgEnum("photo_variant_format", PHOTO_VARIANT_FORMATS);

/**
 * A resized copy of a profile photo (issue #11 §6, ADR 0014): square, EXIF orientation applied,
 * metadata stripped, never larger than the original. One row per (upload, format, width); the
 * bytes are the storage object `storageKey`, like the original's. Deleting the upload row
 * deletes these rows; `pruneOrphanUploads` deletes their files too.
 */
export const uploadVariants = pgTable(
  "upload_variants",
  {
    id: uuid().primaryKey().defaultRandom(),
    uploadId: uuid()
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    format: photoVariantFormatEnum().notNull(),
    /** Pixels; width = height (square), at most the original's shorter side. */
    width: integer().notNull(),
    height: integer().notNull(),
    sizeBytes: integer().notNull(),
    /** Generated file name under the uploads folder. */
    storageKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("upload_variants_upload_format_width_idx").on(t.uploadId, t.format, t.width)],
);
