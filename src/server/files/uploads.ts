/**
 * The one upload pipeline (issue #3 §1; spec part 1 §5, §8): name and extension checked first,
 * the size enforced while streaming, the type decided by magic bytes, SHA-256 computed on the
 * way, the bytes stored under a generated name outside any static folder, and one `uploads` row.
 * A profile photo must also decode: its resized WebP/AVIF copies are made and stored in the
 * same request, recorded in `upload_variants` (issue #11 §6, ADR 0014, files/photos.ts).
 */
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
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
import { posts, profiles, uploads, uploadVariants } from "../db/schema";
import { DomainError } from "../domain/errors";
import { removeVariantFiles, renderPhotoVariants, type StoredVariant, writePhotoVariants } from "./photos";

/** What magic-byte detection must report for each accepted kind (doc/xls are OLE compound files). */
const DETECTED_EXT: Record<FileKind, readonly string[]> = {
  pdf: ["pdf"],
  jpeg: ["jpg"],
  png: ["png"],
  doc: ["cfb"],
  xls: ["cfb"],
  docx: ["docx"],
  xlsx: ["xlsx"],
};

const SNIFF_BYTES = 4100;

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

export interface StoredUpload {
  id: string;
  fileName: string;
  sizeBytes: number;
  contentType: string;
  sha256: string;
  purpose: UploadPurpose;
}

/**
 * Streams `source` (a multipart file) into storage and records it for `ownerId`; for a profile
 * photo, also its resized copies (`upload_variants`).
 * @throws DomainError BAD_REQUEST (name, type or content; a profile photo that cannot be
 * decoded or has more than 50 megapixels), PAYLOAD_TOO_LARGE (too large while streaming).
 * Nothing is left on disk or in the database after a refusal.
 */
export async function storeUpload(
  db: DbOrTx,
  opts: { dataDir: string; ownerId: string; purpose: UploadPurpose; fileName: string; source: Readable },
): Promise<StoredUpload> {
  const checked = checkFileName(opts.fileName, opts.purpose);
  if (!checked.ok) {
    opts.source.resume();
    throw new DomainError("BAD_REQUEST", checked.message);
  }
  const rule = UPLOAD_RULES[opts.purpose];
  const dir = uploadsDir(opts.dataDir);
  await mkdir(dir, { recursive: true });
  const storageKey = randomUUID();
  const tmpPath = path.join(dir, `${storageKey}.part`);

  const hash = createHash("sha256");
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > rule.maxBytes) {
        done(new DomainError("PAYLOAD_TOO_LARGE", rule.tooLarge));
        return;
      }
      hash.update(chunk);
      if (headBytes < SNIFF_BYTES) {
        head.push(chunk);
        headBytes += chunk.length;
      }
      done(null, chunk);
    },
  });

  const out = createWriteStream(tmpPath, { flags: "wx", mode: 0o600 });
  let variants: StoredVariant[] = [];
  try {
    await pipeline(opts.source, meter, out);
    if ((opts.source as Readable & { truncated?: boolean }).truncated)
      throw new DomainError("PAYLOAD_TOO_LARGE", rule.tooLarge);
    const detected = await fileTypeFromBuffer(Buffer.concat(head).subarray(0, SNIFF_BYTES));
    if (!detected || !DETECTED_EXT[checked.kind].includes(detected.ext)) {
      throw new DomainError("BAD_REQUEST", Msg.fileContentMismatch);
    }
    if (opts.purpose === "profile_photo") {
      variants = await writePhotoVariants(opts.dataDir, storageKey, await renderPhotoVariants(tmpPath));
    }
    await rename(tmpPath, path.join(dir, storageKey));
  } catch (err) {
    opts.source.resume();
    await removeVariantFiles(opts.dataDir, variants);
    // A failed pipeline rejects as soon as any stream errors, while the file may still be being
    // opened (or closed): removing it before then would leave it behind once the open completes
    // (issue #10 §8). Wait for the descriptor to be released, then remove the file.
    await closed(out);
    await rm(tmpPath, { force: true });
    throw err;
  }

  const stored = {
    fileName: cleanFileName(opts.fileName),
    sizeBytes: size,
    contentType: KIND_CONTENT_TYPE[checked.kind],
    sha256: hash.digest("hex"),
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
    await rm(path.join(dir, storageKey), { force: true });
    await removeVariantFiles(opts.dataDir, variants);
    throw err;
  }
  return { id, ...stored };
}

/**
 * Resolves once `stream` has emitted 'close' (its file opened, if ever, and closed again),
 * whatever its outcome; a file stream always closes once it has ended or been destroyed.
 */
function closed(stream: WriteStream): Promise<void> {
  if (stream.closed) return Promise.resolve();
  return new Promise((resolve) => stream.once("close", () => resolve()));
}

/** Download address of an upload. */
export function fileUrl(uploadId: string): string {
  return `/api/files/${uploadId}`;
}

/** A `.part` file untouched this long belongs to an upload that died (ms). */
export const PARTIAL_UPLOAD_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes `<storageKey>.part` files last written more than `olderThanMs` ago: uploads whose
 * process crashed while the bytes streamed in (a live upload writes its file continuously, and
 * a failed one removes it itself). Returns how many were removed.
 */
export async function prunePartialUploads(dataDir: string, olderThanMs = PARTIAL_UPLOAD_MAX_AGE_MS): Promise<number> {
  const dir = uploadsDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(".part")) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info || info.mtimeMs >= cutoff) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}

/**
 * Deletes profile photos and attachments that no profile refers to and that are older than
 * `olderThanMs` (uploaded but never saved with Update Profile, or replaced since): the rows,
 * the bytes, and the photos' resized copies (rows and files); and the `.part` files of uploads
 * that died mid-way (`prunePartialUploads`). Returns how many uploads were removed.
 *
 * The orphans are locked (`FOR UPDATE`) before their copies are listed, so a copy being made
 * for one at that moment (`ensurePhotoVariants`) either is listed and deleted here or fails its
 * foreign key and removes its own files: no variant file outlives its upload.
 */
export async function pruneOrphanUploads(
  db: DbOrTx,
  dataDir: string,
  olderThanMs = 24 * 60 * 60 * 1000,
): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  const files = await db.transaction(async (tx) => {
    const orphans = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(
        and(
          inArray(uploads.purpose, ["profile_photo", "profile_attachment", "post_attachment"]),
          lt(uploads.createdAt, cutoff),
          sql`not exists (select 1 from ${profiles} where ${profiles.photoUploadId} = ${uploads.id} or ${profiles.attachmentUploadId} = ${uploads.id})`,
          sql`not exists (select 1 from ${posts} where ${posts.attachmentUploadId} = ${uploads.id})`,
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
  await Promise.all(files.uploads.map((r) => rm(path.join(uploadsDir(dataDir), r.storageKey), { force: true })));
  await removeVariantFiles(dataDir, files.variants);
  await prunePartialUploads(dataDir);
  return files.uploads.length;
}
