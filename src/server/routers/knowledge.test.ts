import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { type Caller, createTestApp, expectTRPCError, type TestApp } from "../../test/app";
import { shareInput, submissionRow } from "../../test/fixtures";

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.actor("admin");
  admin = a.caller;
});

afterAll(async () => {
  await t?.close();
});

describe("knowledge.share", () => {
  it("stores a pending submission the author and the inbox see", async () => {
    const author = await t.member({ name: "Sharer Sara" });
    const before = await admin.inbox.counts();
    const { id } = (await author.caller.knowledge.share(
      shareInput({
        shareType: "experience",
        category: "trade_fair",
        eventDate: "2025-02-17",
        eventLocation: " Dubai ",
      }),
    ))!;
    expect(await submissionRow(t.db, id)).toMatchObject({
      userId: author.id,
      shareType: "experience",
      category: "trade_fair",
      eventDate: "2025-02-17",
      eventLocation: "Dubai",
      status: "pending",
      reviewedBy: null,
      reviewedAt: null,
      pointsAwarded: null,
    });
    expect(await author.caller.knowledge.mine()).toEqual([
      expect.objectContaining({ id, status: "pending", pointsAwarded: null, shareType: "experience" }),
    ]);
    expect(await admin.inbox.counts()).toEqual({ ...before, pending: before.pending + 1 });
    const pending = await admin.inbox.list({ status: "pending" });
    expect(pending.find((r) => r.id === id)).toMatchObject({
      authorName: "Sharer Sara",
      status: "pending",
      attachmentUrl: null,
    });
    expect((await admin.inbox.list({ status: "approved" })).some((r) => r.id === id)).toBe(false);
    expect((await admin.inbox.list({})).some((r) => r.id === id)).toBe(true);
  });

  it("refuses a category of another type, and an attachment that is not the member's upload", async () => {
    const author = await t.member();
    expect(
      await expectTRPCError(() =>
        author.caller.knowledge.share(shareInput({ shareType: "regulations", category: "AE" })),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.categoryRequired });
    expect(await expectTRPCError(() => author.caller.knowledge.share(shareInput({ title: "  " })))).toEqual({
      code: "BAD_REQUEST",
      message: Msg.titleRequired,
    });
    expect(
      await expectTRPCError(() =>
        author.caller.knowledge.share(shareInput({ attachmentUploadId: "3f1c2a4e-8b7d-4c6e-9f0a-1b2c3d4e5f60" })),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.uploadInvalidFile });
    expect(await author.caller.knowledge.mine()).toEqual([]);
  });
});
