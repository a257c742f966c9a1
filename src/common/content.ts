/**
 * Landing content (issue #16 §1; spec part 1 §4 "Landing content", §5 "Admin uploads"):
 * membership documents (terms and conditions, membership levels), videos and the About PDFs.
 * The three kinds share one shape; what differs is the upload purpose, the extra fields and the
 * rule for a new item (a document starts active and replaces the active one of its type; a
 * video or PDF starts inactive). Pure: shared by the client dialogs and the server.
 */
import { z } from "zod";
import { Msg } from "./messages";
import type { UploadPurpose } from "./uploads";
import { plainText, rowIdSchema } from "./validation";

export const CONTENT_KINDS = ["document", "video", "pdf"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const MEMBERSHIP_DOCUMENT_TYPES = ["terms_conditions", "membership_levels"] as const;
export type MembershipDocumentType = (typeof MEMBERSHIP_DOCUMENT_TYPES)[number];

/** The upload purpose of each kind's files. */
export const CONTENT_PURPOSE: Record<ContentKind, UploadPurpose> = {
  document: "membership_document",
  video: "video",
  pdf: "pdf_document",
};

export const CONTENT_TITLE_MAX = 200;
export const CONTENT_DESCRIPTION_MAX = 2000;

const title = plainText().trim().min(1, Msg.invalidInput).max(CONTENT_TITLE_MAX, Msg.textTooLong);
const uploadId = z.uuid(Msg.uploadInvalidFile);

/** Finalising an upload: the file is already stored (`POST /api/files?purpose=…`), this names it. */
export const contentCreateInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("document"), title, uploadId, documentType: z.enum(MEMBERSHIP_DOCUMENT_TYPES) }),
  z.object({
    kind: z.literal("video"),
    title,
    uploadId,
    description: plainText().trim().max(CONTENT_DESCRIPTION_MAX, Msg.textTooLong).optional(),
  }),
  z.object({ kind: z.literal("pdf"), title, uploadId }),
]);
export type ContentCreateInput = z.infer<typeof contentCreateInput>;

export const contentKindInput = z.object({ kind: z.enum(CONTENT_KINDS) });
export const contentItemInput = z.object({ kind: z.enum(CONTENT_KINDS), id: rowIdSchema });
export const contentSetActiveInput = contentItemInput.extend({ active: z.boolean() });

/** One item as an admin's list shows it. */
export interface ContentItem {
  id: number;
  kind: ContentKind;
  title: string;
  description: string | null;
  documentType: MembershipDocumentType | null;
  isActive: boolean;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  url: string;
  createdAt: string;
}

/** What the public viewers show: the newest active item of each kind, or null. */
export interface ActiveContent {
  terms: ContentItem | null;
  levels: ContentItem | null;
  video: ContentItem | null;
  pdf: ContentItem | null;
}
