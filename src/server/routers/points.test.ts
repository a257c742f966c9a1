/**
 * Points through the router on a real database (spec part 1 §4 Tier upgrade, part 2 §9): an
 * upgrade spends its cost once, never without enough points, never downwards; a 3-star rating
 * pays the responder 15 points, once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { createTestApp, expectTRPCError, outcome, type TestApp } from "../../test/app";
import { answeredRequest, ledgerOf, standingOf } from "../../test/fixtures";
import { postResponses } from "../db/schema";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe("points.upgrade", () => {
  it("without enough points is refused and changes nothing", async () => {
    for (const [tier, points] of [
      ["silver", 499],
      ["gold", 1199],
    ] as const) {
      const m = await t.member({ points });
      expect(await expectTRPCError(() => m.caller.points.upgrade({ tier }))).toEqual({
        code: "BAD_REQUEST",
        message: "You do not have enough points for this tier.",
      });
      expect(await standingOf(t.db, m.id)).toEqual({ tier: "turquoise", points });
      expect(await ledgerOf(t.db, m.id)).toEqual([]);
    }
  });

  it("a downgrade or the same tier is refused", async () => {
    for (const [from, to] of [
      ["turquoise", "turquoise"],
      ["silver", "silver"],
      ["gold", "silver"],
      ["gold", "turquoise"],
    ] as const) {
      const m = await t.member({ tier: from, points: 5000 });
      expect(await expectTRPCError(() => m.caller.points.upgrade({ tier: to }))).toEqual({
        code: "BAD_REQUEST",
        message: "You already have this tier or a higher one.",
      });
      expect(await standingOf(t.db, m.id)).toEqual({ tier: from, points: 5000 });
      expect(await ledgerOf(t.db, m.id)).toEqual([]);
    }
  });

  it("an upgrade spends the cost and writes the ledger row", async () => {
    const m = await t.member({ points: 650 });
    expect(await m.caller.points.upgrade({ tier: "silver" })).toEqual({ tier: "silver", points: 150 });
    expect(await ledgerOf(t.db, m.id)).toEqual([
      expect.objectContaining({ delta: -500, reason: "tier_upgrade", sourceId: `${m.id}:silver` }),
    ]);
  });

  /** Points never negative, ledger sum equals the change of balance, at most one upgrade per tier. */
  async function expectConsistent(id: string, start: number) {
    const standing = await standingOf(t.db, id);
    const ledger = await ledgerOf(t.db, id);
    expect(standing.points).toBeGreaterThanOrEqual(0);
    expect(ledger.reduce((s, r) => s + r.delta, 0)).toBe(standing.points - start);
    expect(new Set(ledger.map((r) => r.sourceId)).size).toBe(ledger.length);
    return { standing, ledger };
  }

  it("Silver and Gold at once with 1200 points spend once", async () => {
    const m = await t.member({ points: 1200 });
    const [silver, gold] = (
      await Promise.allSettled([m.caller.points.upgrade({ tier: "silver" }), m.caller.points.upgrade({ tier: "gold" })])
    ).map(outcome);
    const { standing, ledger } = await expectConsistent(m.id, 1200);
    expect(ledger).toHaveLength(1);
    if (silver === "OK") {
      expect(gold).toBe(`BAD_REQUEST: ${Msg.notEnoughPoints}`);
      expect(standing).toEqual({ tier: "silver", points: 700 });
    } else {
      expect(silver).toBe(`BAD_REQUEST: ${Msg.noDowngrade}`);
      expect(gold).toBe("OK");
      expect(standing).toEqual({ tier: "gold", points: 0 });
    }
  });

  it("two Gold upgrades at once with 1200 points spend once", async () => {
    const m = await t.member({ points: 1200 });
    const results = await Promise.allSettled([
      m.caller.points.upgrade({ tier: "gold" }),
      m.caller.points.upgrade({ tier: "gold" }),
    ]);
    expect(results.map(outcome).sort()).toEqual([`BAD_REQUEST: ${Msg.noDowngrade}`, "OK"]);
    const { standing, ledger } = await expectConsistent(m.id, 1200);
    expect(standing).toEqual({ tier: "gold", points: 0 });
    expect(ledger).toHaveLength(1);
  });
});

describe("the helpful-answer bonus", () => {
  it("a 3-star rating credits 15 points to the responder, once", async () => {
    const { requester, responder, responseId } = await answeredRequest(t);
    expect(await requester.caller.offers.rate({ responseId, rating: 3 })).toEqual({ ok: true });
    expect((await standingOf(t.db, responder.id)).points).toBe(15);
    expect(await ledgerOf(t.db, responder.id)).toEqual([
      expect.objectContaining({ delta: 15, reason: "helpful_answer", sourceId: String(responseId) }),
    ]);
    expect(await ledgerOf(t.db, requester.id)).toEqual([]);

    for (const rating of [3, 2]) {
      expect(await expectTRPCError(() => requester.caller.offers.rate({ responseId, rating }))).toEqual({
        code: "CONFLICT",
        message: Msg.alreadyRated,
      });
    }
    expect((await standingOf(t.db, responder.id)).points).toBe(15);
    expect(await ledgerOf(t.db, responder.id)).toHaveLength(1);
  });

  it("a 2-star or 1-star rating pays nothing", async () => {
    for (const rating of [2, 1]) {
      const { requester, responder, responseId } = await answeredRequest(t);
      await requester.caller.offers.rate({ responseId, rating });
      expect((await standingOf(t.db, responder.id)).points).toBe(0);
      expect(await ledgerOf(t.db, responder.id)).toEqual([]);
      const [row] = await t.db.select().from(postResponses).where(eq(postResponses.id, responseId));
      expect(row!.rating).toBe(rating);
    }
  });

  it("two 3-star ratings at once pay once; someone else's offer cannot be rated", async () => {
    const { requester, responder, responseId } = await answeredRequest(t);
    const outsider = await t.member();
    expect((await expectTRPCError(() => outsider.caller.offers.rate({ responseId, rating: 3 }))).code).toBe(
      "NOT_FOUND",
    );
    const results = await Promise.allSettled([
      requester.caller.offers.rate({ responseId, rating: 3 }),
      requester.caller.offers.rate({ responseId, rating: 3 }),
    ]);
    expect(results.map(outcome).sort()).toEqual([`CONFLICT: ${Msg.alreadyRated}`, "OK"]);
    expect((await standingOf(t.db, responder.id)).points).toBe(15);
    expect(await ledgerOf(t.db, responder.id)).toHaveLength(1);
  });

  it("each helpful answer pays separately", async () => {
    const responder = await t.member({ countries: ["FR"] });
    for (let i = 0; i < 2; i++) {
      const requester = await t.member();
      const { id: requestId } = await requester.caller.memberRequests.submit({
        productId: null,
        countryCode: "FR",
        requestType: "co_marketing",
        description: `Request number ${i}`,
      });
      const { id: responseId } = await responder.caller.memberRequests.respond({
        requestId,
        message: "Happy to help.",
        contactEmail: "r@example.com",
        contactPhone: "",
        contactWhatsapp: "",
      });
      await requester.caller.offers.rate({ responseId, rating: 3 });
    }
    expect((await standingOf(t.db, responder.id)).points).toBe(30);
    expect((await ledgerOf(t.db, responder.id)).map((r) => r.delta)).toEqual([15, 15]);
  });
});
