/**
 * Q&A through the router on a real database (spec part 2 §2, §4, §7 call 9, §8): drafts are
 * invisible to members; admins create, publish, edit and delete.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { type Caller, createTestApp, expectTRPCError, type TestApp } from "../../test/app";
import { qaItems } from "../db/schema";

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
});
