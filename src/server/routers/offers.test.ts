/**
 * Offers through the router on a real database (spec part 2 §2, §4, §7 calls 18–19, §8;
 * DESIGN.md §8.11): no contacts until Reveal, rating once, the unread count, the average rating.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { createTestApp, expectTRPCError, type TestApp } from "../../test/app";
import { answeredRequest, RESPONSE_CONTACTS, submitRequest } from "../../test/fixtures";
import { notifications, postResponses } from "../db/schema";
import { countUnreadOffers } from "../domain/offers";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe("offers", () => {
  it("the list never contains contact fields; reveal gives them to the requester only and records it", async () => {
    const { requester, responder, responseId, requestId } = await answeredRequest(t, "BO");
    const list = await requester.caller.offers.list();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: responseId, requestId, revealed: false, rating: null });
    for (const key of Object.keys(list[0]!)) expect(key.toLowerCase()).not.toContain("contact");
    expect(JSON.stringify(list)).not.toContain("offer@example.com");
    expect(JSON.stringify(list)).not.toContain("989121234567");
    const http = await t.query("offers.list", undefined, { token: requester.token });
    expect(http.status).toBe(200);
    expect(http.response.body).not.toContain("offer@example.com");
    expect(http.response.body).not.toContain("contact");

    // Others cannot reveal: the responder, a third member, an unknown id.
    const third = await t.member();
    for (const caller of [responder.caller, third.caller]) {
      expect(await expectTRPCError(() => caller.offers.reveal({ responseId }))).toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await expectTRPCError(() => requester.caller.offers.reveal({ responseId: 99_999_999 }))).toMatchObject({
      code: "NOT_FOUND",
    });
    const [untouched] = await t.db.select().from(postResponses).where(eq(postResponses.id, responseId));
    expect(untouched!.revealedAt).toBeNull();

    expect(await requester.caller.offers.reveal({ responseId })).toEqual({
      contactEmail: "offer@example.com",
      contactPhone: "+989121234567",
      contactWhatsapp: null,
    });
    const [revealed] = await t.db.select().from(postResponses).where(eq(postResponses.id, responseId));
    expect(revealed!.revealedAt).toBeInstanceOf(Date);
    expect((await requester.caller.offers.list())[0]!.revealed).toBe(true);
    // A second reveal keeps the first time.
    await requester.caller.offers.reveal({ responseId });
    const [again] = await t.db.select().from(postResponses).where(eq(postResponses.id, responseId));
    expect(again!.revealedAt).toEqual(revealed!.revealedAt);
    // The responder's list of offers does not include it.
    expect((await responder.caller.offers.list()).map((o) => o.id)).not.toContain(responseId);
  });

  it("the requester rates an offer once, with 1 to 3 stars; others cannot", async () => {
    const { requester, responder, responseId } = await answeredRequest(t, "PY");
    for (const rating of [0, 4]) {
      expect(await expectTRPCError(() => requester.caller.offers.rate({ responseId, rating }))).toEqual({
        code: "BAD_REQUEST",
        message: "Please choose 1 to 3 stars.",
      });
    }
    const third = await t.member();
    for (const caller of [responder.caller, third.caller]) {
      expect(await expectTRPCError(() => caller.offers.rate({ responseId, rating: 3 }))).toMatchObject({
        code: "NOT_FOUND",
      });
    }
    expect(await requester.caller.offers.rate({ responseId, rating: 2 })).toEqual({ ok: true });
    expect(await expectTRPCError(() => requester.caller.offers.rate({ responseId, rating: 3 }))).toEqual({
      code: "CONFLICT",
      message: "You have already rated this offer.",
    });
    const [row] = await t.db.select().from(postResponses).where(eq(postResponses.id, responseId));
    expect(row!.rating).toBe(2);
    expect(row!.ratedAt).toBeInstanceOf(Date);
    expect((await requester.caller.offers.list())[0]).toMatchObject({ rating: 2 });
  });

  it("two concurrent ratings of one offer leave exactly one", async () => {
    const { requester, responseId } = await answeredRequest(t, "UY");
    const results = await Promise.allSettled([
      requester.caller.offers.rate({ responseId, rating: 1 }),
      requester.caller.offers.rate({ responseId, rating: 3 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: "CONFLICT", message: Msg.alreadyRated });
    const winner = results.findIndex((r) => r.status === "fulfilled") === 0 ? 1 : 3;
    const rows = await t.db.select().from(postResponses).where(eq(postResponses.id, responseId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.rating).toBe(winner);
  });

  it("markRead clears the unread count until the next response", async () => {
    const requester = await t.member();
    await answeredRequest(t, "VE", requester);
    await answeredRequest(t, "VE", requester);
    expect((await requester.caller.badges.get()).offers).toBe(2);
    expect(await requester.caller.offers.markRead()).toEqual({ ok: true });
    expect((await requester.caller.badges.get()).offers).toBe(0);
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, requester.id), eq(notifications.isRead, false))),
    ).toHaveLength(0);
    await answeredRequest(t, "VE", requester);
    expect((await requester.caller.badges.get()).offers).toBe(1);
    expect(await countUnreadOffers(t.db, requester.id)).toBe(1);
    expect(await requester.caller.offers.list()).toHaveLength(3);
  });

  it("myRating averages the ratings a responder received, to one decimal, with their count", async () => {
    const responder = await t.member({ countries: ["GT"] });
    expect(await responder.caller.offers.myRating()).toEqual({ average: null, count: 0 });
    for (const rating of [1, 2, 2, null]) {
      const requester = await t.member();
      const requestId = await submitRequest(requester, "GT");
      const { id } = await responder.caller.memberRequests.respond({
        requestId,
        message: "Hello",
        ...RESPONSE_CONTACTS,
      });
      if (rating !== null) await requester.caller.offers.rate({ responseId: id, rating });
    }
    expect(await responder.caller.offers.myRating()).toEqual({ average: 1.7, count: 3 });
    // Another responder's ratings do not count.
    const other = await t.member({ countries: ["GT"] });
    expect(await other.caller.offers.myRating()).toEqual({ average: null, count: 0 });
  });
});
