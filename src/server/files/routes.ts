/**
 * Upload and download routes (issue #3 §1; DESIGN.md §4 Uploads). Plain Fastify routes, since
 * tRPC is the wrong tool for multipart bodies and byte ranges.
 *
 * - `POST /api/files?purpose=<UploadPurpose>`: one multipart file; approved members only (admins
 *   only for landing content: `membership_document`, `video`, `pdf_document`);
 *   10 per hour per member. 201 `{ id, fileName, sizeBytes, contentType, url }`; refusals are
 *   `DomainError`s, sent by the app's error handler as `{ error: { code, message } }` with
 *   400/401/403/413/429 and the spec's message.
 * - `GET /api/files/:id`: the bytes, for who may see them (`canDownload`: owner, admins, any
 *   approved member for profile photos and attachments of published library items), with
 *   Content-Disposition, `X-Content-Type-Options: nosniff` and `Cache-Control: private, no-store`;
 *   landing content (membership documents, videos, About PDFs) is public, signed in or not,
 *   while its item is active (issue #16 §1) and otherwise its uploader's and admins' like any file;
 *   streamed from the file storage, whichever driver (issue #16 §4). One byte range is honoured
 *   (`Range: bytes=a-b`, `a-`, `-n` → 206 with `Content-Range`; past the end → 416 with
 *   `Content-Range: bytes *\/<size>`); several ranges, a malformed header or an `If-Range` that
 *   is not the file's `Last-Modified` get the whole file (200). `Accept-Ranges: bytes` always.
 * - `GET /api/files/:id?w=<1–4096>`: for a profile photo, its resized copy at least `w` px wide
 *   (else the largest), AVIF when `Accept` lists `image/avif`, WebP otherwise, with `Vary: Accept`
 *   (issue #11 §6, ADR 0014). Same authorization and 404s as the original; `Cache-Control:
 *   private, max-age=86400, immutable` (a copy's bytes never change at its URL). A photo stored
 *   before copies existed gets them on this first request; one that cannot be decoded is served
 *   as stored. `w` on any other upload, or a `w` that is not a whole number in range, is 404.
 */
import { Readable } from "node:stream";
import fastifyMultipart from "@fastify/multipart";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { RATE_LIMITS } from "../../common/constants";
import { Msg } from "../../common/messages";
import { DATA_EXPORT_PATH } from "../../common/myData";
import { PHOTO_WIDTH_MAX, UPLOAD_PURPOSES, UPLOAD_RULES } from "../../common/uploads";
import { hitRateLimit } from "../auth/rate-limit";
import type { Db } from "../db/client";
import { uploads } from "../db/schema";
import { CONTENT_PURPOSES, isActiveContentUpload } from "../domain/content";
import { DomainError, tooManyRequests } from "../domain/errors";
import { isPublishedAttachment } from "../domain/library";
import { openDataExport } from "../domain/myData";
import { isVisiblePostAttachment } from "../domain/posts";
import { matchProfileOf, type Viewer } from "../domain/viewer";
import { ensurePhotoVariants, PHOTO_CONTENT_TYPE, pickPhotoVariant, preferredPhotoFormat } from "./photos";
import type { ByteRange, FileStorage } from "./storage";
import { fileUrl, storeUpload } from "./uploads";

declare module "fastify" {
  interface FastifyInstance {
    /** Where uploads are stored (files/storage.ts); the housekeeping sweep uses it too. */
    storage: FileStorage;
  }
}

const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

/** `?w=` of a download: a whole number of pixels, 1–PHOTO_WIDTH_MAX, or absent. */
const downloadQuery = z.object({
  w: z
    .string()
    .regex(/^[1-9][0-9]{0,3}$/)
    .transform(Number)
    .pipe(z.number().max(PHOTO_WIDTH_MAX))
    .optional(),
});

/**
 * A resized copy of a private photo is as private as the photo, but, unlike the original (which
 * the owner may download and which stays `no-store`), its bytes at a URL never change: the
 * browser may keep it for a day instead of fetching every avatar on every directory page.
 */
const VARIANT_CACHE_CONTROL = "private, max-age=86400, immutable";

/**
 * Who may download an upload: its owner and admins; profile photos also any approved member; a
 * knowledge attachment while the item it is attached to is published in the library (issue #13
 * §1), and a post attachment while its post is shown to the member (issue #14). Both are looked
 * up by the caller (`visibleThroughItem`, `itemVisibility`). Pending, rejected and suspended
 * accounts never see others' files.
 */
export function canDownload(
  viewer: Viewer,
  upload: { ownerId: string; purpose: string },
  visibleThroughItem = false,
): boolean {
  if (viewer.id === upload.ownerId || viewer.isAdmin) return true;
  if (viewer.approvalStatus !== "approved") return false;
  if (upload.purpose === "profile_photo") return true;
  return (upload.purpose === "knowledge_attachment" || upload.purpose === "post_attachment") && visibleThroughItem;
}

/** Whether an upload is landing content (a membership document, a video, an About PDF). */
function isContentPurpose(purpose: string): boolean {
  return CONTENT_PURPOSES.includes(purpose);
}

/** Whether the item an attachment belongs to shows it to `viewer` (see `canDownload`). */
function itemVisibility(db: Db, viewer: Viewer, upload: { id: string; purpose: string }): Promise<boolean> {
  if (upload.purpose === "knowledge_attachment") return isPublishedAttachment(db, upload.id);
  if (upload.purpose === "post_attachment") return isVisiblePostAttachment(db, matchProfileOf(viewer), upload.id);
  return Promise.resolve(false);
}

/**
 * What a `Range` header asks of a file of `size` bytes: one satisfiable range, "unsatisfiable"
 * (416), or undefined for the whole file (no header, a malformed one, or several ranges, which
 * a server may answer with the whole file — RFC 9110 §14.2).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return undefined;
  if (m[1] === "") {
    // The last n bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== "" && Number(m[2]) < start) return undefined;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

export async function registerFileRoutes(app: FastifyInstance, opts: { db: Db; storage: FileStorage }): Promise<void> {
  const { db, storage } = opts;
  app.decorate("storage", storage);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 2, parts: 3, headerPairs: 100 },
  });

  app.post("/api/files", async (req, reply) => {
    const auth = req.auth;
    if (!auth) throw new DomainError("UNAUTHORIZED", Msg.uploadAuth);
    if (auth.viewer.approvalStatus !== "approved") throw new DomainError("FORBIDDEN", Msg.approvalRequired);
    const query = z.object({ purpose: z.enum(UPLOAD_PURPOSES) }).safeParse(req.query);
    if (!query.success) throw new DomainError("BAD_REQUEST", Msg.invalidFileType);
    // Landing content is the admins' (issue #16 §1).
    if (isContentPurpose(query.data.purpose) && !auth.viewer.isAdmin) throw new DomainError("FORBIDDEN", Msg.adminOnly);
    if (!req.isMultipart()) throw new DomainError("BAD_REQUEST", Msg.fileNameRequired);

    const limit = await hitRateLimit(db, `upload:${auth.viewer.id}`, RATE_LIMITS.upload);
    if (!limit.allowed) throw tooManyRequests(Msg.uploadLimit, limit.delaySeconds);

    const file = await req.file();
    if (!file) throw new DomainError("BAD_REQUEST", Msg.fileNameRequired);
    const stored = await storeUpload(db, {
      storage,
      ownerId: auth.viewer.id,
      purpose: query.data.purpose,
      fileName: file.filename,
      source: file.file,
    });
    return reply.code(201).send({ ...stored, url: fileUrl(stored.id) });
  });

  // Sent as stored (media, mostly already compressed): byte ranges address the stored bytes.
  app.get<{ Params: { id: string } }>("/api/files/:id", { compress: false }, async (req, reply) => {
    const auth = req.auth;
    const id = z.uuid().safeParse(req.params.id);
    const query = downloadQuery.safeParse(req.query);
    // Landing content is public while its item is active (issue #16 §1): decided before sign-in.
    const [upload] = id.success ? await db.select().from(uploads).where(eq(uploads.id, id.data)).limit(1) : [];
    const publicContent = !!upload && isContentPurpose(upload.purpose) && (await isActiveContentUpload(db, upload.id));
    if (!auth && !publicContent) throw new DomainError("UNAUTHORIZED", Msg.signInRequired);
    if (!id.success || !query.success) throw new DomainError("NOT_FOUND", Msg.notFound);
    if (!upload) throw new DomainError("NOT_FOUND", Msg.notFound);
    if (!publicContent) {
      if (!auth) throw new DomainError("UNAUTHORIZED", Msg.signInRequired);
      const visible =
        auth.viewer.id !== upload.ownerId &&
        !auth.viewer.isAdmin &&
        auth.viewer.approvalStatus === "approved" &&
        (await itemVisibility(db, auth.viewer, upload));
      if (!canDownload(auth.viewer, upload, visible)) throw new DomainError("NOT_FOUND", Msg.notFound);
    }
    const width = query.data.w;
    if (width !== undefined && upload.purpose !== "profile_photo") throw new DomainError("NOT_FOUND", Msg.notFound);

    const variant =
      width === undefined
        ? undefined
        : pickPhotoVariant(
            await ensurePhotoVariants(db, storage, upload),
            width,
            preferredPhotoFormat(req.headers.accept),
          );
    const file = variant
      ? {
          storageKey: variant.storageKey,
          contentType: PHOTO_CONTENT_TYPE[variant.format],
          fileName: `${upload.fileName.replace(/\.[^.]*$/, "")}-${variant.width}.${variant.format}`,
          cacheControl: VARIANT_CACHE_CONTROL,
        }
      : {
          storageKey: upload.storageKey,
          contentType: upload.contentType,
          fileName: upload.fileName,
          // Only the signed-in viewer may see it: never kept by a shared cache or on disk.
          cacheControl: "private, no-store",
        };
    // A row whose file is gone (lost volume or bucket, manual clean-up) is a 404, not a 500 (issue #11 §5).
    const info = await storage.stat(file.storageKey);
    const missing = () => {
      req.log.warn({ uploadId: upload.id, variant: variant?.storageKey }, "stored file missing");
      return new DomainError("NOT_FOUND", Msg.notFound);
    };
    if (!info) throw missing();
    const inline = file.contentType.startsWith("image/") || file.contentType === "application/pdf";
    // The answer to `?w=` depends on Accept (AVIF or WebP), even when it falls back to the original.
    if (width !== undefined) reply.header("Vary", "Accept");
    const lastModified = info.lastModified.toUTCString();
    reply
      .header("Content-Type", file.contentType)
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", file.cacheControl)
      .header("Accept-Ranges", "bytes")
      .header("Last-Modified", lastModified)
      .header(
        "Content-Disposition",
        `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      );
    // An active PDF or document of the landing page is shown in a frame of our own pages (issue
    // #16 §2): its answer may be framed by the same origin only (not 'none'); the pages' own CSP
    // already limits frames to 'self' (default-src).
    if (publicContent && inline) {
      reply
        .header(
          "Content-Security-Policy",
          "default-src 'none'; object-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
        )
        .header("X-Frame-Options", "SAMEORIGIN");
    }
    const ifRange = req.headers["if-range"];
    const range = ifRange && ifRange !== lastModified ? undefined : parseRange(req.headers.range, info.size);
    if (range === "unsatisfiable") {
      return reply.code(416).header("Content-Range", `bytes */${info.size}`).header("Content-Length", 0).send();
    }
    if (range) reply.code(206).header("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
    reply.header("Content-Length", range ? range.end - range.start + 1 : info.size);
    // HEAD (Fastify's automatic route): the headers only, without fetching the bytes. An empty
    // stream, because the HEAD route would replace our Content-Length with 0 for no payload.
    if (req.method === "HEAD") return reply.send(Readable.from([]));
    const body = await storage.get(file.storageKey, range);
    if (!body) {
      // Deleted between stat and get: the error handler's JSON must not go out as the file.
      for (const h of [
        "Content-Type",
        "Content-Disposition",
        "Cache-Control",
        "Last-Modified",
        "Accept-Ranges",
        "Vary",
        "Content-Range",
        "Content-Length",
      ])
        reply.removeHeader(h);
      throw missing();
    }
    return reply.send(body);
  });

  /**
   * `GET /api/my-data/:id?token=…`: a member's archive (docs/architecture.md "A copy of my
   * data"), only for its own member signed in, with the export's token, while it is ready and
   * not expired; anyone else gets 404 (anonymous 401). Sent as an attachment, `no-store`.
   */
  app.get(`${DATA_EXPORT_PATH}/:id`, async (req, reply) => {
    const auth = req.auth;
    if (!auth) throw new DomainError("UNAUTHORIZED", Msg.signInRequired);
    const params = z.object({ id: z.uuid() }).safeParse(req.params);
    const query = z.object({ token: z.string().min(1).max(200) }).safeParse(req.query);
    if (!params.success || !query.success) throw new DomainError("NOT_FOUND", Msg.notFound);
    const archive = await openDataExport(db, auth.viewer.id, params.data.id, query.data.token);
    if (!archive) throw new DomainError("NOT_FOUND", Msg.notFound);
    const body = await storage.get(archive.storageKey);
    if (!body) {
      req.log.warn({ exportId: params.data.id }, "stored data export missing");
      throw new DomainError("NOT_FOUND", Msg.notFound);
    }
    const day = archive.readyAt.toISOString().slice(0, 10);
    return reply
      .header("Content-Type", "application/zip")
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "private, no-store")
      .header("Content-Length", archive.sizeBytes)
      .header("Content-Disposition", `attachment; filename="export-club-data-${day}.zip"`)
      .send(body);
  });
}
