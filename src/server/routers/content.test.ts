/**
 * Landing content (issue #16 §1, §2): a new membership document starts active and replaces the
 * active one of its type (one active per type, even for two uploads at once); a new video or PDF
 * starts inactive; the viewers get the newest active item; delete removes the row, the upload
 * and the stored bytes; who may upload, finalise, toggle, delete and download; byte ranges.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentKind } from "../../common/content";
import { Msg } from "../../common/messages";
import { CONTENT_MAX_BYTES } from "../../common/uploads";
import {
  type Actor,
  createTestApp,
  expectTRPCError,
  padTo,
  SAMPLE_FILES,
  type TestApp,
  uploadFile,
} from "../../test/app";
import { membershipDocuments, uploads } from "../db/schema";
import { pruneOrphanUploads } from "../files/uploads";

/** An EBML header with DocType "webm": a WebM by its magic bytes. */
const WEBM = Buffer.from([
  0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3,
  0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02,
]);
/** An ISO base media `ftyp` box (isom): an MP4. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypisom"),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from("isommp41"),
]);

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.actor("admin");
});

afterAll(async () => {
  await t?.close();
});

const SAMPLE: Record<ContentKind, { purpose: string; fileName: string; content: Buffer }> = {
  document: { purpose: "membership_document", fileName: "terms.pdf", content: SAMPLE_FILES.pdf },
  video: { purpose: "video", fileName: "intro.webm", content: padTo(WEBM, 10_000) },
  pdf: { purpose: "pdf_document", fileName: "about.pdf", content: SAMPLE_FILES.pdf },
};

/** Uploads a file of `kind` as `by` (a fresh admin unless told) and returns its upload id. */
async function upload(kind: ContentKind, by: Actor = admin): Promise<string> {
  const up = await uploadFile(t, { token: by.token, ...SAMPLE[kind] });
  expect(up.status, JSON.stringify(up.json)).toBe(201);
  return up.json!.id as string;
}

/** A fresh admin for each test that uploads much (10 uploads per hour per member). */
async function freshAdmin(): Promise<Actor> {
  return t.actor("admin");
}

describe("membership documents", () => {
  it("a new one starts active and deactivates the other active one of its type, not of the other type", async () => {
    const a = await freshAdmin();
    const first = await a.caller.content.create({
      kind: "document",
      title: "Terms 1",
      documentType: "terms_conditions",
      uploadId: await upload("document", a),
    });
    const levels = await a.caller.content.create({
      kind: "document",
      title: "Levels 1",
      documentType: "membership_levels",
      uploadId: await upload("document", a),
    });
    const second = await a.caller.content.create({
      kind: "document",
      title: "Terms 2",
      documentType: "terms_conditions",
      uploadId: await upload("document", a),
    });
    const list = await a.caller.content.list({ kind: "document" });
    const byId = new Map(list.map((d) => [d.id, d]));
    expect(byId.get(first.id)?.isActive).toBe(false);
    expect(byId.get(second.id)?.isActive).toBe(true);
    expect(byId.get(levels.id)?.isActive).toBe(true);
    const active = await (await t.callerFor("anonymous")).content.active();
    expect(active.terms).toMatchObject({ id: second.id, title: "Terms 2", documentType: "terms_conditions" });
    expect(active.levels).toMatchObject({ id: levels.id });

    // Activating the old one deactivates the new one.
    await a.caller.content.setActive({ kind: "document", id: first.id, active: true });
    expect((await a.caller.content.active()).terms?.id).toBe(first.id);
    const rows = await t.db
      .select()
      .from(membershipDocuments)
      .where(eq(membershipDocuments.documentType, "terms_conditions"));
    expect(rows.filter((r) => r.isActive).map((r) => r.id)).toEqual([first.id]);
  });

  it("two uploads at once: exactly one active document of the type", async () => {
    const a = await freshAdmin();
    const [u1, u2] = [await upload("document", a), await upload("document", a)];
    const results = await Promise.all(
      [u1, u2].map((uploadId, i) =>
        a.caller.content.create({ kind: "document", title: `Race ${i}`, documentType: "membership_levels", uploadId }),
      ),
    );
    expect(results).toHaveLength(2);
    const rows = await t.db
      .select()
      .from(membershipDocuments)
      .where(eq(membershipDocuments.documentType, "membership_levels"));
    expect(rows.filter((r) => r.isActive)).toHaveLength(1);
  });
});

describe("videos and PDFs", () => {
  for (const kind of ["video", "pdf"] as const) {
    it(`a new ${kind} starts inactive; the viewer shows the newest active one`, async () => {
      const a = await freshAdmin();
      const anon = await t.callerFor("anonymous");
      const extra = kind === "video" ? { description: "About us" } : {};
      const older = await a.caller.content.create({
        kind,
        title: `${kind} old`,
        uploadId: await upload(kind, a),
        ...extra,
      });
      const newer = await a.caller.content.create({
        kind,
        title: `${kind} new`,
        uploadId: await upload(kind, a),
        ...extra,
      });
      const list = await a.caller.content.list({ kind });
      expect(list.filter((i) => i.id === older.id || i.id === newer.id).map((i) => i.isActive)).toEqual([false, false]);
      // Newest first.
      expect(list.findIndex((i) => i.id === newer.id)).toBeLessThan(list.findIndex((i) => i.id === older.id));
      const before = (await anon.content.active())[kind];
      expect(before?.id === older.id || before?.id === newer.id).toBe(false);

      await a.caller.content.setActive({ kind, id: older.id, active: true });
      expect((await anon.content.active())[kind]?.id).toBe(older.id);
      await a.caller.content.setActive({ kind, id: newer.id, active: true });
      expect((await anon.content.active())[kind]).toMatchObject({ id: newer.id, title: `${kind} new`, ...extra });
      await a.caller.content.setActive({ kind, id: newer.id, active: false });
      expect((await anon.content.active())[kind]?.id).toBe(older.id);
    });
  }

  it("accepts MP4 and WebM by content; refuses a PDF named .mp4, a PDF as a video, a video as a PDF", async () => {
    const a = await freshAdmin();
    expect(
      (await uploadFile(t, { token: a.token, purpose: "video", fileName: "a.mp4", content: padTo(MP4, 5000) })).status,
    ).toBe(201);
    const fake = await uploadFile(t, {
      token: a.token,
      purpose: "video",
      fileName: "a.mp4",
      content: SAMPLE_FILES.pdf,
    });
    expect(fake.status).toBe(400);
    expect(fake.json).toMatchObject({ error: { message: Msg.fileContentMismatch } });
    const wrongName = await uploadFile(t, {
      token: a.token,
      purpose: "video",
      fileName: "a.pdf",
      content: SAMPLE_FILES.pdf,
    });
    expect(wrongName.json).toMatchObject({ error: { message: Msg.invalidVideoType } });
    const videoAsPdf = await uploadFile(t, {
      token: a.token,
      purpose: "pdf_document",
      fileName: "a.webm",
      content: WEBM,
    });
    expect(videoAsPdf.json).toMatchObject({ error: { message: Msg.invalidPdfType } });
    const docx = await uploadFile(t, {
      token: a.token,
      purpose: "membership_document",
      fileName: "a.png",
      content: SAMPLE_FILES.png,
    });
    expect(docx.json).toMatchObject({ error: { message: Msg.invalidDocumentType } });
  });
});

describe("finalising, deleting, downloading", () => {
  it("an upload of another purpose, another admin's, or one already used is refused", async () => {
    const a = await freshAdmin();
    const b = await freshAdmin();
    const pdfUpload = await upload("pdf", a);
    await expectTRPCError(
      a.caller.content.create({ kind: "video", title: "x", uploadId: pdfUpload }),
      "BAD_REQUEST",
      Msg.uploadInvalidFile,
    );
    await expectTRPCError(
      b.caller.content.create({ kind: "pdf", title: "x", uploadId: pdfUpload }),
      "BAD_REQUEST",
      Msg.uploadInvalidFile,
    );
    await a.caller.content.create({ kind: "pdf", title: "x", uploadId: pdfUpload });
    await expectTRPCError(
      a.caller.content.create({ kind: "pdf", title: "again", uploadId: pdfUpload }),
      "BAD_REQUEST",
      Msg.uploadInvalidFile,
    );
    await expectTRPCError(a.caller.content.setActive({ kind: "video", id: 987654321, active: true }), "NOT_FOUND");
    await expectTRPCError(a.caller.content.delete({ kind: "pdf", id: 987654321 }), "NOT_FOUND");
  });

  it("delete removes the item, the upload row and the stored bytes", async () => {
    const a = await freshAdmin();
    const uploadId = await upload("video", a);
    const { id } = await a.caller.content.create({ kind: "video", title: "gone", uploadId });
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(await t.app.storage.stat(row!.storageKey)).not.toBeNull();
    await a.caller.content.delete({ kind: "video", id });
    expect(await t.db.select().from(uploads).where(eq(uploads.id, uploadId))).toEqual([]);
    expect(await t.app.storage.stat(row!.storageKey)).toBeNull();
    expect((await a.caller.content.list({ kind: "video" })).map((v) => v.id)).not.toContain(id);
    expect((await t.inject({ url: `/api/files/${uploadId}`, token: a.token })).statusCode).toBe(404);
  });

  it("a document past its limit (20 MB) is refused while streaming (413), nothing stored", async () => {
    const a = await freshAdmin();
    const before = (await t.db.select({ id: uploads.id }).from(uploads)).length;
    const big = padTo(SAMPLE_FILES.pdf, CONTENT_MAX_BYTES.membership_document + 1);
    const up = await uploadFile(t, {
      token: a.token,
      purpose: "membership_document",
      fileName: "big.pdf",
      content: big,
    });
    expect(up.status).toBe(413);
    expect(up.json).toMatchObject({ error: { message: Msg.documentTooLarge } });
    expect((await t.db.select({ id: uploads.id }).from(uploads)).length).toBe(before);
  });

  it("the orphan sweep removes an upload never finalised into an item, and keeps the items' files", async () => {
    const a = await freshAdmin();
    const kept = await upload("pdf", a);
    await a.caller.content.create({ kind: "pdf", title: "kept", uploadId: kept });
    const orphan = await upload("pdf", a);
    await pruneOrphanUploads(t.db, t.app.storage, 0);
    const left = (await t.db.select({ id: uploads.id }).from(uploads)).map((r) => r.id);
    expect(left).toContain(kept);
    expect(left).not.toContain(orphan);
  });

  it("uploads of content purposes: admins only (members, pending and anonymous refused)", async () => {
    for (const kind of ["member", "pending", "anonymous"] as const) {
      const who = await t.actor(kind);
      for (const k of ["document", "video", "pdf"] as const) {
        const up = await uploadFile(t, { token: who.token, ...SAMPLE[k] });
        expect([401, 403], `${kind} ${k}`).toContain(up.status);
      }
    }
  });

  it("downloads: an active item's file is public, with ranges (206); an inactive one only for admins", async () => {
    const a = await freshAdmin();
    const member = await t.actor("member");
    const uploadId = await upload("video", a);
    const { id } = await a.caller.content.create({ kind: "video", title: "ranged", uploadId });
    const url = `/api/files/${uploadId}`;
    // Inactive: anonymous 401, a member 404, an admin 200.
    expect((await t.inject({ url })).statusCode).toBe(401);
    expect((await t.inject({ url, token: member.token })).statusCode).toBe(404);
    const other = await freshAdmin();
    expect((await t.inject({ url, token: other.token })).statusCode).toBe(200);

    await a.caller.content.setActive({ kind: "video", id, active: true });
    const whole = await t.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("video/webm");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.rawPayload.length).toBe(10_000);
    const part = await t.inject({ url, headers: { range: "bytes=4-9999" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe("bytes 4-9999/10000");
    expect(part.rawPayload.length).toBe(9996);
    expect((await t.inject({ url, headers: { range: "bytes=20000-" } })).statusCode).toBe(416);
    expect((await t.inject({ url, token: member.token, headers: { range: "bytes=0-3" } })).statusCode).toBe(206);

    // Deactivated: private again.
    await a.caller.content.setActive({ kind: "video", id, active: false });
    expect((await t.inject({ url })).statusCode).toBe(401);
  });

  it("an active PDF is served inline (the About viewer renders it in the page)", async () => {
    const a = await freshAdmin();
    const uploadId = await upload("pdf", a);
    const { id } = await a.caller.content.create({ kind: "pdf", title: "About", uploadId });
    await a.caller.content.setActive({ kind: "pdf", id, active: true });
    const res = await t.inject({ url: `/api/files/${uploadId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(String(res.headers["content-disposition"])).toMatch(/^inline;/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    // Framed by our own pages only.
    expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'self'");
    expect(String(res.headers["content-security-policy"])).not.toContain("frame-ancestors 'none'");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    // Any other download keeps the site's policy: never framed.
    const own = await uploadFile(t, {
      token: a.token,
      purpose: "pdf_document",
      fileName: "draft.pdf",
      content: SAMPLE_FILES.pdf,
    });
    const draft = await t.inject({ url: `/api/files/${own.json!.id as string}`, token: a.token });
    expect(String(draft.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
  });
});
