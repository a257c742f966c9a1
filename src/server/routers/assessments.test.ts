/**
 * Members' readiness assessments through the router on a real database (issue #18 §3): save
 * recomputes the score from the answers, list/get/latest, privacy, refusals.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READINESS_QUESTIONS, READINESS_SCALES, type ReadinessAnswers } from "../../common/assessments";
import { Msg } from "../../common/messages";
import { createTestApp, expectTRPCError, type TestApp } from "../../test/app";
import { assessments } from "../db/schema";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** Every question answered with the option at `index` of its scale (0 = worst, 3 = best). */
function answersAt(index: number, over: Partial<ReadinessAnswers> = {}): ReadinessAnswers {
  const base = Object.fromEntries(READINESS_QUESTIONS.map((q) => [q.code, READINESS_SCALES[q.scale][index]!.code]));
  return { ...base, ...over } as ReadinessAnswers;
}

describe("assessments", () => {
  it("save scores the answers on the server and ignores any score the client sends", async () => {
    const m = await t.member();
    const res = await t.mutation<{ id: number; score: unknown }>(
      "assessments.save",
      { answers: answersAt(3), overall: 5, scores: { capabilities: 1 }, score: { overall: 1 } },
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(res.data!.score).toEqual({
      areas: { capabilities: 100, product: 100, market: 100, experience: 100 },
      overall: 100,
      strongest: "capabilities",
      weakest: "capabilities",
    });
    const [row] = await t.db.select().from(assessments).where(eq(assessments.id, res.data!.id));
    expect(row).toMatchObject({ userId: m.id, kind: "readiness", overall: 100, answers: answersAt(3) });
    expect(row!.scores.areas).toEqual({ capabilities: 100, product: 100, market: 100, experience: 100 });
  });

  it("lists newest first, reads one back with its answers, and gives the latest with the previous one", async () => {
    const m = await t.member();
    expect(await m.caller.assessments.mine()).toEqual([]);
    expect(await m.caller.assessments.latest()).toEqual({ latest: null, previous: null, showOnCard: false });

    const first = await m.caller.assessments.save({ answers: answersAt(1) });
    const second = await m.caller.assessments.save({ answers: answersAt(2, { mkt_targets: "fully" }) });
    expect(first.score.overall).toBe(33);
    expect(second.score.areas.market).toBe(76); // (3×1 + 8×2/3) / 11 = 75.8
    expect(second.score.strongest).toBe("market");

    const mine = await m.caller.assessments.mine();
    expect(mine.map((a) => a.id)).toEqual([second.id, first.id]);
    expect(mine[0]).toEqual({ id: second.id, kind: "readiness", createdAt: expect.any(Date), score: second.score });
    expect(mine[0]).not.toHaveProperty("answers");

    const got = await m.caller.assessments.get({ id: first.id });
    expect(got.answers).toEqual(answersAt(1));
    expect(got.score).toEqual(first.score);

    const latest = await m.caller.assessments.latest();
    expect(latest.latest?.id).toBe(second.id);
    expect(latest.previous?.id).toBe(first.id);
  });

  it("no one else reads a member's assessments: another's id is NOT_FOUND, lists are one's own", async () => {
    const owner = await t.member();
    const other = await t.member();
    const saved = await owner.caller.assessments.save({ answers: answersAt(2) });
    await expectTRPCError(other.caller.assessments.get({ id: saved.id }), "NOT_FOUND", Msg.notFound);
    await expectTRPCError(other.caller.assessments.get({ id: saved.id + 1_000_000 }), "NOT_FOUND", Msg.notFound);
    expect(await other.caller.assessments.mine()).toEqual([]);
    expect((await other.caller.assessments.latest()).latest).toBeNull();
    const admin = await t.actor("admin");
    await expectTRPCError(admin.caller.assessments.get({ id: saved.id }), "NOT_FOUND", Msg.notFound);
  });

  it("refuses anonymous and pending callers", async () => {
    const anonymous = await t.callerFor("anonymous");
    await expectTRPCError(anonymous.assessments.save({ answers: answersAt(0) }), "UNAUTHORIZED", Msg.signInRequired);
    await expectTRPCError(anonymous.assessments.mine(), "UNAUTHORIZED", Msg.signInRequired);
    const pending = await t.callerFor("pending");
    await expectTRPCError(pending.assessments.latest(), "FORBIDDEN", Msg.approvalRequired);
  });

  it("bad answers are a 400 with a clear message, and save nothing", async () => {
    const m = await t.member();
    const { cap_plan: _, ...missing } = answersAt(2);
    const cases: [unknown, string][] = [
      [missing, Msg.assessmentAnswerEveryQuestion],
      [answersAt(2, { cap_plan: "over5" }), Msg.assessmentAnswerEveryQuestion],
      [{ ...answersAt(2), cap_extra: "fully" }, Msg.assessmentUnknownQuestion],
    ];
    for (const [answers, message] of cases) {
      const res = await t.mutation("assessments.save", { answers }, { token: m.token });
      expect(res.status).toBe(400);
      expect(res.error!.message).toBe(message);
    }
    expect(await t.db.select().from(assessments).where(eq(assessments.userId, m.id))).toEqual([]);
  });

  it("the latest score shows on the directory card only when its owner chooses", async () => {
    const owner = await t.member();
    const viewer = await t.member();
    await owner.caller.assessments.save({ answers: answersAt(1) });
    await owner.caller.assessments.save({ answers: answersAt(2) });
    const card = async () =>
      (await viewer.caller.members.list({ search: owner.name, page: 1 })).items.find((m) => m.userId === owner.id);
    expect((await card())?.readiness).toBeNull();
    expect((await owner.caller.assessments.latest()).showOnCard).toBe(false);

    expect(await owner.caller.assessments.setShowOnCard({ show: true })).toEqual({ showOnCard: true });
    expect((await owner.caller.assessments.latest()).showOnCard).toBe(true);
    expect((await card())?.readiness).toBe(67); // the latest, not the first (33)

    await owner.caller.assessments.setShowOnCard({ show: false });
    expect((await card())?.readiness).toBeNull();
    // Choosing to show with no result yet shows nothing.
    await viewer.caller.assessments.setShowOnCard({ show: true });
    const self = (await owner.caller.members.list({ search: viewer.name, page: 1 })).items.find(
      (m) => m.userId === viewer.id,
    );
    expect(self?.readiness).toBeNull();
  });
});
