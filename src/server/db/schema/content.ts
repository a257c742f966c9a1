/**
 * Landing content (issue #16 §1; spec part 1 §4 "Landing content", §7 tables): membership
 * documents, videos and the About PDFs. The spec's `filename` and `file_url` are the upload's
 * (`uploads.file_name`, `/api/files/<upload_id>`): the bytes go through the one upload pipeline
 * and are downloaded through `GET /api/files/:id`, public while the item is active.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { MEMBERSHIP_DOCUMENT_TYPES } from "../../../common/content";
import { uploads } from "./files";
import { users } from "./index";

export const membershipDocumentTypeEnum = pgEnum("membership_document_type", MEMBERSHIP_DOCUMENT_TYPES);

export const membershipDocuments = pgTable(
  "membership_documents",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    documentType: membershipDocumentTypeEnum().notNull(),
    title: text().notNull(),
    uploadId: uuid()
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    uploadedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("membership_documents_upload_idx").on(t.uploadId),
    // One active document per type, whatever the timing of two uploads (issue #16 §1).
    uniqueIndex("membership_documents_one_active_idx").on(t.documentType).where(sql`${t.isActive}`),
    index("membership_documents_type_created_idx").on(t.documentType, t.createdAt.desc()),
  ],
);

export const videos = pgTable(
  "videos",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    description: text(),
    uploadId: uuid()
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    uploadedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    isActive: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("videos_upload_idx").on(t.uploadId), index("videos_created_idx").on(t.createdAt.desc())],
);

export const pdfDocuments = pgTable(
  "pdf_documents",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    uploadId: uuid()
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    uploadedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    isActive: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pdf_documents_upload_idx").on(t.uploadId),
    index("pdf_documents_created_idx").on(t.createdAt.desc()),
  ],
);
