/**
 * Q&A through the router on a real database (spec part 2 §2, §4, §7 call 9, §8): drafts are
 * invisible to members; admins create, publish, edit and delete.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { type Caller, createTestApp, expectTRPCError, type TestApp } from "../../test/app";
import { pruneRateLimits } from "../auth/rate-limit";
import { qaItems, rateLimitHits } from "../db/schema";

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

describe("Q&A", () => {
  it("a draft is invisible to members; admins create, publish, edit and delete", async () => {
    const m = await t.member();
    const draft = (await admin.qa.create({
      question: "  Is there a fee?  ",
      answer: "No, membership is free.",
      subsection: "club_related",
      isPublished: false,
    }))!;
    const published = (await admin.qa.create({
      question: "What is an HS code?",
      answer: "A customs classification number.",
      subsection: "export_related",
      isPublished: true,
    }))!;
    const [draftRow] = await t.db.select().from(qaItems).where(eq(qaItems.id, draft.id));
    expect(draftRow).toMatchObject({ question: "Is there a fee?", isPublished: false, createdBy: adminId });

    const memberIds = async () => (await m.caller.qa.list()).map((q) => q.id);
    expect(await memberIds()).toContain(published.id);
    expect(await memberIds()).not.toContain(draft.id);
    expect((await m.caller.qa.list()).find((q) => q.id === published.id)).toEqual({
      id: published.id,
      question: "What is an HS code?",
      answer: "A customs classification number.",
      subsection: "export_related",
    });
    const adminIds = (await admin.qa.adminList()).map((q) => q.id);
    expect(adminIds).toEqual(expect.arrayContaining([draft.id, published.id]));
    expect((await admin.qa.adminList()).find((q) => q.id === draft.id)).toMatchObject({ isPublished: false });

    // Publishing the draft shows it; unpublishing the other hides it.
    expect(
      await admin.qa.update({
        id: draft.id,
        question: "Is there a fee?",
        answer: "No, the membership is free of charge.",
        subsection: "club_related",
        isPublished: true,
      }),
    ).toEqual({ id: draft.id });
    await admin.qa.update({
      id: published.id,
      question: "What is an HS code?",
      answer: "A customs classification number.",
      subsection: "export_related",
      isPublished: false,
    });
    expect(await memberIds()).toContain(draft.id);
    expect(await memberIds()).not.toContain(published.id);
    const [updated] = await t.db.select().from(qaItems).where(eq(qaItems.id, draft.id));
    expect(updated).toMatchObject({ answer: "No, the membership is free of charge.", isPublished: true });
    expect(updated!.updatedAt).toBeInstanceOf(Date);

    expect(await admin.qa.delete({ id: draft.id })).toEqual({ ok: true });
    expect(await memberIds()).not.toContain(draft.id);
    expect((await admin.qa.adminList()).map((q) => q.id)).not.toContain(draft.id);
    expect((await expectTRPCError(() => admin.qa.delete({ id: draft.id }))).code).toBe("NOT_FOUND");
    expect(
      (
        await expectTRPCError(() =>
          admin.qa.update({ id: draft.id, question: "Q", answer: "A", subsection: "club_related", isPublished: true }),
        )
      ).code,
    ).toBe("NOT_FOUND");
  });

  it("refuses blank questions and answers, and members cannot manage", async () => {
    expect(
      await expectTRPCError(() =>
        admin.qa.create({ question: " ", answer: "A", subsection: "club_related", isPublished: true }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.questionRequired });
    expect(
      await expectTRPCError(() =>
        admin.qa.create({ question: "Q", answer: "", subsection: "club_related", isPublished: true }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.answerRequired });
    const m = await t.member();
    expect(
      (
        await expectTRPCError(() =>
          m.caller.qa.create({ question: "Q", answer: "A", subsection: "club_related", isPublished: true }),
        )
      ).code,
    ).toBe("FORBIDDEN");
    expect((await expectTRPCError(() => m.caller.qa.adminList())).code).toBe("FORBIDDEN");
  });

  it("a member's question reaches the admins as a draft with the asker's name; answered and published, the asker sees it", async () => {
    const asker = await t.member({ name: "Sara Asker" });
    const other = await t.member();
    const { id } = (await asker.caller.qa.ask({
      question: "  How do I get a certificate of origin?  ",
      subsection: "export_related",
    }))!;

    // A draft: not on the members' list, first on the admins' list with the asker's name.
    expect((await other.caller.qa.list()).map((q) => q.id)).not.toContain(id);
    const [first] = await admin.qa.adminList();
    expect(first).toMatchObject({
      id,
      question: "How do I get a certificate of origin?",
      answer: "",
      isPublished: false,
      askedBy: asker.id,
      askerName: "Sara Asker",
      declinedAt: null,
    });
    expect(await asker.caller.qa.mine()).toEqual([
      expect.objectContaining({ id, status: "pending", answer: null, declineNote: null, subsection: "export_related" }),
    ]);
    // Others never see someone else's questions.
    expect(await other.caller.qa.mine()).toEqual([]);

    // An answer saved as a draft is not shown to the asker yet.
    await admin.qa.update({
      id,
      question: first!.question,
      answer: "Ask your chamber of commerce.",
      subsection: "export_related",
      isPublished: false,
    });
    expect((await asker.caller.qa.mine())[0]).toMatchObject({ status: "pending", answer: null });

    await admin.qa.update({
      id,
      question: first!.question,
      answer: "Ask your chamber of commerce.",
      subsection: "export_related",
      isPublished: true,
    });
    expect((await asker.caller.qa.mine())[0]).toMatchObject({
      status: "answered",
      answer: "Ask your chamber of commerce.",
    });
    expect((await other.caller.qa.list()).find((q) => q.id === id)).toMatchObject({
      answer: "Ask your chamber of commerce.",
    });
    // Published: it can no longer be declined.
    expect(await expectTRPCError(() => admin.qa.decline({ id, note: "No" }))).toEqual({
      code: "CONFLICT",
      message: Msg.questionNotPending,
    });
  });

  it("the admin declines a question with a note the asker reads", async () => {
    const asker = await t.member();
    const { id } = (await asker.caller.qa.ask({ question: "Can you sell my goods?", subsection: "club_related" }))!;
    expect(await expectTRPCError(() => admin.qa.decline({ id, note: "   " }))).toEqual({
      code: "BAD_REQUEST",
      message: Msg.declineNoteRequired,
    });
    expect(await admin.qa.decline({ id, note: "  The club does not trade on members' behalf.  " })).toEqual({ id });
    expect(await asker.caller.qa.mine()).toEqual([
      expect.objectContaining({
        id,
        status: "declined",
        answer: null,
        declineNote: "The club does not trade on members' behalf.",
      }),
    ]);
    expect((await admin.qa.adminList()).find((q) => q.id === id)).toMatchObject({ declineNote: expect.any(String) });
    // Declined once is declined; an admin's own item and unknown ids cannot be declined.
    expect((await expectTRPCError(() => admin.qa.decline({ id, note: "again" }))).code).toBe("CONFLICT");
    const own = (await admin.qa.create({
      question: "Q",
      answer: "A",
      subsection: "club_related",
      isPublished: false,
    }))!;
    expect((await expectTRPCError(() => admin.qa.decline({ id: own.id, note: "n" }))).code).toBe("CONFLICT");
    expect((await expectTRPCError(() => admin.qa.decline({ id: 987654, note: "n" }))).code).toBe("NOT_FOUND");
    // Publishing it later withdraws the decline.
    await admin.qa.update({
      id,
      question: "Can you sell my goods?",
      answer: "No, but see the directory.",
      subsection: "club_related",
      isPublished: true,
    });
    expect((await asker.caller.qa.mine())[0]).toMatchObject({ status: "answered", declineNote: null });
  });

  it("members ask at most 5 questions a day; blank questions and non-members are refused", async () => {
    const asker = await t.member();
    expect(await expectTRPCError(() => asker.caller.qa.ask({ question: " ", subsection: "club_related" }))).toEqual({
      code: "BAD_REQUEST",
      message: Msg.questionRequired,
    });
    for (let i = 1; i <= 5; i++) await asker.caller.qa.ask({ question: `Question ${i}`, subsection: "club_related" });
    const refused = await expectTRPCError(() =>
      asker.caller.qa.ask({ question: "Question 6", subsection: "club_related" }),
    );
    expect(refused).toEqual({ code: "TOO_MANY_REQUESTS", message: Msg.qaAskTooMany });
    expect(await asker.caller.qa.mine()).toHaveLength(5);
    // Another member has their own allowance.
    const other = await t.member();
    await other.caller.qa.ask({ question: "Mine", subsection: "export_related" });
    // The window is a day: the housekeeping keeps a 3-hour-old hit, drops a 2-day-old one.
    const hour = 60 * 60 * 1000;
    await t.db.insert(rateLimitHits).values([
      { key: "qa-ask:old", at: new Date(Date.now() - 3 * hour) },
      { key: "qa-ask:old", at: new Date(Date.now() - 48 * hour) },
    ]);
    await pruneRateLimits(t.db);
    expect(await t.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, "qa-ask:old"))).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(rateLimitHits)
        .where(eq(rateLimitHits.key, `qa-ask:${asker.id}`)),
    ).toHaveLength(5);

    for (const kind of ["anonymous", "pending", "rejected"] as const) {
      const caller = await t.callerFor(kind);
      const code = (await expectTRPCError(() => caller.qa.ask({ question: "Q", subsection: "club_related" }))).code;
      expect(code).toBe(kind === "anonymous" ? "UNAUTHORIZED" : "FORBIDDEN");
    }
    expect((await expectTRPCError(() => asker.caller.qa.decline({ id: 1, note: "n" }))).code).toBe("FORBIDDEN");
  });
});
