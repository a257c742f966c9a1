/**
 * Resized copies of profile photos (issue #11 §6, ADR 0014). A profile photo (JPEG or PNG, at
 * most 1 MB) is shown at 56–64 CSS px, so for each width in `PHOTO_WIDTHS` (64, 128, 256) we keep
 * a square copy in AVIF and in WebP:
 *
 * - the original's EXIF orientation applied (`rotate()`), then cropped to a centred square (as
 *   the avatar's `object-fit: cover` showed the original) and reduced — never enlarged: a copy
 *   is at most the original's shorter side, and widths that would come out equal are kept once;
 * - all metadata stripped (EXIF with its GPS position, XMP, IPTC, ICC — converted to sRGB);
 * - stored in the file storage (files/storage.ts, local folder or bucket) under the key
 *   `<upload storage key>-<width>.<format>`, one `upload_variants` row each.
 *
 * They are made in the upload request (`renderPhotoVariants` + `writePhotoVariants`, called by
 * `storeUpload`): a photo that cannot be decoded, or has more than 50 megapixels, is refused
 * there with a 400 and nothing is stored. Photos uploaded before variants existed get theirs on
 * first request (`ensurePhotoVariants`); one that cannot be decoded keeps being served as stored.
 */
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import sharp, { type Metadata, type Sharp } from "sharp";
import { Msg } from "../../common/messages";
import { PHOTO_WIDTHS } from "../../common/uploads";
import type { DbOrTx } from "../db/client";
import { type PhotoVariantFormat, uploadVariants } from "../db/schema";
import { DomainError } from "../domain/errors";
import type { FileStorage } from "./storage";

// Each photo is decoded once, so libvips' operation and open-file caches would only hold memory
// and descriptors (of files the orphan sweep may delete) for nothing.
sharp.cache(false);

/** Decoding-bomb guard: a photo may have at most this many pixels (50 MP; 1 MB files only). */
export const PHOTO_MAX_INPUT_PIXELS = 50_000_000;

/**
 * Encoder settings (ADR 0014): AVIF quality 50 (sharp's default) at effort 2 — effort 4 took
 * about 5× longer for no smaller file at these sizes; WebP at its defaults (quality 80).
 */
const ENCODE = {
  avif: (img: Sharp) => img.avif({ quality: 50, effort: 2 }),
  webp: (img: Sharp) => img.webp({ quality: 80, effort: 4 }),
} satisfies Record<PhotoVariantFormat, (img: Sharp) => Sharp>;

export const PHOTO_CONTENT_TYPE: Record<PhotoVariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
};

/** One encoded copy, not yet stored. */
export interface RenderedVariant {
  format: PhotoVariantFormat;
  /** Pixels (square: height = width). */
  width: number;
  height: number;
  data: Buffer;
}

/** One stored copy, as recorded in `upload_variants` (without its id and dates). */
export interface StoredVariant {
  format: PhotoVariantFormat;
  width: number;
  height: number;
  sizeBytes: number;
  storageKey: string;
}

/**
 * Decodes the photo `input` (its bytes, or the path of a file) once and encodes every copy (see the module comment): the
 * oriented, centred square at the largest size is kept as raw pixels, and each copy is
 * reduced from it and encoded (two encodings per size, run together on libuv's pool).
 * @throws DomainError BAD_REQUEST `photoUnreadable` when the bytes cannot be decoded as an
 * image, `photoTooManyPixels` when it has more than `PHOTO_MAX_INPUT_PIXELS`.
 */
export async function renderPhotoVariants(input: Buffer | string): Promise<RenderedVariant[]> {
  const load = () => sharp(input, { limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: "error" });
  let meta: Metadata;
  try {
    meta = await load().metadata();
  } catch (err) {
    throw refusal(err);
  }
  if (!meta.width || !meta.height) throw new DomainError("BAD_REQUEST", Msg.photoUnreadable);
  if (meta.width * meta.height > PHOTO_MAX_INPUT_PIXELS) {
    throw new DomainError("BAD_REQUEST", Msg.photoTooManyPixels);
  }
  const shorter = Math.min(meta.width, meta.height);
  const sides = [...new Set(PHOTO_WIDTHS.map((w) => Math.min(w, shorter)))];
  const largest = Math.max(...sides);
  try {
    // Decoded once (JPEG shrink-on-load makes that cheap), orientation applied, cropped to the
    // centred square at the largest side, kept as raw sRGB pixels; every copy is made from it.
    const square = await load()
      .rotate()
      .resize(largest, largest, { fit: "cover", position: "centre", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = square.info;
    return await Promise.all(
      sides.flatMap((side) =>
        (Object.keys(ENCODE) as PhotoVariantFormat[]).map(async (format) => {
          const img = sharp(square.data, { raw: { width, height, channels } }).resize(side, side, { fit: "cover" });
          const { data, info } = await ENCODE[format](img).toBuffer({ resolveWithObject: true });
          return { format, width: info.width, height: info.height, data };
        }),
      ),
    );
  } catch (err) {
    throw refusal(err);
  }
}

/** The 400 for an error sharp raised while reading a photo (its header or its pixels). */
function refusal(err: unknown): DomainError {
  const tooManyPixels = err instanceof Error && /pixel limit/i.test(err.message);
  return new DomainError("BAD_REQUEST", tooManyPixels ? Msg.photoTooManyPixels : Msg.photoUnreadable);
}

/** Storage key of a copy: named after its original. */
function variantKey(uploadStorageKey: string, v: { width: number; format: PhotoVariantFormat }): string {
  return `${uploadStorageKey}-${v.width}.${v.format}`;
}

/**
 * Stores `rendered` as the copies of the original stored as `uploadStorageKey` (each write is
 * all-or-nothing, `FileStorage.put`). On failure removes whatever it wrote and rethrows.
 */
export async function writePhotoVariants(
  storage: FileStorage,
  uploadStorageKey: string,
  rendered: RenderedVariant[],
): Promise<StoredVariant[]> {
  const stored: StoredVariant[] = rendered.map((v) => ({
    format: v.format,
    width: v.width,
    height: v.height,
    sizeBytes: v.data.length,
    storageKey: variantKey(uploadStorageKey, v),
  }));
  try {
    await Promise.all(
      rendered.map((v) =>
        storage.put(variantKey(uploadStorageKey, v), v.data, { contentType: PHOTO_CONTENT_TYPE[v.format] }),
      ),
    );
  } catch (err) {
    await removeVariantFiles(storage, stored);
    throw err;
  }
  return stored;
}

/** Deletes the stored files of `variants` (missing ones are fine). */
export async function removeVariantFiles(
  storage: FileStorage,
  variants: readonly { storageKey: string }[],
): Promise<void> {
  if (variants.length > 0) await storage.delete(variants.map((v) => v.storageKey));
}

/** The recorded copies of an upload, smallest first. */
export async function photoVariantsOf(db: DbOrTx, uploadId: string): Promise<StoredVariant[]> {
  return db
    .select({
      format: uploadVariants.format,
      width: uploadVariants.width,
      height: uploadVariants.height,
      sizeBytes: uploadVariants.sizeBytes,
      storageKey: uploadVariants.storageKey,
    })
    .from(uploadVariants)
    .where(eq(uploadVariants.uploadId, uploadId))
    .orderBy(asc(uploadVariants.width), asc(uploadVariants.format));
}

/**
 * The copies of a profile photo, made now if it has none yet (a photo uploaded before issue
 * #11 §6): rendered from the stored original, written, and recorded. Two requests racing for
 * the same photo both render; the unique (upload, format, width) index keeps one set and the
 * other's files are removed. Returns [] when the original cannot be decoded (or is gone, or
 * the upload was pruned meanwhile): the caller serves the original instead.
 */
export async function ensurePhotoVariants(
  db: DbOrTx,
  storage: FileStorage,
  upload: { id: string; storageKey: string },
): Promise<StoredVariant[]> {
  const existing = await photoVariantsOf(db, upload.id);
  if (existing.length > 0) return existing;
  const original = await storage.read(upload.storageKey);
  if (!original) return [];
  let rendered: RenderedVariant[];
  try {
    rendered = await renderPhotoVariants(original);
  } catch {
    return [];
  }
  // A name of its own for this attempt, so that a racing request never overwrites our files.
  const stored = await writePhotoVariants(storage, `${upload.storageKey}-${randomUUID().slice(0, 8)}`, rendered);
  let inserted: { storageKey: string }[];
  try {
    inserted = await db
      .insert(uploadVariants)
      .values(stored.map((v) => ({ ...v, uploadId: upload.id })))
      .onConflictDoNothing()
      .returning({ storageKey: uploadVariants.storageKey });
  } catch {
    // The upload was deleted meanwhile (foreign key): nothing to serve, nothing to keep.
    await removeVariantFiles(storage, stored);
    return [];
  }
  const kept = new Set(inserted.map((r) => r.storageKey));
  await removeVariantFiles(
    storage,
    stored.filter((v) => !kept.has(v.storageKey)),
  );
  return photoVariantsOf(db, upload.id);
}

/**
 * The format to send for an `Accept` header: AVIF when the browser lists `image/avif` (Chrome,
 * Firefox, Safari 16+ do for images), WebP otherwise (every browser the club supports decodes it).
 */
export function preferredPhotoFormat(accept: string | undefined): PhotoVariantFormat {
  if (!accept) return "webp";
  for (const part of accept.split(",")) {
    const [type, ...params] = part.trim().split(";");
    if (type?.trim().toLowerCase() !== "image/avif") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q && Number(q.slice(2)) === 0 ? "webp" : "avif";
  }
  return "webp";
}

/**
 * The copy to send for a requested width: of `format` (or the other when that one is missing),
 * the smallest at least `width` wide, else the largest. `undefined` when there is none.
 */
export function pickPhotoVariant(
  variants: readonly StoredVariant[],
  width: number,
  format: PhotoVariantFormat,
): StoredVariant | undefined {
  const ofFormat = variants.filter((v) => v.format === format);
  const pool = ofFormat.length > 0 ? ofFormat : variants;
  const sorted = [...pool].sort((a, b) => a.width - b.width);
  return sorted.find((v) => v.width >= width) ?? sorted.at(-1);
}
