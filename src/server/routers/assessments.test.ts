/**
 * Members' readiness assessments and Porter diamond analyses through the router on a real
 * database (issue #18 §2, §3): save recomputes the score from the answers, list/get/latest,
 * the comparison with the previous one, privacy, refusals.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compareDiamond,
  DIAMOND_FACTORS,
  type DiamondAnswers,
  type DiamondScore,
  READINESS_QUESTIONS,
  READINESS_SCALES,
  type ReadinessAnswers,
} from "../../common/assessments";
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

/** A diamond analysis of saffron for Germany with the given ratings (factor order). */
function diamondWith(ratings: number[], over: Partial<DiamondAnswers> = {}): DiamondAnswers {
  return {
    product: "Saffron",
    market: "DE",
    factors: Object.fromEntries(
      DIAMOND_FACTORS.map((f, i) => [f, { rating: ratings[i], notes: `Why ${f} is ${ratings[i]}` }]),
    ) as DiamondAnswers["factors"],
    ...over,
  };
}

describe("assessments", () => {
  it("save scores the answers on the server and ignores any score the client sends", async () => {
    const m = await t.member();
    const res = await t.mutation<{ id: number; score: unknown }>(
      "assessments.save",
      { kind: "readiness", answers: answersAt(3), overall: 5, scores: { capabilities: 1 }, score: { overall: 1 } },
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
    expect((row!.scores as { areas: unknown }).areas).toEqual({
      capabilities: 100,
      product: 100,
      market: 100,
      experience: 100,
    });
  });

  it("lists newest first, reads one back with its answers, and gives the latest with the previous one", async () => {
    const m = await t.member();
    expect(await m.caller.assessments.mine()).toEqual([]);
    expect(await m.caller.assessments.latest()).toEqual({ latest: null, previous: null, showOnCard: false });

    const first = await m.caller.assessments.save({ kind: "readiness", answers: answersAt(1) });
    const second = await m.caller.assessments.save({
      kind: "readiness",
      answers: answersAt(2, { mkt_targets: "fully" }),
    });
    expect(first.score.overall).toBe(33);
    // market: (3×1 + 8×2/3) / 11 = 75.8
    expect(second.score).toMatchObject({ areas: { market: 76 }, strongest: "market" });

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
    const saved = await owner.caller.assessments.save({ kind: "readiness", answers: answersAt(2) });
    await expectTRPCError(other.caller.assessments.get({ id: saved.id }), "NOT_FOUND", Msg.notFound);
    await expectTRPCError(other.caller.assessments.get({ id: saved.id + 1_000_000 }), "NOT_FOUND", Msg.notFound);
    expect(await other.caller.assessments.mine()).toEqual([]);
    expect((await other.caller.assessments.latest()).latest).toBeNull();
    const admin = await t.actor("admin");
    await expectTRPCError(admin.caller.assessments.get({ id: saved.id }), "NOT_FOUND", Msg.notFound);
  });

  it("refuses anonymous and pending callers", async () => {
    const anonymous = await t.callerFor("anonymous");
    await expectTRPCError(
      anonymous.assessments.save({ kind: "readiness", answers: answersAt(0) }),
      "UNAUTHORIZED",
      Msg.signInRequired,
    );
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
      const res = await t.mutation("assessments.save", { kind: "readiness", answers }, { token: m.token });
      expect(res.status).toBe(400);
      expect(res.error!.message).toBe(message);
    }
    expect(await t.db.select().from(assessments).where(eq(assessments.userId, m.id))).toEqual([]);
  });

  it("the latest score shows on the directory card only when its owner chooses", async () => {
    const owner = await t.member();
    const viewer = await t.member();
    await owner.caller.assessments.save({ kind: "readiness", answers: answersAt(1) });
    await owner.caller.assessments.save({ kind: "readiness", answers: answersAt(2) });
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

  it("saves a diamond analysis scored on the server, with its product and market", async () => {
    const m = await t.member();
    const res = await t.mutation<{ id: number; kind: string; product: string; market: string; score: unknown }>(
      "assessments.save",
      { kind: "diamond", answers: diamondWith([4, 2, 3, 5, 1, 4]), overall: 99, score: { overall: 99 } },
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ kind: "diamond", product: "Saffron", market: "DE" });
    expect(res.data!.score).toEqual({
      ratings: { factors: 4, demand: 2, related: 3, strategy: 5, government: 1, chance: 4 },
      overall: 63,
      strengths: ["factors", "strategy", "chance"],
      gaps: ["demand", "government"],
    });
    const [row] = await t.db.select().from(assessments).where(eq(assessments.id, res.data!.id));
    expect(row).toMatchObject({ userId: m.id, kind: "diamond", overall: 63, answers: diamondWith([4, 2, 3, 5, 1, 4]) });
  });

  it("lists both kinds newest first, reads a diamond back with the previous one of its kind, and keeps latest for readiness", async () => {
    const m = await t.member();
    const first = await m.caller.assessments.save({ kind: "diamond", answers: diamondWith([2, 2, 3, 3, 4, 3]) });
    const readiness = await m.caller.assessments.save({ kind: "readiness", answers: answersAt(2) });
    const second = await m.caller.assessments.save({
      kind: "diamond",
      answers: diamondWith([4, 2, 3, 5, 1, 3], { product: "Saffron threads", market: "FR" }),
    });

    const mine = await m.caller.assessments.mine();
    expect(mine.map((a) => [a.id, a.kind])).toEqual([
      [second.id, "diamond"],
      [readiness.id, "readiness"],
      [first.id, "diamond"],
    ]);
    expect(mine[0]).toEqual({
      id: second.id,
      kind: "diamond",
      createdAt: expect.any(Date),
      product: "Saffron threads",
      market: "FR",
      score: second.score,
    });
    expect(mine[0]).not.toHaveProperty("answers");

    // The dashboard's latest stays the readiness assessment.
    const latest = await m.caller.assessments.latest();
    expect(latest.latest?.id).toBe(readiness.id);
    expect(latest.previous).toBeNull();

    const got = await m.caller.assessments.get({ id: second.id });
    expect(got.kind).toBe("diamond");
    expect(got.answers).toEqual(diamondWith([4, 2, 3, 5, 1, 3], { product: "Saffron threads", market: "FR" }));
    // Compared with the previous diamond, not with the readiness assessment saved between them.
    expect(got.previous?.id).toBe(first.id);
    expect(compareDiamond(got.score as DiamondScore, got.previous!.score as DiamondScore)).toEqual({
      ratings: { factors: 2, demand: 0, related: 0, strategy: 2, government: -3, chance: 0 },
      overall: 25,
    });
    expect((await m.caller.assessments.get({ id: first.id })).previous).toBeNull();
    expect((await m.caller.assessments.get({ id: readiness.id })).previous).toBeNull();
  });

  it("no one else reads a member's diamond analysis", async () => {
    const owner = await t.member();
    const other = await t.member();
    const saved = await owner.caller.assessments.save({ kind: "diamond", answers: diamondWith([3, 3, 3, 3, 3, 3]) });
    await expectTRPCError(other.caller.assessments.get({ id: saved.id }), "NOT_FOUND", Msg.notFound);
    expect(await other.caller.assessments.mine()).toEqual([]);
    // Another member's later analysis is not the owner's "previous".
    const later = await other.caller.assessments.save({ kind: "diamond", answers: diamondWith([5, 5, 5, 5, 5, 5]) });
    expect((await other.caller.assessments.get({ id: later.id })).previous).toBeNull();
    const anonymous = await t.callerFor("anonymous");
    await expectTRPCError(
      anonymous.assessments.save({ kind: "diamond", answers: diamondWith([3, 3, 3, 3, 3, 3]) }),
      "UNAUTHORIZED",
      Msg.signInRequired,
    );
  });

  it("a bad diamond analysis is a 400 with a clear message, and saves nothing", async () => {
    const m = await t.member();
    const good = diamondWith([3, 3, 3, 3, 3, 3]);
    const cases: [unknown, string][] = [
      [{ kind: "diamond", answers: { ...good, product: " " } }, Msg.diamondProductRequired],
      [{ kind: "diamond", answers: { ...good, market: "QQ" } }, Msg.invalidCountry],
      [{ kind: "diamond", answers: { ...good, market: "germany" } }, Msg.invalidCountry],
      [
        { kind: "diamond", answers: { ...good, factors: { ...good.factors, chance: { rating: 6, notes: "" } } } },
        Msg.diamondRateEveryFactor,
      ],
      [
        {
          kind: "diamond",
          answers: { ...good, factors: { ...good.factors, chance: { rating: 3, notes: "x".repeat(1001) } } },
        },
        Msg.notesTooLong,
      ],
      [
        { kind: "diamond", answers: { ...good, factors: { ...good.factors, luck: { rating: 3 } } } },
        Msg.assessmentUnknownQuestion,
      ],
      // A diamond's answers under the readiness kind, and an unknown kind.
      [{ kind: "readiness", answers: good }, Msg.assessmentAnswerEveryQuestion],
      [{ kind: "swot", answers: good }, Msg.invalidInput],
      [{ answers: good }, Msg.invalidInput],
    ];
    for (const [input, message] of cases) {
      const res = await t.mutation("assessments.save", input, { token: m.token });
      expect(res.status, message).toBe(400);
      expect(res.error!.message).toBe(message);
    }
    expect(await t.db.select().from(assessments).where(eq(assessments.userId, m.id))).toEqual([]);
  });
});
