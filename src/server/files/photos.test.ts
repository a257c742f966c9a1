import { Readable } from "node:stream";
import { deflateSync } from "node:zlib";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { PHOTO_WIDTHS } from "../../common/uploads";
import { type Actor, SAMPLE_FILES, type TestApp, uploadFile } from "../../test/app";
import { uploads, uploadVariants } from "../db/schema";
import { pickPhotoVariant, preferredPhotoFormat, type StoredVariant } from "./photos";
import { createDriverApp, type DriverApp, STORAGE_DRIVERS } from "./test-drivers";
import { pruneOrphanUploads, storeUpload } from "./uploads";

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 30, b: 220 };

/**
 * A 600×400 JPEG whose stored pixels are red on the left half and blue on the right, tagged
 * EXIF orientation 6 (shown turned 90° clockwise: 400×600, red on top, blue below) and with a
 * GPS position, a camera make and a comment — everything a variant must not carry.
 */
async function orientedJpegWithGps(): Promise<Buffer> {
  const half = (colour: typeof RED) =>
    sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 600, height: 400, channels: 3, background: RED } })
    .composite([
      { input: await half(RED), left: 0, top: 0 },
      { input: await half(BLUE), left: 300, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "PhotoTest", Model: "Camera 1", ImageDescription: "home address" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "35/1 41/1 2/1", GPSLongitudeRef: "E", GPSLongitude: "51/1 23/1 4/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A PNG declaring `width`×`height` 1-bit grey pixels, all black (small once deflated). */
function hugeBlankPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth 1
  ihdr.writeUInt8(0, 9); // greyscale
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe.each(STORAGE_DRIVERS)("on the %s driver", (driver) => {
  let t: TestApp;
  let app: DriverApp;
  let admin: Actor;
  let owner: Actor;
  let other: Actor;

  beforeAll(async () => {
    app = await createDriverApp(driver);
    t = app.t;
    admin = await t.actor("admin");
    owner = await t.actor("member");
    other = await t.actor("member");
  });

  afterAll(async () => {
    await app?.close();
  });

  /** What the storage holds (local: the uploads folder's files; s3: the bucket's keys). */
  const filesOnDisk = () => app.keys();
  const storedBytes = async (key: string) => (await t.app.storage.read(key))!;

  async function variantRows(uploadId: string) {
    return t.db.select().from(uploadVariants).where(eq(uploadVariants.uploadId, uploadId));
  }

  async function uploadPhoto(who: Actor, content: Buffer, fileName = "portrait.jpg"): Promise<string> {
    const res = await uploadFile(t, { token: who.token, purpose: "profile_photo", fileName, content });
    expect(res.status).toBe(201);
    return res.json!.id as string;
  }

  const get = (id: string, query: string, token: string | null | undefined, accept?: string) =>
    t.inject({ url: `/api/files/${id}${query}`, token, headers: accept ? { accept } : undefined });

  /** Colour of the pixel at (x, y) fractions of a decoded image. */
  async function pixelAt(image: Buffer, fx: number, fy: number) {
    const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const x = Math.floor(info.width * fx);
    const y = Math.floor(info.height * fy);
    const o = (y * info.width + x) * info.channels;
    return { r: data[o]!, g: data[o + 1]!, b: data[o + 2]! };
  }

  function expectColour(actual: { r: number; g: number; b: number }, expected: typeof RED) {
    for (const c of ["r", "g", "b"] as const) expect(Math.abs(actual[c] - expected[c])).toBeLessThan(40);
  }

  describe("variants made at upload", () => {
    let source: Buffer;
    let id: string;

    beforeAll(async () => {
      source = await orientedJpegWithGps();
      id = await uploadPhoto(owner, source);
    });

    it("the sample really carries orientation 6, EXIF with GPS, and is 600×400 as stored", async () => {
      const meta = await sharp(source).metadata();
      expect(meta).toMatchObject({ width: 600, height: 400, orientation: 6, format: "jpeg" });
      expect(meta.exif?.includes(Buffer.from("PhotoTest"))).toBe(true);
      // GPS IFD pointer tag 0x8825 in the little- or big-endian EXIF.
      expect(meta.exif!.includes(Buffer.from([0x88, 0x25])) || meta.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(
        true,
      );
    });

    it("records one AVIF and one WebP per width, square, as files beside the original", async () => {
      const rows = await variantRows(id);
      expect(rows.map((r) => `${r.format}@${r.width}x${r.height}`).sort()).toEqual(
        PHOTO_WIDTHS.flatMap((w) => [`avif@${w}x${w}`, `webp@${w}x${w}`]).sort(),
      );
      const [upload] = await t.db.select().from(uploads).where(eq(uploads.id, id));
      const onDisk = await filesOnDisk();
      for (const row of rows) {
        expect(row.storageKey.startsWith(upload!.storageKey)).toBe(true);
        expect(onDisk).toContain(row.storageKey);
      }
      expect(onDisk.filter((f) => f.endsWith(".part"))).toEqual([]);
    });

    it("each stored copy is what its row says: the format, the size, the bytes", async () => {
      for (const row of await variantRows(id)) {
        const bytes = await storedBytes(row.storageKey);
        expect(bytes.length).toBe(row.sizeBytes);
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe(row.format === "avif" ? "heif" : "webp");
        if (row.format === "avif") expect(meta.compression).toBe("av1");
        expect([meta.width, meta.height]).toEqual([row.width, row.height]);
      }
    });

    it("the orientation is applied: red on top and blue below, at every size and format", async () => {
      for (const row of await variantRows(id)) {
        const bytes = await storedBytes(row.storageKey);
        // Unrotated, the top row would be red on the left and blue on the right.
        expectColour(await pixelAt(bytes, 0.1, 0.1), RED);
        expectColour(await pixelAt(bytes, 0.9, 0.1), RED);
        expectColour(await pixelAt(bytes, 0.1, 0.9), BLUE);
        expectColour(await pixelAt(bytes, 0.9, 0.9), BLUE);
      }
    });

    it("every metadata block is stripped: no EXIF (so no GPS), orientation, XMP, IPTC or ICC", async () => {
      for (const row of await variantRows(id)) {
        const bytes = await storedBytes(row.storageKey);
        const meta = await sharp(bytes).metadata();
        expect(meta.exif).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(bytes.includes(Buffer.from("PhotoTest"))).toBe(false);
        expect(bytes.includes(Buffer.from("home address"))).toBe(false);
      }
    });

    it("the original is still served as uploaded, private and never stored", async () => {
      const res = await get(id, "", owner.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers.vary).toBeUndefined();
      expect(res.rawPayload.equals(source)).toBe(true);
    });

    it("a photo smaller than a width is never enlarged: a 100×80 PNG has 64×64 and 80×80 copies", async () => {
      const small = await sharp({ create: { width: 100, height: 80, channels: 3, background: BLUE } })
        .png()
        .toBuffer();
      const smallId = await uploadPhoto(owner, small, "small.png");
      const rows = await variantRows(smallId);
      // 64 as asked; 128 and 256 would be enlargements, so one 80×80 (the shorter side) serves both.
      expect(rows.map((r) => `${r.format}@${r.width}x${r.height}`).sort()).toEqual([
        "avif@64x64",
        "avif@80x80",
        "webp@64x64",
        "webp@80x80",
      ]);
      const res = await get(smallId, "?w=256", owner.token, "image/webp,*/*");
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 80, 80]);
    });
  });

  describe("serving a variant: GET /api/files/:id?w=", () => {
    let id: string;
    let attachmentId: string;
    let owner: Actor;

    beforeAll(async () => {
      owner = await t.actor("member");
      id = await uploadPhoto(owner, await orientedJpegWithGps());
      const res = await uploadFile(t, {
        token: owner.token,
        purpose: "profile_attachment",
        fileName: "scan.jpg",
        content: await orientedJpegWithGps(),
      });
      expect(res.status).toBe(201);
      attachmentId = res.json!.id as string;
      // Only profile photos get copies.
      expect(await variantRows(attachmentId)).toEqual([]);
    });

    it("AVIF when Accept lists image/avif, WebP otherwise; Vary: Accept; private, cacheable, inline", async () => {
      const chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
      for (const [accept, type, format] of [
        [chrome, "image/avif", "heif"],
        ["image/webp,*/*", "image/webp", "webp"],
        ["image/avif;q=0,image/webp", "image/webp", "webp"],
        [undefined, "image/webp", "webp"],
      ] as const) {
        const res = await get(id, "?w=64", owner.token, accept);
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toBe(type);
        expect(res.headers.vary).toMatch(/\bAccept\b/i);
        expect(res.headers["cache-control"]).toBe("private, max-age=86400, immutable");
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        expect(res.headers["content-disposition"]).toBe(
          `inline; filename*=UTF-8''portrait-64.${type === "image/avif" ? "avif" : "webp"}`,
        );
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([format, 64, 64]);
      }
    });

    it("answers the smallest copy at least w wide, else the largest", async () => {
      for (const [w, side] of [
        [1, 64],
        [64, 64],
        [65, 128],
        [112, 128],
        [128, 128],
        [168, 256],
        [256, 256],
        [4096, 256],
      ] as const) {
        const res = await get(id, `?w=${w}`, owner.token, "image/webp");
        expect(res.statusCode, `w=${w}`).toBe(200);
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.width, meta.height], `w=${w}`).toEqual([side, side]);
      }
    });

    it("a w that is not a whole number from 1 to 4096 is 404", async () => {
      for (const q of ["?w=0", "?w=-5", "?w=abc", "?w=1.5", "?w=4097", "?w=01", "?w=", "?w=64&w=128"]) {
        const res = await get(id, q, owner.token);
        expect(res.statusCode, q).toBe(404);
        expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: Msg.notFound } });
      }
    });

    it("the same people as the original: owner, admin and approved members; pending and rejected 404, anonymous 401", async () => {
      for (const who of [owner, admin, other]) {
        const res = await get(id, "?w=128", who.token, "image/avif");
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toBe("image/avif");
      }
      for (const kind of ["pending", "rejected"] as const) {
        const who = await t.actor(kind);
        const original = await get(id, "", who.token);
        const variant = await get(id, "?w=128", who.token);
        expect([original.statusCode, variant.statusCode]).toEqual([404, 404]);
        expect(variant.json()).toEqual({ error: { code: "NOT_FOUND", message: Msg.notFound } });
      }
      const anon = await get(id, "?w=128", null);
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ error: { code: "UNAUTHORIZED", message: Msg.signInRequired } });
    });

    it("w on an upload that is not a profile photo is 404, even for its owner; others still cannot see it", async () => {
      expect((await get(attachmentId, "", owner.token)).statusCode).toBe(200);
      expect((await get(attachmentId, "?w=64", owner.token)).statusCode).toBe(404);
      expect((await get(attachmentId, "?w=64", admin.token)).statusCode).toBe(404);
      expect((await get(attachmentId, "?w=64", other.token)).statusCode).toBe(404);
      expect((await get(attachmentId, "", other.token)).statusCode).toBe(404);
    });

    it("a variant whose file is gone answers 404, not 500", async () => {
      const goneId = await uploadPhoto(owner, SAMPLE_FILES.png, "gone.png");
      for (const row of await variantRows(goneId)) await t.app.storage.delete([row.storageKey]);
      const res = await get(goneId, "?w=64", owner.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: Msg.notFound } });
    });
  });

  describe("photos stored before variants existed", () => {
    let owner: Actor;
    beforeAll(async () => {
      owner = await t.actor("member");
    });

    it("get their copies on the first request, once", async () => {
      const id = await uploadPhoto(owner, await orientedJpegWithGps());
      // As a photo uploaded before issue #11 §6: no rows, no files.
      const made = await variantRows(id);
      await t.db.delete(uploadVariants).where(eq(uploadVariants.uploadId, id));
      for (const row of made) await t.app.storage.delete([row.storageKey]);

      const [first, second] = await Promise.all([
        get(id, "?w=128", other.token, "image/avif"),
        get(id, "?w=128", other.token, "image/avif"),
      ]);
      for (const res of [first!, second!]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toBe("image/avif");
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.width, meta.height, meta.exif]).toEqual([128, 128, undefined]);
      }
      // One set recorded, and only its files on disk (the racing request's were removed).
      const rows = await variantRows(id);
      expect(rows).toHaveLength(2 * PHOTO_WIDTHS.length);
      const [upload] = await t.db.select().from(uploads).where(eq(uploads.id, id));
      const onDisk = (await filesOnDisk()).filter((f) => f.startsWith(`${upload!.storageKey}-`));
      expect(onDisk.sort()).toEqual(rows.map((r) => r.storageKey).sort());
    });

    it("one that cannot be decoded is served as stored (no copies made)", async () => {
      const storageKey = "00000000-0000-4000-8000-0000000000aa";
      await t.app.storage.put(storageKey, SAMPLE_FILES.jpegHeaderOnly, { contentType: "image/jpeg" });
      const [row] = await t.db
        .insert(uploads)
        .values({
          ownerId: owner.user!.id,
          purpose: "profile_photo",
          fileName: "old.jpg",
          sizeBytes: SAMPLE_FILES.jpegHeaderOnly.length,
          contentType: "image/jpeg",
          sha256: "0".repeat(64),
          storageKey,
        })
        .returning({ id: uploads.id });
      const res = await get(row!.id, "?w=64", other.token, "image/avif,image/webp");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers.vary).toMatch(/\bAccept\b/i);
      expect(res.rawPayload.equals(SAMPLE_FILES.jpegHeaderOnly)).toBe(true);
      expect(await variantRows(row!.id)).toEqual([]);
    });
  });

  describe("refused photos leave nothing behind", () => {
    let owner: Actor;
    beforeAll(async () => {
      owner = await t.actor("member");
    });

    async function expectPhotoRefused(fileName: string, content: Buffer, message: string) {
      const filesBefore = await filesOnDisk();
      const [before] = await t.db.select({ n: count() }).from(uploads);
      const [variantsBefore] = await t.db.select({ n: count() }).from(uploadVariants);
      const res = await uploadFile(t, { token: owner.token, purpose: "profile_photo", fileName, content });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: { code: "BAD_REQUEST", message } });
      expect(await filesOnDisk()).toEqual(filesBefore);
      const [after] = await t.db.select({ n: count() }).from(uploads);
      const [variantsAfter] = await t.db.select({ n: count() }).from(uploadVariants);
      expect([after!.n, variantsAfter!.n]).toEqual([before!.n, variantsBefore!.n]);
    }

    it("a JPEG by its magic bytes with no image in it: 400 'This photo can't be read…'", async () => {
      await expectPhotoRefused("face.jpg", SAMPLE_FILES.jpegHeaderOnly, Msg.photoUnreadable);
    });

    it("a PNG whose image data is cut short: 400 'This photo can't be read…'", async () => {
      const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: RED } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      await expectPhotoRefused("cut.png", png.subarray(0, Math.floor(png.length / 2)), Msg.photoUnreadable);
    });

    it("a decoding bomb (a 12,000 × 12,000 PNG of a few KB): 400 'This photo has too many pixels…'", async () => {
      const bomb = hugeBlankPng(12_000, 12_000);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      await expectPhotoRefused("bomb.png", bomb, Msg.photoTooManyPixels);
    });

    it("when the rows cannot be written, the original and every copy are removed", async () => {
      const filesBefore = await filesOnDisk();
      const brokenDb = {
        transaction: async () => {
          throw new Error("database gone");
        },
      } as unknown as TestApp["db"];
      await expect(
        storeUpload(brokenDb, {
          storage: t.app.storage,
          ownerId: owner.user!.id,
          purpose: "profile_photo",
          fileName: "face.jpg",
          source: Readable.from([await orientedJpegWithGps()]),
        }),
      ).rejects.toThrow("database gone");
      expect(await filesOnDisk()).toEqual(filesBefore);
    });

    it("the same content as a profile attachment (not a photo) is not decoded, so it is stored", async () => {
      const res = await uploadFile(t, {
        token: owner.token,
        purpose: "profile_attachment",
        fileName: "scan.jpg",
        content: SAMPLE_FILES.jpegHeaderOnly,
      });
      expect(res.status).toBe(201);
    });
  });

  describe("the orphan sweep", () => {
    it("deletes an unreferenced photo older than 24 h with its copies: rows and files", async () => {
      const owner = await t.actor("member");
      const id = await uploadPhoto(owner, await orientedJpegWithGps());
      const kept = await uploadPhoto(owner, SAMPLE_FILES.png, "fresh.png");
      const [upload] = await t.db.select().from(uploads).where(eq(uploads.id, id));
      const variants = await variantRows(id);
      expect(variants.length).toBe(2 * PHOTO_WIDTHS.length);
      await t.db
        .update(uploads)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(uploads.id, id));

      expect(await pruneOrphanUploads(t.db, t.app.storage)).toBeGreaterThanOrEqual(1);

      expect(await t.db.select().from(uploads).where(eq(uploads.id, id))).toEqual([]);
      expect(await variantRows(id)).toEqual([]);
      const onDisk = await filesOnDisk();
      expect(onDisk.filter((f) => f.startsWith(upload!.storageKey))).toEqual([]);
      // The fresh one and its copies stay.
      const keptRows = await variantRows(kept);
      expect(keptRows.length).toBe(2);
      for (const row of keptRows) expect(onDisk).toContain(row.storageKey);
    });
  });

  describe("choosing a copy", () => {
    const v = (format: "avif" | "webp", width: number): StoredVariant => ({
      format,
      width,
      height: width,
      sizeBytes: 1,
      storageKey: `${format}${width}`,
    });

    it("preferredPhotoFormat reads image/avif and its q", () => {
      expect(preferredPhotoFormat(undefined)).toBe("webp");
      expect(preferredPhotoFormat("*/*")).toBe("webp");
      expect(preferredPhotoFormat("image/webp,*/*")).toBe("webp");
      expect(preferredPhotoFormat("image/avif,image/webp,*/*;q=0.8")).toBe("avif");
      expect(preferredPhotoFormat("image/webp, IMAGE/AVIF ;q=0.5")).toBe("avif");
      expect(preferredPhotoFormat("image/avif;q=0")).toBe("webp");
    });

    it("pickPhotoVariant: smallest at least w, else largest; the other format when one is missing", () => {
      const all = [v("avif", 64), v("webp", 64), v("avif", 128), v("webp", 128)];
      expect(pickPhotoVariant(all, 50, "avif")?.storageKey).toBe("avif64");
      expect(pickPhotoVariant(all, 100, "webp")?.storageKey).toBe("webp128");
      expect(pickPhotoVariant(all, 1000, "webp")?.storageKey).toBe("webp128");
      expect(pickPhotoVariant([v("webp", 64)], 64, "avif")?.storageKey).toBe("webp64");
      expect(pickPhotoVariant([], 64, "avif")).toBeUndefined();
    });
  });
});
