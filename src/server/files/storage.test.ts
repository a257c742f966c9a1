/**
 * File storage on both drivers (issue #16 §4, ADR 0018): the local folder and an S3-compatible
 * bucket, the latter against a real S3 API server started here (`@20minutes/s3rver`, free port,
 * temporary folder). The same cases run on each: the driver's own contract (put, stat, ranged
 * get, read, delete; a failed write leaves nothing) and the upload pipeline and download route
 * through the app (size while streaming, type by magic bytes, photo copies, byte ranges, 416,
 * a missing file is 404, the orphan sweep). Also: the S3 settings are checked at start.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { createTestApp, padTo, SAMPLE_FILES, type TestApp, uploadFile } from "../../test/app";
import { loadConfig } from "../config";
import { uploads, uploadVariants } from "../db/schema";
import { startTestS3, type TestS3 } from "./s3-test-server";
import { createStorage, type FileStorage } from "./storage";
import { pruneOrphanUploads } from "./uploads";

const MB = 1024 * 1024;

let s3: TestS3;

beforeAll(async () => {
  s3 = await startTestS3();
});

afterAll(async () => {
  await s3?.stop();
});

async function streamOf(chunks: Buffer[], failWith?: Error): Promise<Readable> {
  return new Readable({
    read() {
      const next = chunks.shift();
      if (next) this.push(next);
      else if (failWith) this.destroy(failWith);
      else this.push(null);
    },
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe.each(["local", "s3"] as const)("the %s driver", (driver) => {
  let t: TestApp;
  let storage: FileStorage;
  /** Every stored key (local: file names, `.part` files included; s3: object keys without the prefix). */
  let stored: () => Promise<string[]>;

  beforeAll(async () => {
    t = await createTestApp({ env: driver === "s3" ? s3.env() : {} });
    storage = t.app.storage;
    stored =
      driver === "s3"
        ? async () => (await s3.keys()).map((k) => k.replace(/^uploads\//, ""))
        : async () => (await readdir(path.join(t.config.dataDir, "uploads"))).sort();
  });

  afterAll(async () => {
    await t?.close();
  });

  describe("the driver", () => {
    it("is the one the settings chose", () => {
      expect(storage.driver).toBe(driver);
    });

    it("put, stat, get (whole and ranged), read and delete", async () => {
      const bytes = Buffer.concat([Buffer.alloc(70_000, 7), Buffer.from("the end")]);
      await storage.put("contract-1", await streamOf([bytes.subarray(0, 30_000), bytes.subarray(30_000)]), {
        contentType: "application/pdf",
      });
      const info = await storage.stat("contract-1");
      expect(info?.size).toBe(bytes.length);
      expect(info?.lastModified).toBeInstanceOf(Date);
      expect((await readAll((await storage.get("contract-1"))!)).equals(bytes)).toBe(true);
      const tail = await storage.get("contract-1", { start: 70_000, end: 70_006 });
      expect((await readAll(tail!)).toString()).toBe("the end");
      expect((await storage.read("contract-1"))?.equals(bytes)).toBe(true);

      await storage.put("contract-1", Buffer.from("replaced"), { contentType: "text/plain" });
      expect((await storage.read("contract-1"))?.toString()).toBe("replaced");

      await storage.delete(["contract-1", "never-stored"]);
      expect(await storage.stat("contract-1")).toBeNull();
      expect(await storage.get("contract-1")).toBeNull();
      expect(await storage.read("contract-1")).toBeNull();
    });

    it("a body that fails mid-way stores nothing, not even a part", async () => {
      const before = await stored();
      const put = storage.put("contract-2", await streamOf([Buffer.alloc(64 * 1024, 1)], new Error("client gone")), {
        contentType: "application/pdf",
      });
      await expect(put).rejects.toThrow();
      expect(await storage.stat("contract-2")).toBeNull();
      expect(await stored()).toEqual(before);
    });

    it("refuses a key that is not one of ours (no paths)", async () => {
      for (const key of ["../escape", "a/b", "", ".hidden"]) {
        await expect(storage.put(key, Buffer.from("x"), { contentType: "text/plain" })).rejects.toThrow(
          /invalid storage key/,
        );
      }
    });
  });

  describe("uploads and downloads through the app", () => {
    it("an upload downloads whole, and by byte ranges with 206 and Content-Range", async () => {
      const owner = await t.actor("member");
      const content = padTo(SAMPLE_FILES.pdf, 300_000);
      const up = await uploadFile(t, { token: owner.token, purpose: "attachment", fileName: "big scan.pdf", content });
      expect(up.status).toBe(201);
      const url = `/api/files/${up.json!.id as string}`;
      const [row] = await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, up.json!.id as string));
      expect(await stored()).toContain(row!.storageKey);

      const whole = await t.inject({ url, token: owner.token });
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(content)).toBe(true);
      expect(whole.headers).toMatchObject({
        "content-type": "application/pdf",
        "content-length": String(content.length),
        "content-disposition": "inline; filename*=UTF-8''big_scan.pdf",
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
        "accept-ranges": "bytes",
      });

      for (const [range, start, end] of [
        ["bytes=0-3", 0, 3],
        ["bytes=1000-1999", 1000, 1999],
        ["bytes=299990-", 299_990, 299_999],
        ["bytes=-5", 299_995, 299_999],
        ["bytes=299990-400000", 299_990, 299_999],
      ] as const) {
        const part = await t.inject({ url, token: owner.token, headers: { range } });
        expect(part.statusCode, range).toBe(206);
        expect(part.headers["content-range"]).toBe(`bytes ${start}-${end}/${content.length}`);
        expect(part.headers["content-length"]).toBe(String(end - start + 1));
        expect(part.headers["x-content-type-options"]).toBe("nosniff");
        expect(part.rawPayload.equals(content.subarray(start, end + 1)), range).toBe(true);
      }

      const head = await t.inject({ method: "HEAD", url, token: owner.token, headers: { range: "bytes=0-9" } });
      expect(head.statusCode).toBe(206);
      expect(head.headers["content-length"]).toBe("10");
      expect(head.rawPayload.length).toBe(0);

      const beyond = await t.inject({ url, token: owner.token, headers: { range: "bytes=300000-" } });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers["content-range"]).toBe(`bytes */${content.length}`);

      // Several ranges, or an If-Range that is not the file's date: the whole file.
      for (const headers of <Record<string, string>[]>[
        { range: "bytes=0-1,5-6" },
        { range: "bytes=0-1", "if-range": "Tue, 01 Jan 2019 00:00:00 GMT" },
      ]) {
        const res = await t.inject({ url, token: owner.token, headers });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.length).toBe(content.length);
      }
      const sameDate = await t.inject({
        url,
        token: owner.token,
        headers: { range: "bytes=0-1", "if-range": whole.headers["last-modified"] as string },
      });
      expect(sameDate.statusCode).toBe(206);

      // Authorization is unchanged: another member does not see an attachment.
      const other = await t.actor("member");
      expect((await t.inject({ url, token: other.token, headers: { range: "bytes=0-3" } })).statusCode).toBe(404);
    });

    it("refusals store nothing: too large while streaming, wrong magic bytes, an undecodable photo", async () => {
      const m = await t.actor("member");
      const before = await stored();
      for (const [purpose, fileName, content, status, message] of [
        ["attachment", "huge.pdf", padTo(SAMPLE_FILES.pdf, 6 * MB), 413, Msg.fileTooLarge5],
        ["profile_photo", "huge.png", padTo(SAMPLE_FILES.png, Math.round(1.2 * MB)), 413, Msg.photoTooLarge],
        [
          "attachment",
          "tool.pdf",
          padTo(Buffer.from("MZ\x90\x00 a Windows program"), 20_000),
          400,
          Msg.fileContentMismatch,
        ],
        ["attachment", "tiny.pdf", Buffer.from("%PDX"), 400, Msg.fileContentMismatch],
        ["profile_photo", "broken.jpg", SAMPLE_FILES.jpegHeaderOnly, 400, Msg.photoUnreadable],
      ] as const) {
        const res = await uploadFile(t, { token: m.token, purpose, fileName, content });
        expect(res.status, fileName).toBe(status);
        expect(res.json).toEqual({ error: { code: expect.any(String), message } });
      }
      expect(await stored()).toEqual(before);
      expect(await t.db.select().from(uploads).where(eq(uploads.ownerId, m.user!.id))).toEqual([]);
    });

    it("a profile photo's copies are stored beside it and served; the sweep removes them with it", async () => {
      const m = await t.actor("member");
      const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c03" } })
        .jpeg()
        .toBuffer();
      const up = await uploadFile(t, { token: m.token, purpose: "profile_photo", fileName: "me.jpg", content: photo });
      expect(up.status).toBe(201);
      const id = up.json!.id as string;
      const [row] = await t.db.select().from(uploads).where(eq(uploads.id, id));
      const variants = await t.db.select().from(uploadVariants).where(eq(uploadVariants.uploadId, id));
      expect(variants.length).toBe(6);
      const keys = await stored();
      for (const k of [row!.storageKey, ...variants.map((v) => v.storageKey)]) expect(keys).toContain(k);

      const avif = await t.inject({ url: `/api/files/${id}?w=64`, token: m.token, headers: { accept: "image/avif" } });
      expect(avif.statusCode).toBe(200);
      expect(avif.headers["content-type"]).toBe("image/avif");
      expect((await sharp(avif.rawPayload).metadata()).width).toBe(64);
      const ranged = await t.inject({ url: `/api/files/${id}?w=128`, token: m.token, headers: { range: "bytes=0-9" } });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers["content-type"]).toBe("image/webp");

      // Never referenced by a profile, and a day old: swept, rows and stored bytes.
      await t.db
        .update(uploads)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(uploads.id, id));
      expect(await pruneOrphanUploads(t.db, storage)).toBeGreaterThanOrEqual(1);
      const left = await stored();
      for (const k of [row!.storageKey, ...variants.map((v) => v.storageKey)]) expect(left).not.toContain(k);
    });

    it("a photo stored before copies existed gets them from the stored original on first request", async () => {
      const m = await t.actor("member");
      const photo = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#06c" } })
        .png()
        .toBuffer();
      const up = await uploadFile(t, { token: m.token, purpose: "profile_photo", fileName: "old.png", content: photo });
      const id = up.json!.id as string;
      const made = await t.db.delete(uploadVariants).where(eq(uploadVariants.uploadId, id)).returning();
      await storage.delete(made.map((v) => v.storageKey));

      const res = await t.inject({ url: `/api/files/${id}?w=64`, token: m.token });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect((await t.db.select().from(uploadVariants).where(eq(uploadVariants.uploadId, id))).length).toBe(6);
    });

    it("a row whose stored bytes are gone answers 404, not 500", async () => {
      const m = await t.actor("member");
      const up = await uploadFile(t, {
        token: m.token,
        purpose: "attachment",
        fileName: "a.png",
        content: SAMPLE_FILES.png,
      });
      const [row] = await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, up.json!.id as string));
      await storage.delete([row!.storageKey]);
      const res = await t.inject({ url: `/api/files/${row!.id}`, token: m.token, headers: { range: "bytes=0-3" } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: Msg.notFound } });
      expect(res.headers["content-disposition"]).toBeUndefined();
    });
  });
});

describe("S3 storage settings", () => {
  it("STORAGE_DRIVER=s3 without S3_BUCKET stops the start with one line naming it", () => {
    expect(() => loadConfig({ STORAGE_DRIVER: "s3" })).toThrow(
      "Invalid configuration: S3_BUCKET: required when STORAGE_DRIVER=s3",
    );
  });

  it("one S3 key without the other is refused; a prefix with a leading slash is refused", () => {
    expect(() => loadConfig({ STORAGE_DRIVER: "s3", S3_BUCKET: "club", S3_ACCESS_KEY_ID: "AK" })).toThrow(
      "S3_SECRET_ACCESS_KEY: set both S3 keys or neither",
    );
    expect(() => loadConfig({ STORAGE_DRIVER: "s3", S3_BUCKET: "club", S3_PREFIX: "/up" })).toThrow(/S3_PREFIX/);
  });

  it("local is the default; s3 settings are read with their defaults", () => {
    expect(loadConfig({ DATA_DIR: "/srv/club" }).storage).toEqual({ driver: "local", dir: "/srv/club/uploads" });
    expect(loadConfig({ STORAGE_DRIVER: "s3", S3_BUCKET: "club" }).storage).toEqual({
      driver: "s3",
      bucket: "club",
      region: "us-east-1",
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      prefix: "uploads/",
    });
  });

  it("createStorage builds the driver the settings name", async () => {
    const s = await createStorage(loadConfig({ ...s3.env(), DATA_DIR: "/tmp" }).storage);
    expect(s.driver).toBe("s3");
    s.close();
  });
});
