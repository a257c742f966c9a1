/**
 * The upload pipeline and the download route over HTTP against a real database (issue #3 §1;
 * spec part 1 §5, §8; DESIGN.md §4 Uploads): each refusal with the spec's message and nothing
 * left behind, the stored name, size and SHA-256, the hourly limit, who may upload and who may
 * download. Every case runs on both storage drivers (local folder, S3 bucket; issue #16 §4).
 */
import { createHash } from "node:crypto";
import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Msg } from "../../common/messages";
import {
  type Actor,
  multipartBody,
  padTo,
  SAME_ORIGIN_HEADERS,
  SAMPLE_FILES,
  type TestApp,
  uploadFile,
} from "../../test/app";
import { uploads } from "../db/schema";
import { createDriverApp, type DriverApp, STORAGE_DRIVERS } from "./test-drivers";
import { storeUpload } from "./uploads";

/**
 * A disk whose opens can be made slow: while `openDelayMs` > 0, every file write stream opens
 * its file that much later (through the stream's public `fs` option), as under load when the
 * thread pool is busy (issue #10 §8).
 */
const slowDisk = vi.hoisted(() => ({ openDelayMs: 0 }));
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const createWriteStream: typeof fs.createWriteStream = (file, options) => {
    if (slowDisk.openDelayMs === 0 || typeof options !== "object") return fs.createWriteStream(file, options);
    const delay = slowDisk.openDelayMs;
    const open = (...args: unknown[]) => {
      setTimeout(() => (fs.open as (...a: unknown[]) => void)(...args), delay);
    };
    return fs.createWriteStream(file, {
      ...options,
      fs: { open, write: fs.write, writev: fs.writev, close: fs.close },
    });
  };
  return { ...fs, default: { ...fs, createWriteStream }, createWriteStream };
});

const MB = 1024 * 1024;

describe.each(STORAGE_DRIVERS)("on the %s driver", (driver) => {
  let t: TestApp;
  let app: DriverApp;
  let admin: Actor;

  beforeAll(async () => {
    app = await createDriverApp(driver);
    t = app.t;
    admin = await t.actor("admin");
  });

  afterAll(async () => {
    await app?.close();
  });

  /** What the storage holds (local: the uploads folder's files; s3: the bucket's keys). */
  async function filesOnDisk(): Promise<string[]> {
    return app.keys();
  }

  async function rowsOf(ownerId: string) {
    return t.db.select().from(uploads).where(eq(uploads.ownerId, ownerId));
  }

  async function uploadCount(): Promise<number> {
    const [row] = await t.db.select({ n: count() }).from(uploads);
    return row?.n ?? 0;
  }

  function sha256(buf: Buffer): string {
    return createHash("sha256").update(buf).digest("hex");
  }

  /**
   * Uploads `content` and expects a refusal with `status` and `message`, with no stored file
   * (not even a partial one) and no row.
   */
  async function expectRefused(
    who: Actor,
    file: { purpose: string; fileName: string; content: Buffer },
    status: number,
    message: string,
  ) {
    const filesBefore = await filesOnDisk();
    const rowsBefore = await uploadCount();
    const res = await uploadFile(t, { token: who.token, ...file });
    expect(res.status).toBe(status);
    expect(res.json).toEqual({ error: { code: expect.any(String), message } });
    expect(await filesOnDisk()).toEqual(filesBefore);
    expect(await uploadCount()).toBe(rowsBefore);
    if (who.user) expect(await rowsOf(who.user.id)).toEqual([]);
    return res;
  }

  describe("storing an upload", () => {
    it("stores a photo: 201 with id, name, size, content type and URL; the row records size and SHA-256", async () => {
      const m = await t.actor("member");
      const res = await uploadFile(t, {
        token: m.token,
        purpose: "profile_photo",
        fileName: "me.png",
        content: SAMPLE_FILES.png,
        contentType: "text/plain", // the browser's word is ignored: the content decides
      });
      expect(res.status).toBe(201);
      const body = res.json as { id: string; url: string };
      expect(body).toEqual({
        id: expect.any(String),
        fileName: "me.png",
        sizeBytes: SAMPLE_FILES.png.length,
        contentType: "image/png",
        sha256: sha256(SAMPLE_FILES.png),
        purpose: "profile_photo",
        url: `/api/files/${body.id}`,
      });
      const [row] = await rowsOf(m.user!.id);
      expect(row).toMatchObject({
        id: body.id,
        ownerId: m.user!.id,
        purpose: "profile_photo",
        fileName: "me.png",
        sizeBytes: SAMPLE_FILES.png.length,
        contentType: "image/png",
        sha256: sha256(SAMPLE_FILES.png),
      });
      // Stored under a generated name (not the user's), with exactly the bytes sent.
      expect(row!.storageKey).not.toContain("me");
      const onDisk = (await t.app.storage.read(row!.storageKey))!;
      expect(onDisk.equals(SAMPLE_FILES.png)).toBe(true);
      expect(await filesOnDisk()).not.toContainEqual(expect.stringMatching(/\.part$/));
    });

    it("records size and SHA-256 of a larger file exactly (several stream chunks)", async () => {
      const m = await t.actor("member");
      const content = padTo(SAMPLE_FILES.pdf, 3 * MB + 17);
      content.fill(0x41, SAMPLE_FILES.pdf.length, SAMPLE_FILES.pdf.length + 1000);
      const res = await uploadFile(t, { token: m.token, purpose: "attachment", fileName: "big.pdf", content });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        sizeBytes: 3 * MB + 17,
        sha256: sha256(content),
        contentType: "application/pdf",
      });
      const [row] = await rowsOf(m.user!.id);
      expect(row).toMatchObject({ sizeBytes: 3 * MB + 17, sha256: sha256(content) });
    });

    it("accepts each purpose's kinds: JPEG photo, PDF and JPEG profile attachment, PNG attachment", async () => {
      const m = await t.actor("member");
      const cases = [
        { purpose: "profile_photo", fileName: "face.JPG", content: SAMPLE_FILES.jpeg, type: "image/jpeg" },
        { purpose: "profile_photo", fileName: "face.jpeg", content: SAMPLE_FILES.jpeg, type: "image/jpeg" },
        { purpose: "profile_attachment", fileName: "cv.pdf", content: SAMPLE_FILES.pdf, type: "application/pdf" },
        { purpose: "profile_attachment", fileName: "scan.jpg", content: SAMPLE_FILES.jpeg, type: "image/jpeg" },
        { purpose: "attachment", fileName: "chart.png", content: SAMPLE_FILES.png, type: "image/png" },
      ];
      for (const c of cases) {
        const res = await uploadFile(t, { token: m.token, ...c });
        expect(res.status, c.fileName).toBe(201);
        expect(res.json?.contentType, c.fileName).toBe(c.type);
      }
      expect(await rowsOf(m.user!.id)).toHaveLength(cases.length);
    });

    it("a photo of exactly 1 MB is accepted; one byte more is refused", async () => {
      const m = await t.actor("member");
      const ok = await uploadFile(t, {
        token: m.token,
        purpose: "profile_photo",
        fileName: "exact.png",
        content: padTo(SAMPLE_FILES.png, MB),
      });
      expect(ok.status).toBe(201);
      expect(ok.json?.sizeBytes).toBe(MB);
      const m2 = await t.actor("member");
      await expectRefused(
        m2,
        { purpose: "profile_photo", fileName: "over.png", content: padTo(SAMPLE_FILES.png, MB + 1) },
        413,
        Msg.photoTooLarge,
      );
    });
  });

  describe("refusals", () => {
    it("an over-size photo (1.2 MB) is refused while streaming: 413, nothing stored", async () => {
      await expectRefused(
        await t.actor("member"),
        { purpose: "profile_photo", fileName: "huge.png", content: padTo(SAMPLE_FILES.png, Math.round(1.2 * MB)) },
        413,
        "Please select a photo smaller than 1MB.",
      );
    });

    it("an over-size profile attachment (1.2 MB) is refused: 'Please select a file smaller than 1MB.'", async () => {
      await expectRefused(
        await t.actor("member"),
        { purpose: "profile_attachment", fileName: "cv.pdf", content: padTo(SAMPLE_FILES.pdf, Math.round(1.2 * MB)) },
        413,
        Msg.attachmentTooLarge,
      );
    });

    it("a 6 MB attachment is refused: 'File size must be less than 5MB', nothing stored", async () => {
      await expectRefused(
        await t.actor("member"),
        { purpose: "attachment", fileName: "report.pdf", content: padTo(SAMPLE_FILES.pdf, 6 * MB) },
        413,
        "File size must be less than 5MB",
      );
    });

    it("an executable renamed .pdf is refused by its content (ELF and MZ headers)", async () => {
      const m = await t.actor("member");
      for (const content of [SAMPLE_FILES.elf, SAMPLE_FILES.exe]) {
        await expectRefused(
          m,
          { purpose: "attachment", fileName: "x.pdf", content },
          400,
          "File content doesn't match the expected format.",
        );
      }
      // Likewise a PNG named .jpg, a PDF named .png and bytes no one recognises.
      await expectRefused(
        m,
        { purpose: "profile_photo", fileName: "photo.jpg", content: SAMPLE_FILES.png },
        400,
        Msg.fileContentMismatch,
      );
      await expectRefused(
        m,
        { purpose: "attachment", fileName: "a.png", content: SAMPLE_FILES.pdf },
        400,
        Msg.fileContentMismatch,
      );
      await expectRefused(
        m,
        { purpose: "attachment", fileName: "notes.docx", content: Buffer.from("just some text, no magic here") },
        400,
        Msg.fileContentMismatch,
      );
    });

    it("a wrong extension is refused: 'Invalid file type. Only PDF, Word, Excel, and image files are allowed.'", async () => {
      const m = await t.actor("member");
      const cases = [
        { purpose: "attachment", fileName: "tool.exe", content: SAMPLE_FILES.exe },
        { purpose: "attachment", fileName: "page.html", content: Buffer.from("<html></html>") },
        { purpose: "attachment", fileName: "README", content: SAMPLE_FILES.pdf },
      ];
      for (const c of cases) {
        await expectRefused(m, c, 400, "Invalid file type. Only PDF, Word, Excel, and image files are allowed.");
      }
      // Accepted elsewhere, but not for this purpose: the refusal says what the field accepts (issue #13 §4).
      await expectRefused(
        m,
        { purpose: "profile_photo", fileName: "cv.pdf", content: SAMPLE_FILES.pdf },
        400,
        "Invalid file type. Only JPEG and PNG images are allowed.",
      );
      await expectRefused(
        m,
        { purpose: "profile_attachment", fileName: "chart.png", content: SAMPLE_FILES.png },
        400,
        "Invalid file type. Only PDF, Word (DOC, DOCX) and JPEG files are allowed.",
      );
    });

    it("a 256-character name is refused: 'File name must be less than 255 characters.'; 255 is accepted", async () => {
      const m = await t.actor("member");
      await expectRefused(
        m,
        { purpose: "attachment", fileName: `${"a".repeat(252)}.pdf`, content: SAMPLE_FILES.pdf },
        400,
        "File name must be less than 255 characters.",
      );
      const name255 = `${"b".repeat(251)}.pdf`;
      const ok = await uploadFile(t, {
        token: m.token,
        purpose: "attachment",
        fileName: name255,
        content: SAMPLE_FILES.pdf,
      });
      expect(ok.status).toBe(201);
      expect(ok.json?.fileName).toBe(name255);
    });

    it("a bad name is cleaned: letters, digits, dot and hyphen kept, others '_', dot runs collapsed", async () => {
      const m = await t.actor("member");
      const res = await uploadFile(t, {
        token: m.token,
        purpose: "attachment",
        fileName: "my report (final)!!..pdf",
        content: SAMPLE_FILES.pdf,
      });
      expect(res.status).toBe(201);
      expect(res.json?.fileName).toBe("my_report__final___.pdf");
      // Unicode letters are kept; the multipart parser already drops any directory part.
      const res2 = await uploadFile(t, {
        token: m.token,
        purpose: "attachment",
        fileName: "résumé — v2 (final).pdf",
        content: SAMPLE_FILES.pdf,
      });
      expect(res2.status).toBe(201);
      expect(res2.json?.fileName).toBe("résumé___v2__final_.pdf");
      const res3 = await uploadFile(t, {
        token: m.token,
        purpose: "attachment",
        fileName: "../../etc/passwd-گزارش.pdf",
        content: SAMPLE_FILES.pdf,
      });
      expect(res3.status).toBe(201);
      expect(res3.json?.fileName).toBe("passwd-گزارش.pdf");
      const rows = await rowsOf(m.user!.id);
      expect(rows.map((r) => r.fileName).sort()).toEqual(
        ["my_report__final___.pdf", "passwd-گزارش.pdf", "résumé___v2__final_.pdf"].sort(),
      );
      // Stored under generated names only.
      expect((await filesOnDisk()).some((f) => f.includes("passwd") || f.includes("report"))).toBe(false);
    });

    it("an unknown purpose is refused with 400", async () => {
      const m = await t.actor("member");
      await expectRefused(
        m,
        { purpose: "avatar", fileName: "me.png", content: SAMPLE_FILES.png },
        400,
        Msg.invalidFileType,
      );
    });

    it("the 11th upload within an hour is refused with 429 and Retry-After; another member is not affected", async () => {
      const m = await t.actor("member");
      for (let i = 0; i < 10; i++) {
        const res = await uploadFile(t, {
          token: m.token,
          purpose: "attachment",
          fileName: `doc-${i}.pdf`,
          content: SAMPLE_FILES.pdf,
        });
        expect(res.status, `upload ${i + 1}`).toBe(201);
      }
      const eleventh = await expectRefused(
        { ...m, user: null }, // the member's ten rows stay; only the total must not change
        { purpose: "attachment", fileName: "doc-10.pdf", content: SAMPLE_FILES.pdf },
        429,
        "You've reached the maximum number of file uploads per hour. Please try again later.",
      );
      const retryAfter = Number(eleventh.response.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await rowsOf(m.user!.id)).toHaveLength(10);

      const other = await t.actor("member");
      const res = await uploadFile(t, {
        token: other.token,
        purpose: "attachment",
        fileName: "mine.pdf",
        content: SAMPLE_FILES.pdf,
      });
      expect(res.status).toBe(201);
    });

    it("anonymous: 401 'Please sign in to upload files.'; pending and rejected: 403", async () => {
      const file = { purpose: "profile_photo", fileName: "me.png", content: SAMPLE_FILES.png };
      await expectRefused(await t.actor("anonymous"), file, 401, "Please sign in to upload files.");
      await expectRefused(await t.actor("pending"), file, 403, Msg.approvalRequired);
      await expectRefused(await t.actor("rejected"), file, 403, Msg.approvalRequired);
    });

    it("a cross-origin upload is refused with 403 and stores nothing", async () => {
      const m = await t.actor("member");
      const filesBefore = await filesOnDisk();
      const res = await uploadFile(t, {
        token: m.token,
        purpose: "profile_photo",
        fileName: "me.png",
        content: SAMPLE_FILES.png,
        origin: "cross",
      });
      expect(res.status).toBe(403);
      expect(await rowsOf(m.user!.id)).toEqual([]);
      expect(await filesOnDisk()).toEqual(filesBefore);
      // Without any Origin header either.
      const none = await uploadFile(t, {
        token: m.token,
        purpose: "profile_photo",
        fileName: "me.png",
        content: SAMPLE_FILES.png,
        origin: "none",
      });
      expect(none.status).toBe(403);
      expect(await rowsOf(m.user!.id)).toEqual([]);
    });
  });

  describe("a slow disk (issue #10 §8)", () => {
    it("a refusal before the file is even open leaves no file behind once it opens", async () => {
      const m = await t.actor("member");
      const filesBefore = await filesOnDisk();
      slowDisk.openDelayMs = 200;
      try {
        // One chunk over the limit: the refusal comes before the delayed open completes.
        // (A profile attachment: it streams to the storage; a photo is gathered in memory first.)
        const source = Readable.from([padTo(SAMPLE_FILES.pdf, Math.round(1.2 * MB))]);
        const stored = storeUpload(t.db, {
          storage: t.app.storage,
          ownerId: m.user!.id,
          purpose: "profile_attachment",
          fileName: "huge.pdf",
          source,
        });
        await expect(stored).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: Msg.attachmentTooLarge });
      } finally {
        slowDisk.openDelayMs = 0;
      }
      // Time for a late open to create the file, had the refusal not waited for it.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await filesOnDisk()).toEqual(filesBefore);
      expect(await rowsOf(m.user!.id)).toEqual([]);
    });
  });

  describe("over a real socket", () => {
    /**
     * Sends a multipart upload in 256 KB writes, as a browser streams it, through `agent`.
     * Gives up after 5 s (status 0) so that a stuck connection fails the test instead of hanging it.
     */
    function streamUpload(port: number, agent: Agent, token: string, purpose: string, content: Buffer) {
      const { payload, headers } = multipartBody({ fileName: "streamed.pdf", content });
      return new Promise<{ status: number; body: string }>((resolve) => {
        const req = request(
          {
            host: "127.0.0.1",
            port,
            agent,
            method: "POST",
            path: `/api/files?purpose=${purpose}`,
            headers: { ...headers, ...SAME_ORIGIN_HEADERS, cookie: `${t.cookieName}=${token}` },
          },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (c: string) => {
              body += c;
            });
            res.on("end", () => {
              clearTimeout(timer);
              resolve({ status: res.statusCode ?? 0, body });
            });
          },
        );
        const timer = setTimeout(() => {
          req.destroy();
          resolve({ status: 0, body: "no answer within 5 s" });
        }, 5_000);
        req.on("error", () => {});
        let offset = 0;
        const writeNext = () => {
          if (req.destroyed) return;
          if (offset >= payload.length) {
            req.end();
            return;
          }
          const chunk = payload.subarray(offset, offset + 256 * 1024);
          offset += chunk.length;
          if (req.write(chunk)) setImmediate(writeNext);
          else req.once("drain", writeNext);
        };
        writeNext();
      });
    }

    it("an over-size upload streamed to the listening server gets 413, nothing stored, and the next upload works", async () => {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = t.app.server.address() as AddressInfo;
      // One keep-alive socket: the next request goes over the same connection when it is kept.
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const m = await t.actor("member");
        for (const [purpose, size, message] of [
          ["attachment", 6 * MB, Msg.fileTooLarge5],
          ["profile_attachment", Math.round(1.2 * MB), Msg.attachmentTooLarge],
        ] as const) {
          const filesBefore = await filesOnDisk();
          const refused = await streamUpload(port, agent, m.token!, purpose, padTo(SAMPLE_FILES.pdf, size));
          expect(refused.status, refused.body).toBe(413);
          expect(JSON.parse(refused.body)).toEqual({ error: { code: expect.any(String), message } });
          expect(await filesOnDisk()).toEqual(filesBefore);
          expect(await rowsOf(m.user!.id)).toEqual([]);

          // The unread rest of the refused body must not block the next request on a kept-alive
          // connection (the server closes the connection instead).
          const ok = await streamUpload(port, agent, m.token!, "attachment", padTo(SAMPLE_FILES.pdf, 2 * MB));
          expect(ok.status, ok.body).toBe(201);
          await t.db.delete(uploads).where(eq(uploads.ownerId, m.user!.id));
        }
      } finally {
        agent.destroy();
      }
    });
  });

  describe("downloads", () => {
    let owner: Actor;
    let other: Actor;
    const ids = { photo: "", profileAttachment: "", attachment: "" };

    beforeAll(async () => {
      owner = await t.actor("member");
      other = await t.actor("member");
      for (const [key, purpose, fileName, content] of [
        ["photo", "profile_photo", "face.png", SAMPLE_FILES.png],
        ["profileAttachment", "profile_attachment", "my cv.pdf", SAMPLE_FILES.pdf],
        ["attachment", "attachment", "scan.jpg", SAMPLE_FILES.jpeg],
      ] as const) {
        const res = await uploadFile(t, { token: owner.token, purpose, fileName, content });
        expect(res.status).toBe(201);
        ids[key] = res.json!.id as string;
      }
    });

    const get = (id: string, token: string | null | undefined, headers?: Record<string, string>) =>
      t.inject({ url: `/api/files/${id}`, token, headers });

    it("the owner downloads each file with its type, Content-Disposition and nosniff", async () => {
      const photo = await get(ids.photo, owner.token);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers["content-type"]).toBe("image/png");
      expect(photo.headers["x-content-type-options"]).toBe("nosniff");
      expect(photo.headers["content-disposition"]).toBe("inline; filename*=UTF-8''face.png");
      expect(photo.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);

      const cv = await get(ids.profileAttachment, owner.token);
      expect(cv.statusCode).toBe(200);
      expect(cv.headers["content-type"]).toBe("application/pdf");
      expect(cv.headers["x-content-type-options"]).toBe("nosniff");
      expect(cv.headers["content-disposition"]).toBe("inline; filename*=UTF-8''my_cv.pdf");
      expect(cv.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);

      const scan = await get(ids.attachment, owner.token);
      expect(scan.statusCode).toBe(200);
      expect(scan.headers["content-type"]).toBe("image/jpeg");
      expect(scan.headers["content-disposition"]).toMatch(/^inline; filename\*=UTF-8''scan\.jpg$/);
      expect(scan.rawPayload.equals(SAMPLE_FILES.jpeg)).toBe(true);
    });

    it("an admin downloads any file", async () => {
      for (const id of Object.values(ids)) {
        const res = await get(id, admin.token);
        expect(res.statusCode).toBe(200);
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        expect(res.headers["content-disposition"]).toBeTruthy();
      }
    });

    it("another approved member downloads the profile photo but not the attachments (404)", async () => {
      const photo = await get(ids.photo, other.token);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers["x-content-type-options"]).toBe("nosniff");
      expect(photo.headers["content-disposition"]).toBeTruthy();
      for (const id of [ids.profileAttachment, ids.attachment]) {
        const res = await get(id, other.token);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: Msg.notFound } });
        expect(res.headers["content-disposition"]).toBeUndefined();
      }
    });

    it("a file whose stored bytes are gone answers 404, not 500", async () => {
      const res = await uploadFile(t, {
        token: owner.token,
        purpose: "attachment",
        fileName: "gone.png",
        content: SAMPLE_FILES.png,
      });
      const id = res.json!.id as string;
      const [row] = await t.db.select().from(uploads).where(eq(uploads.id, id));
      await t.app.storage.delete([row!.storageKey]);
      const gone = await get(id, owner.token);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ error: { code: "NOT_FOUND", message: Msg.notFound } });
    });

    it("a pending applicant sees none of them; anonymous is 401", async () => {
      const pending = await t.actor("pending");
      for (const id of Object.values(ids)) {
        expect((await get(id, pending.token)).statusCode).toBe(404);
        const anon = await get(id, null);
        expect(anon.statusCode).toBe(401);
        expect(anon.json()).toEqual({ error: { code: "UNAUTHORIZED", message: Msg.signInRequired } });
      }
    });

    it("an unknown id or a malformed one is 404", async () => {
      expect((await get("00000000-0000-4000-8000-000000000000", owner.token)).statusCode).toBe(404);
      expect((await get("not-a-uuid", owner.token)).statusCode).toBe(404);
      expect((await get("..%2F..%2Fetc%2Fpasswd", owner.token)).statusCode).toBe(404);
    });

    it("honours a byte range", async () => {
      const res = await get(ids.profileAttachment, owner.token, { range: "bytes=0-3" });
      expect(res.statusCode).toBe(206);
      expect(res.payload).toBe("%PDF");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    });
  });
});
