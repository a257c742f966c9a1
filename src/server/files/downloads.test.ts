/**
 * What must not linger after an upload (issue #10 §7): a private download is never cached
 * (`Cache-Control: private, no-store`, never a public cache header),
 * and the `.part` file of an upload whose process died is removed by the orphan sweep.
 */
import { mkdir, readdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, SAMPLE_FILES, type TestApp, uploadFile } from "../../test/app";
import { PARTIAL_UPLOAD_MAX_AGE_MS, pruneOrphanUploads } from "./uploads";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe("downloads are private", () => {
  it("every download, whole or a byte range, says Cache-Control: private, no-store", async () => {
    const owner = await t.actor("member");
    const other = await t.actor("member");
    for (const [purpose, fileName, content] of [
      ["profile_photo", "face.png", SAMPLE_FILES.png],
      ["attachment", "scan.pdf", SAMPLE_FILES.pdf],
    ] as const) {
      const up = await uploadFile(t, { token: owner.token, purpose, fileName, content });
      expect(up.status).toBe(201);
      const url = `/api/files/${up.json!.id as string}`;
      for (const headers of [undefined, { range: "bytes=0-3" }]) {
        const res = await t.inject({ url, token: owner.token, headers });
        expect(res.statusCode).toBe(headers ? 206 : 200);
        expect(res.headers["cache-control"]).toBe("private, no-store");
      }
    }
    // A photo seen by another member too.
    const photo = await uploadFile(t, {
      token: owner.token,
      purpose: "profile_photo",
      fileName: "me.png",
      content: SAMPLE_FILES.png,
    });
    const seen = await t.inject({ url: `/api/files/${photo.json!.id as string}`, token: other.token });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("the orphan sweep", () => {
  it("removes .part files older than an hour (an upload that died mid-way) and keeps fresh ones", async () => {
    const dir = path.join(t.config.dataDir, "uploads");
    await mkdir(dir, { recursive: true });
    const stale = path.join(dir, "00000000-0000-4000-8000-00000000dead.part");
    const fresh = path.join(dir, "00000000-0000-4000-8000-00000000f00d.part");
    await writeFile(stale, "half an upload");
    await writeFile(fresh, "an upload streaming now");
    const old = new Date(Date.now() - PARTIAL_UPLOAD_MAX_AGE_MS - 60_000);
    await utimes(stale, old, old);

    await pruneOrphanUploads(t.db, t.app.storage);

    const left = await readdir(dir);
    expect(left).not.toContain(path.basename(stale));
    expect(left).toContain(path.basename(fresh));
  });
});
