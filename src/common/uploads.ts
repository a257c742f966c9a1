/**
 * Upload rules (spec part 1 §5 file attachments; part 2 §5 photo and attachment): purposes,
 * their size limits and accepted kinds, and file-name cleaning. Pure.
 */
import { LIMITS } from "./constants";
import { Msg, type MsgText } from "./messages";

/** What an upload is for; decides its limits and who may download it. */
export const UPLOAD_PURPOSES = [
  "profile_photo",
  "profile_attachment",
  "attachment",
  "knowledge_attachment",
  "post_attachment",
  /** Landing content (issue #16 §1): a membership document, a video, an About PDF; admins only. */
  "membership_document",
  "video",
  "pdf_document",
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** A kind of file we accept, by extension, with the content type its magic bytes must show. */
export type FileKind = "pdf" | "jpeg" | "png" | "doc" | "docx" | "xls" | "xlsx" | "mp4" | "webm" | "mov";

export const EXTENSION_KIND: Record<string, FileKind> = {
  pdf: "pdf",
  jpg: "jpeg",
  jpeg: "jpeg",
  png: "png",
  doc: "doc",
  docx: "docx",
  xls: "xls",
  xlsx: "xlsx",
  mp4: "mp4",
  m4v: "mp4",
  webm: "webm",
  mov: "mov",
};

/** Content type served for each kind. */
export const KIND_CONTENT_TYPE: Record<FileKind, string> = {
  pdf: "application/pdf",
  jpeg: "image/jpeg",
  png: "image/png",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
};

export interface UploadRule {
  maxBytes: number;
  kinds: readonly FileKind[];
  tooLarge: MsgText;
  /** The refusal of a file of another kind: names what this purpose accepts (issue #13 §4). */
  invalidType: MsgText;
  /** `accept` attribute for the file input. */
  accept: string;
}

const MB = 1024 * 1024;

/** Size limits of the landing content (issue #16 §1), enforced while streaming. */
export const CONTENT_MAX_BYTES = { membership_document: 20 * MB, video: 200 * MB, pdf_document: 50 * MB } as const;

export const UPLOAD_RULES: Record<UploadPurpose, UploadRule> = {
  profile_photo: {
    maxBytes: 1 * MB,
    kinds: ["jpeg", "png"],
    tooLarge: Msg.photoTooLarge,
    invalidType: Msg.invalidPhotoType,
    accept: ".jpg,.jpeg,.png",
  },
  profile_attachment: {
    maxBytes: 1 * MB,
    kinds: ["pdf", "doc", "docx", "jpeg"],
    tooLarge: Msg.attachmentTooLarge,
    invalidType: Msg.invalidAttachmentType,
    accept: ".pdf,.doc,.docx,.jpg,.jpeg",
  },
  knowledge_attachment: {
    maxBytes: LIMITS.fileMaxBytes,
    kinds: ["pdf", "doc", "docx", "xls", "xlsx", "jpeg", "png"],
    tooLarge: Msg.fileTooLarge5,
    invalidType: Msg.invalidFileType,
    accept: ".pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png",
  },
  /** information.offer's document (issue #14): the knowledge attachment's rules. */
  post_attachment: {
    maxBytes: LIMITS.fileMaxBytes,
    kinds: ["pdf", "doc", "docx", "xls", "xlsx", "jpeg", "png"],
    tooLarge: Msg.fileTooLarge5,
    invalidType: Msg.invalidFileType,
    accept: ".pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png",
  },
  membership_document: {
    maxBytes: CONTENT_MAX_BYTES.membership_document,
    kinds: ["pdf", "doc", "docx"],
    tooLarge: Msg.documentTooLarge,
    invalidType: Msg.invalidDocumentType,
    accept: ".pdf,.doc,.docx",
  },
  video: {
    maxBytes: CONTENT_MAX_BYTES.video,
    kinds: ["mp4", "webm", "mov"],
    tooLarge: Msg.videoTooLarge,
    invalidType: Msg.invalidVideoType,
    accept: ".mp4,.m4v,.webm,.mov",
  },
  pdf_document: {
    maxBytes: CONTENT_MAX_BYTES.pdf_document,
    kinds: ["pdf"],
    tooLarge: Msg.pdfTooLarge,
    invalidType: Msg.invalidPdfType,
    accept: ".pdf",
  },
  attachment: {
    maxBytes: LIMITS.fileMaxBytes,
    kinds: ["pdf", "doc", "docx", "xls", "xlsx", "jpeg", "png"],
    tooLarge: Msg.fileTooLarge5,
    invalidType: Msg.invalidFileType,
    accept: ".pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png",
  },
};

/**
 * Widths (CSS pixels × density, square) of the resized copies made of every profile photo
 * (issue #11 §6, ADR 0014): photos are shown at 56–64 CSS px, so 64 serves 1x, 128 2x and 256
 * 3x and more. `GET /api/files/:id?w=<n>` answers the smallest copy at least `n` wide.
 */
export const PHOTO_WIDTHS = [64, 128, 256] as const;

/** Largest `w` accepted by `GET /api/files/:id?w=` (anything above gets the largest copy). */
export const PHOTO_WIDTH_MAX = 4096;

/** Lower-case extension without the dot; "" when there is none. */
export function extensionOf(fileName: string): string {
  const i = fileName.lastIndexOf(".");
  return i < 0 ? "" : fileName.slice(i + 1).toLowerCase();
}

/**
 * Checks what can be known before reading the bytes: a name, its length (≤ 255) and an
 * accepted extension for the purpose. Returns the spec's message, or the kind when fine.
 */
export function checkFileName(
  fileName: string,
  purpose: UploadPurpose,
): { ok: true; kind: FileKind } | { ok: false; message: MsgText } {
  if (!fileName.trim()) return { ok: false, message: Msg.fileNameRequired };
  if (fileName.length > LIMITS.fileNameMax) return { ok: false, message: Msg.fileNameTooLong };
  const kind = EXTENSION_KIND[extensionOf(fileName)];
  if (!kind || !UPLOAD_RULES[purpose].kinds.includes(kind))
    return { ok: false, message: UPLOAD_RULES[purpose].invalidType };
  return { ok: true, kind };
}

/**
 * Cleans a file name for storage (spec part 1 §5): letters, digits, dot and hyphen are kept,
 * everything else becomes "_", runs of dots collapse to one, at most 255 characters.
 */
export function cleanFileName(fileName: string): string {
  const cleaned = fileName
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}.-]/gu, "_")
    .replace(/\.{2,}/g, ".")
    .slice(0, LIMITS.fileNameMax);
  return cleaned || "file";
}
