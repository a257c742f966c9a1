/**
 * Attachments of information offers (issue #14; ADR 16 "Information attachments"): a
 * `post_attachment` upload is downloaded by its author, by the members the post is routed to and
 * by those who answered it, while the post is active and unexpired; anyone else gets the same
 * 404. The orphan sweep deletes the ones no post refers to after 24 hours.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, SAMPLE_FILES, type TestApp, uploadFile } from "../../test/app";
import { postInputOf, respondTo } from "../../test/fixtures";
import { uploads } from "../db/schema";
import { pruneOrphanUploads } from "./uploads";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe("post attachments", () => {
  it("the author, members it is routed to and members who answered download it; others get 404", async () => {
    const author = await t.member();
    const routed = await t.member({ countries: ["NL"] });
    const answerer = await t.member({ sectors: ["energy"] });
    const stranger = await t.member({ countries: ["BE"], sectors: ["mining"] });
    const admin = await t.actor("admin");
    const up = await uploadFile(t, {
      token: author.token,
      purpose: "post_attachment",
      fileName: "market-report.pdf",
      content: SAMPLE_FILES.pdf,
    });
    expect(up.status).toBe(201);
    const uploadId = up.json!.id as string;
    const url = `/api/files/${uploadId}`;
    const status = async (token: string | null) => (await t.inject({ url, token })).statusCode;

    // Before it is attached to a post, only its owner (and admins) see it.
    expect(await status(routed.token)).toBe(404);
    const { id: postId } = await author.caller.posts.create(
      postInputOf("information.offer", { countryCode: "NL", sector: "energy", attachmentUploadId: uploadId }),
    );
    const [card] = (await routed.caller.posts.received({ board: "information.offer" })).items;
    expect(card).toMatchObject({ id: postId, attachmentId: uploadId, attachmentName: "market-report.pdf" });

    const res = await t.inject({ url, token: routed.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    expect(await status(author.token)).toBe(200);
    expect(await status(admin.token)).toBe(200);
    expect(await status(stranger.token)).toBe(404);
    expect(await status(null)).toBe(401);

    // Answering takes the post out of the answerer's list, not out of their reach.
    await answerer.caller.posts.respond(respondTo(postId));
    expect((await answerer.caller.posts.received({ board: "information.offer" })).items).toEqual([]);
    expect(await status(answerer.token)).toBe(200);

    // Expired: nobody but its owner and admins.
    await t.db.execute(sql`update posts set expires_at = now() - interval '1 minute' where id = ${postId}`);
    for (const m of [routed, answerer, stranger]) expect(await status(m.token)).toBe(404);
    expect(await status(author.token)).toBe(200);
    await t.db.execute(sql`update posts set expires_at = now() + interval '1 day' where id = ${postId}`);
    expect(await status(routed.token)).toBe(200);

    // Closed: the same.
    await author.caller.posts.close({ postId });
    for (const m of [routed, answerer, stranger]) expect(await status(m.token)).toBe(404);
    expect(await status(author.token)).toBe(200);
    expect(await status(admin.token)).toBe(200);
  });

  it("pending members never download another member's post attachment", async () => {
    const author = await t.member();
    const pending = await t.actor("pending", { user: { targetCountries: ["NL"] } });
    const up = await uploadFile(t, {
      token: author.token,
      purpose: "post_attachment",
      fileName: "figures.pdf",
      content: SAMPLE_FILES.pdf,
    });
    await author.caller.posts.create(
      postInputOf("information.offer", { countryCode: "NL", attachmentUploadId: up.json!.id as string }),
    );
    const res = await t.inject({ url: `/api/files/${up.json!.id as string}`, token: pending.token });
    expect(res.statusCode).toBe(404);
  });

  it("the sweep deletes an unreferenced post attachment older than 24 hours and keeps referenced or fresh ones", async () => {
    const author = await t.member();
    const upload = async (fileName: string) => {
      const up = await uploadFile(t, {
        token: author.token,
        purpose: "post_attachment",
        fileName,
        content: SAMPLE_FILES.pdf,
      });
      expect(up.status).toBe(201);
      return up.json!.id as string;
    };
    const referenced = await upload("kept.pdf");
    const orphan = await upload("dropped.pdf");
    const fresh = await upload("new.pdf");
    await author.caller.posts.create(postInputOf("information.offer", { attachmentUploadId: referenced }));
    const old = new Date(Date.now() - 25 * 3600_000);
    for (const id of [referenced, orphan]) await t.db.update(uploads).set({ createdAt: old }).where(eq(uploads.id, id));

    expect(await pruneOrphanUploads(t.db, t.app.storage)).toBeGreaterThanOrEqual(1);
    const left = (await t.db.select({ id: uploads.id }).from(uploads)).map((u) => u.id);
    expect(left).toContain(referenced);
    expect(left).toContain(fresh);
    expect(left).not.toContain(orphan);
    expect((await t.inject({ url: `/api/files/${orphan}`, token: author.token })).statusCode).toBe(404);
    expect((await t.inject({ url: `/api/files/${referenced}`, token: author.token })).statusCode).toBe(200);
  });
});
