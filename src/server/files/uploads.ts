/**
 * The one upload pipeline (issue #3 §1; spec part 1 §5, §8): name and extension checked first,
 * the size enforced while streaming, the type decided by magic bytes, SHA-256 computed on the
 * way, the bytes stored under a generated name outside any static folder, and one `uploads` row.
 * A profile photo must also decode: its resized WebP/AVIF copies are made and stored in the
 * same request, recorded in `upload_variants` (issue #11 §6, ADR 0014, files/photos.ts). The
 * bytes go to the configured `FileStorage` (local folder or S3-compatible bucket; issue #16 §4,
 * ADR 0018, files/storage.ts).
 */
import { createHash, randomUUID } from "node:crypto";
import { type Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, inArray, lt, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { Msg } from "../../common/messages";
import {
  checkFileName,
  cleanFileName,
  type FileKind,
  KIND_CONTENT_TYPE,
  UPLOAD_RULES,
  type UploadPurpose,
} from "../../common/uploads";
import type { DbOrTx } from "../db/client";
import { membershipDocuments, pdfDocuments, posts, profiles, uploads, uploadVariants, videos } from "../db/schema";
import { DomainError } from "../domain/errors";
import { removeVariantFiles, renderPhotoVariants, type StoredVariant, writePhotoVariants } from "./photos";
import type { FileStorage } from "./storage";

/** What magic-byte detection must report for each accepted kind (doc/xls are OLE compound files). */
const DETECTED_EXT: Record<FileKind, readonly string[]> = {
  pdf: ["pdf"],
  jpeg: ["jpg"],
  png: ["png"],
  doc: ["cfb"],
  xls: ["cfb"],
  docx: ["docx"],
  xlsx: ["xlsx"],
  // A video by its container, whatever its name says among the three (an .mp4 may be QuickTime).
  mp4: ["mp4", "m4v", "mov"],
  mov: ["mov", "mp4", "m4v"],
  webm: ["webm"],
};

const SNIFF_BYTES = 4100;

export interface StoredUpload {
  id: string;
  fileName: string;
  sizeBytes: number;
  contentType: string;
  sha256: string;
  purpose: UploadPurpose;
}

/**
 * Streams `source` (a multipart file) into `storage` and records it for `ownerId`; for a profile
 * photo, also its resized copies (`upload_variants`).
 *
 * The bytes pass through one check on their way (`checkedStream`): the size is counted against
 * the purpose's limit, the SHA-256 computed, and the first 4,100 bytes held back until their magic
 * bytes say the type is the one the name claims — so no byte of a refused file reaches the
 * storage, and a refusal mid-way makes the driver's write fail (nothing stored, see
 * `FileStorage.put`). A profile photo (at most 1 MB) is gathered in memory instead, decoded and
 * its copies made, and only then written, copies first: a photo that cannot be decoded is never
 * stored at all.
 * @throws DomainError BAD_REQUEST (name, type or content; a profile photo that cannot be
 * decoded or has more than 50 megapixels), PAYLOAD_TOO_LARGE (too large while streaming).
 * Nothing is left in storage or in the database after a refusal.
 */
export async function storeUpload(
  db: DbOrTx,
  opts: { storage: FileStorage; ownerId: string; purpose: UploadPurpose; fileName: string; source: Readable },
): Promise<StoredUpload> {
  const checked = checkFileName(opts.fileName, opts.purpose);
  if (!checked.ok) {
    opts.source.resume();
    throw new DomainError("BAD_REQUEST", checked.message);
  }
  const { storage } = opts;
  const rule = UPLOAD_RULES[opts.purpose];
  const contentType = KIND_CONTENT_TYPE[checked.kind];
  const storageKey = randomUUID();
  const check = checkedStream(opts.source, rule, DETECTED_EXT[checked.kind]);
  const isPhoto = opts.purpose === "profile_photo";

  let variants: StoredVariant[] = [];
  let written = false;
  try {
    if (isPhoto) {
      const chunks: Buffer[] = [];
      const collect = new Writable({
        write(chunk: Buffer, _enc, done) {
          chunks.push(chunk);
          done();
        },
      });
      await pipeline(opts.source, check.meter, collect);
      check.assertComplete();
      const bytes = Buffer.concat(chunks);
      variants = await writePhotoVariants(storage, storageKey, await renderPhotoVariants(bytes));
      written = true;
      await storage.put(storageKey, bytes, { contentType });
    } else {
      const putting = storage.put(storageKey, check.meter, { contentType }).catch((err: unknown) => {
        // The driver gave up (storage unreachable): stop reading the upload too.
        check.meter.destroy(err instanceof Error ? err : new Error(String(err)));
        throw err;
      });
      written = true;
      const results = await Promise.allSettled([pipeline(opts.source, check.meter), putting]);
      // A refusal of ours explains the driver's failure better than the driver's own error.
      if (check.refusal) throw check.refusal;
      for (const r of results) if (r.status === "rejected") throw r.reason;
      check.assertComplete();
    }
  } catch (err) {
    opts.source.resume();
    await removeVariantFiles(storage, variants);
    if (written) await storage.delete([storageKey]).catch(() => {});
    throw err;
  }

  const stored = {
    fileName: cleanFileName(opts.fileName),
    sizeBytes: check.size(),
    contentType,
    sha256: check.sha256(),
    purpose: opts.purpose,
  };
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(uploads)
        .values({ ...stored, ownerId: opts.ownerId, storageKey })
        .returning({ id: uploads.id });
      if (!row) throw new Error("upload row not inserted");
      if (variants.length > 0) {
        await tx.insert(uploadVariants).values(variants.map((v) => ({ ...v, uploadId: row.id })));
      }
      return row.id;
    });
  } catch (err) {
    // No row, no file: never leave bytes nobody can reach.
    await storage.delete([storageKey]);
    await removeVariantFiles(storage, variants);
    throw err;
  }
  return { id, ...stored };
}

/**
 * The check every upload's bytes stream through: `meter` counts them (refusing with
 * PAYLOAD_TOO_LARGE past `rule.maxBytes`), hashes them, and holds back the first SNIFF_BYTES
 * until `fileTypeFromBuffer` finds one of `accepted` in them (else BAD_REQUEST
 * `fileContentMismatch`); `refusal` is the DomainError it stopped with, if any.
 */
function checkedStream(source: Readable, rule: (typeof UPLOAD_RULES)[UploadPurpose], accepted: readonly string[]) {
  const hash = createHash("sha256");
  let held: Buffer[] = [];
  let heldBytes = 0;
  let sniffed = false;
  let size = 0;
  const state: { refusal: DomainError | undefined } = { refusal: undefined };
  const refuse = (err: DomainError) => {
    state.refusal = err;
    return err;
  };
  async function sniff(): Promise<void> {
    const detected = await fileTypeFromBuffer(Buffer.concat(held).subarray(0, SNIFF_BYTES));
    if (!detected || !accepted.includes(detected.ext))
      throw refuse(new DomainError("BAD_REQUEST", Msg.fileContentMismatch));
    sniffed = true;
  }
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > rule.maxBytes) {
        done(refuse(new DomainError("PAYLOAD_TOO_LARGE", rule.tooLarge)));
        return;
      }
      hash.update(chunk);
      if (sniffed) {
        done(null, chunk);
        return;
      }
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes < SNIFF_BYTES) {
        done();
        return;
      }
      sniff().then(() => {
        for (const c of held) this.push(c);
        held = [];
        done();
      }, done);
    },
    flush(done) {
      // busboy cut the file at its own limit: too large, even if our count did not see it.
      if ((source as Readable & { truncated?: boolean }).truncated) {
        done(refuse(new DomainError("PAYLOAD_TOO_LARGE", rule.tooLarge)));
        return;
      }
      if (sniffed) {
        done();
        return;
      }
      sniff().then(() => {
        for (const c of held) this.push(c);
        held = [];
        done();
      }, done);
    },
  });
  return {
    meter,
    get refusal() {
      return state.refusal;
    },
    /** Throws when the source was cut short by busboy's limit after the meter finished. */
    assertComplete() {
      if ((source as Readable & { truncated?: boolean }).truncated) {
        throw refuse(new DomainError("PAYLOAD_TOO_LARGE", rule.tooLarge));
      }
    },
    size: () => size,
    sha256: () => hash.digest("hex"),
  };
}

/** Download address of an upload. */
export function fileUrl(uploadId: string): string {
  return `/api/files/${uploadId}`;
}

/** A `.part` file or an incomplete multipart upload untouched this long belongs to an upload that died (ms). */
export const PARTIAL_UPLOAD_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes profile photos, attachments and landing content files that no profile, post or item
 * refers to and that are older
 * than `olderThanMs` (uploaded but never saved with Update Profile, or replaced since): the rows,
 * the stored bytes, and the photos' resized copies (rows and files); and what writes that died
 * mid-way left in the storage (`FileStorage.pruneIncomplete`: `.part` files, incomplete multipart
 * uploads) once an hour old. Returns how many uploads were removed.
 *
 * The orphans are locked (`FOR UPDATE`) before their copies are listed, so a copy being made
 * for one at that moment (`ensurePhotoVariants`) either is listed and deleted here or fails its
 * foreign key and removes its own files: no variant file outlives its upload.
 */
export async function pruneOrphanUploads(
  db: DbOrTx,
  storage: FileStorage,
  olderThanMs = 24 * 60 * 60 * 1000,
): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  const files = await db.transaction(async (tx) => {
    const orphans = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(
        and(
          inArray(uploads.purpose, [
            "profile_photo",
            "profile_attachment",
            "post_attachment",
            "membership_document",
            "video",
            "pdf_document",
          ]),
          lt(uploads.createdAt, cutoff),
          sql`not exists (select 1 from ${profiles} where ${profiles.photoUploadId} = ${uploads.id} or ${profiles.attachmentUploadId} = ${uploads.id})`,
          sql`not exists (select 1 from ${posts} where ${posts.attachmentUploadId} = ${uploads.id})`,
          // Landing content uploaded but never finalised into an item (issue #16 §1).
          sql`not exists (select 1 from ${membershipDocuments} where ${membershipDocuments.uploadId} = ${uploads.id})`,
          sql`not exists (select 1 from ${videos} where ${videos.uploadId} = ${uploads.id})`,
          sql`not exists (select 1 from ${pdfDocuments} where ${pdfDocuments.uploadId} = ${uploads.id})`,
        ),
      )
      .for("update");
    if (orphans.length === 0) return { uploads: [], variants: [] };
    const ids = orphans.map((o) => o.id);
    const variants = await tx
      .delete(uploadVariants)
      .where(inArray(uploadVariants.uploadId, ids))
      .returning({ storageKey: uploadVariants.storageKey });
    const removed = await tx
      .delete(uploads)
      .where(inArray(uploads.id, ids))
      .returning({ storageKey: uploads.storageKey });
    return { uploads: removed, variants };
  });
  await storage.delete(files.uploads.map((r) => r.storageKey));
  await removeVariantFiles(storage, files.variants);
  await storage.pruneIncomplete(PARTIAL_UPLOAD_MAX_AGE_MS);
  return files.uploads.length;
}
