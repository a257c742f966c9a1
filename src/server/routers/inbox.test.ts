import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { type Caller, createTestApp, expectTRPCError, outcome, type TestApp, withTimeout } from "../../test/app";
import { ledgerOf, pendingSubmission, shareInput, standingOf, submissionRow } from "../../test/fixtures";
import { countPendingKnowledge } from "../domain/inbox";

let t: TestApp;
let admin: Caller;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.actor("admin");
  admin = a.caller;
  adminId = a.user!.id;
});

afterAll(async () => {
  await t?.close();
});

describe("inbox.review", () => {
  it("approving one submission twice at the same time credits its points once", async () => {
    const { author, id } = await pendingSubmission(t);
    const before = await standingOf(t.db, author.id);
    const results = await Promise.allSettled([
      admin.inbox.review({ id, decision: "approved", points: 100 }),
      admin.inbox.review({ id, decision: "approved", points: 100 }),
    ]);
    expect(results.map(outcome).sort()).toEqual([`CONFLICT: ${Msg.submissionReviewed}`, "OK"]);
    expect((await standingOf(t.db, author.id)).points).toBe(before.points + 100);
    const ledger = await ledgerOf(t.db, author.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: 100, reason: "knowledge_approved", sourceId: String(id) });
    const row = await submissionRow(t.db, id);
    expect(row).toMatchObject({ status: "approved", pointsAwarded: 100, reviewedBy: adminId });
    expect(row.reviewedAt).toBeInstanceOf(Date);
    expect(await author.caller.knowledge.mine()).toEqual([
      expect.objectContaining({ id, status: "approved", pointsAwarded: 100 }),
    ]);
  });

  it("two admins approving at once with different points: one wins, and the points match its award", async () => {
    const other = (await t.actor("admin")).caller;
    const { author, id } = await pendingSubmission(t);
    const results = await Promise.allSettled([
      admin.inbox.review({ id, decision: "approved", points: 200 }),
      other.inbox.review({ id, decision: "approved", points: 50 }),
    ]);
    expect(results.map(outcome).sort()).toEqual([`CONFLICT: ${Msg.submissionReviewed}`, "OK"]);
    const awarded = results[0]!.status === "fulfilled" ? 200 : 50;
    expect((await submissionRow(t.db, id)).pointsAwarded).toBe(awarded);
    expect((await standingOf(t.db, author.id)).points).toBe(awarded);
    expect((await ledgerOf(t.db, author.id)).map((r) => r.delta)).toEqual([awarded]);
  });

  it("approve and reject at the same time: exactly one decision, and points only if approved", async () => {
    const { author, id } = await pendingSubmission(t);
    const [approve, reject] = await Promise.allSettled([
      admin.inbox.review({ id, decision: "approved", points: 200 }),
      admin.inbox.review({ id, decision: "rejected", notes: "Duplicate" }),
    ]);
    const row = await submissionRow(t.db, id);
    if (approve.status === "fulfilled") {
      expect(outcome(reject)).toBe(`CONFLICT: ${Msg.submissionReviewed}`);
      expect(row).toMatchObject({ status: "approved", pointsAwarded: 200, adminNotes: null });
      expect((await standingOf(t.db, author.id)).points).toBe(200);
      expect(await ledgerOf(t.db, author.id)).toHaveLength(1);
    } else {
      expect(outcome(approve)).toBe(`CONFLICT: ${Msg.submissionReviewed}`);
      expect(outcome(reject)).toBe("OK");
      expect(row).toMatchObject({ status: "rejected", pointsAwarded: null, adminNotes: "Duplicate" });
      expect((await standingOf(t.db, author.id)).points).toBe(0);
      expect(await ledgerOf(t.db, author.id)).toEqual([]);
    }
  });

  it("approval defaults to 50 points", async () => {
    const { author, id } = await pendingSubmission(t);
    await admin.inbox.review({ id, decision: "approved" });
    expect((await submissionRow(t.db, id)).pointsAwarded).toBe(50);
    expect((await standingOf(t.db, author.id)).points).toBe(50);
  });

  it("rejecting stores the status, reviewer, time and notes, and credits nothing", async () => {
    const { author, id } = await pendingSubmission(t);
    const started = Date.now();
    expect(await admin.inbox.review({ id, decision: "rejected", notes: "  Please add a source.  " })).toEqual({
      ok: true,
    });
    const row = await submissionRow(t.db, id);
    expect(row).toMatchObject({
      status: "rejected",
      reviewedBy: adminId,
      adminNotes: "Please add a source.",
      pointsAwarded: null,
    });
    expect(row.reviewedAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(row.reviewedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await standingOf(t.db, author.id)).toEqual({ tier: "turquoise", points: 0 });
    expect(await ledgerOf(t.db, author.id)).toEqual([]);
    expect((await admin.inbox.list({ status: "rejected" })).find((r) => r.id === id)).toMatchObject({
      adminNotes: "Please add a source.",
    });
  });

  it("a submission that is not pending cannot be reviewed again; an unknown one is NOT_FOUND", async () => {
    const rejected = await pendingSubmission(t);
    await admin.inbox.review({ id: rejected.id, decision: "rejected" });
    const approved = await pendingSubmission(t);
    await admin.inbox.review({ id: approved.id, decision: "approved", points: 100 });
    const rejectedRow = await submissionRow(t.db, rejected.id);
    const approvedRow = await submissionRow(t.db, approved.id);

    for (const decision of ["approved", "rejected"] as const) {
      for (const s of [rejected, approved]) {
        expect(await expectTRPCError(() => admin.inbox.review({ id: s.id, decision }))).toEqual({
          code: "CONFLICT",
          message: Msg.submissionReviewed,
        });
      }
    }
    // Nothing changed: neither the rows nor the points.
    expect(await submissionRow(t.db, rejected.id)).toEqual(rejectedRow);
    expect(await submissionRow(t.db, approved.id)).toEqual(approvedRow);
    expect(await ledgerOf(t.db, rejected.author.id)).toEqual([]);
    expect((await ledgerOf(t.db, approved.author.id)).map((r) => r.delta)).toEqual([100]);
    expect((await standingOf(t.db, approved.author.id)).points).toBe(100);

    expect((await expectTRPCError(() => admin.inbox.review({ id: 999_999_999, decision: "approved" }))).code).toBe(
      "NOT_FOUND",
    );
    expect(
      // @ts-expect-error: 75 is not one of the allowed awards
      (await expectTRPCError(() => admin.inbox.review({ id: approved.id, decision: "approved", points: 75 }))).code,
    ).toBe("BAD_REQUEST");
  });

  it("members cannot review", async () => {
    const { id } = await pendingSubmission(t);
    const m = await t.member();
    expect((await expectTRPCError(() => m.caller.inbox.review({ id, decision: "approved" }))).code).toBe("FORBIDDEN");
    expect((await submissionRow(t.db, id)).status).toBe("pending");
  });
});

describe("the live pending-submissions badge (badges.onChange)", () => {
  it("yields the pending count, then the new count after a share and after a review", async () => {
    const ac = new AbortController();
    const a = await t.actor("admin", { signal: ac.signal });
    const author = await t.member();
    const iterable = await a.caller.badges.onChange();
    const it = iterable[Symbol.asyncIterator]();
    try {
      const first = await withTimeout(it.next(), 5_000, "the first badges");
      const start = await countPendingKnowledge(t.db);
      expect(first.value?.admin?.submissions).toBe(start);

      // Ask for the next value before the change, as the WebSocket adapter does.
      const second = it.next();
      const { id } = (await author.caller.knowledge.share(shareInput()))!;
      expect((await withTimeout(second, 5_000, "the badges after a share")).value?.admin?.submissions).toBe(start + 1);

      const third = it.next();
      await admin.inbox.review({ id, decision: "approved" });
      expect((await withTimeout(third, 5_000, "the badges after a review")).value?.admin?.submissions).toBe(start);

      const fourth = it.next();
      ac.abort();
      expect(await withTimeout(fourth, 5_000, "the end after abort")).toMatchObject({ done: true });
    } finally {
      ac.abort();
      await it.return?.();
    }
  });
});
