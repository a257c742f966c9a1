/**
 * Request Help through the router on a real database (spec part 2 §2, §5, §8; DESIGN.md §8.5,
 * §8.9): parallel help requests never exceed the monthly quota of the member's real tier, and each
 * help request reaches matching members as a member request.
 */
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HelpRequestInput } from "../../common/help";
import { KNOWLEDGE_COUNTRIES } from "../../common/knowledge";
import { Msg } from "../../common/messages";
import { createTestApp, expectTRPCError, type Member, outcome, type TestApp } from "../../test/app";
import { helpInput } from "../../test/fixtures";
import { countries, helpRequests, posts } from "../db/schema";
import { monthStart } from "../domain/help";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function helpRowsOf(userId: string) {
  return t.db.select().from(helpRequests).where(eq(helpRequests.userId, userId)).orderBy(helpRequests.id);
}

async function memberRequestCountOf(userId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(posts).where(eq(posts.userId, userId));
  return row?.n ?? 0;
}

describe("help requests and the monthly quota", () => {
  it("every country of the knowledge and help forms is in the reference list", async () => {
    const rows = await t.db
      .select({ code: countries.code })
      .from(countries)
      .where(inArray(countries.code, [...KNOWLEDGE_COUNTRIES]));
    expect(rows.map((r) => r.code).sort()).toEqual([...KNOWLEDGE_COUNTRIES].sort());
  });

  it("ten parallel requests by a Turquoise member create exactly two", async () => {
    const m = await t.member({ tier: "turquoise" });
    expect(await m.caller.help.quota()).toEqual({ used: 0, limit: 2, remaining: 2 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => m.caller.help.submit(helpInput({ title: `Request ${i}` }))),
    );
    const outcomes = results.map(outcome);
    expect(outcomes.filter((o) => o === "OK")).toHaveLength(2);
    expect(outcomes.filter((o) => o !== "OK")).toEqual(
      Array.from({ length: 8 }, () => `TOO_MANY_REQUESTS: ${Msg.requestLimitReached}`),
    );
    expect(Msg.requestLimitReached).toBe(
      "You've reached your monthly request limit. Upgrade your membership for more requests.",
    );
    const rows = await helpRowsOf(m.id);
    expect(rows).toHaveLength(2);
    expect(await memberRequestCountOf(m.id)).toBe(2);
    expect(await m.caller.help.quota()).toEqual({ used: 2, limit: 2, remaining: 0 });
    // Each created help request is linked to its own member request.
    const linked = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(new Set(linked.map((l) => l.memberRequestId)).size).toBe(2);
    expect(rows.map((r) => r.memberRequestId).sort()).toEqual(linked.map((l) => l.memberRequestId).sort());
  });

  it("a Silver member gets five", async () => {
    const m = await t.member({ tier: "silver" });
    expect(await m.caller.help.quota()).toEqual({ used: 0, limit: 5, remaining: 5 });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => m.caller.help.submit(helpInput())));
    const outcomes = results.map(outcome);
    expect(outcomes.filter((o) => o === "OK")).toHaveLength(5);
    expect(new Set(outcomes.filter((o) => o !== "OK"))).toEqual(
      new Set([`TOO_MANY_REQUESTS: ${Msg.requestLimitReached}`]),
    );
    expect(await helpRowsOf(m.id)).toHaveLength(5);
    expect(await memberRequestCountOf(m.id)).toBe(5);
    expect(await m.caller.help.quota()).toEqual({ used: 5, limit: 5, remaining: 0 });
  });

  it("a Gold member is unlimited", async () => {
    const m = await t.member({ tier: "gold" });
    expect(await m.caller.help.quota()).toEqual({ used: 0, limit: null, remaining: null });
    const results = await Promise.allSettled(Array.from({ length: 7 }, () => m.caller.help.submit(helpInput())));
    expect(results.map(outcome)).toEqual(Array.from({ length: 7 }, () => "OK"));
    expect(await helpRowsOf(m.id)).toHaveLength(7);
    expect(await m.caller.help.quota()).toEqual({ used: 7, limit: null, remaining: null });
  });

  it("the quota counts this calendar month only, and follows the real tier after an upgrade", async () => {
    const m = await t.member({ tier: "turquoise", points: 500 });
    // Two requests last month do not count.
    const lastMonth = new Date(monthStart().getTime() - 24 * 3600_000);
    await t.db.insert(helpRequests).values(
      [1, 2].map(() => ({
        userId: m.id,
        helpType: "country_knowledge" as const,
        title: "Old",
        description: "Old request",
        targetCountry: "DE",
        createdAt: lastMonth,
      })),
    );
    expect(await m.caller.help.quota()).toEqual({ used: 0, limit: 2, remaining: 2 });
    await m.caller.help.submit(helpInput());
    expect(await m.caller.help.quota()).toEqual({ used: 1, limit: 2, remaining: 1 });
    await m.caller.help.submit(helpInput());
    expect(await expectTRPCError(() => m.caller.help.submit(helpInput()))).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: Msg.requestLimitReached,
    });

    // Upgrading to Silver lifts the limit to five at once.
    expect(await m.caller.points.upgrade({ tier: "silver" })).toEqual({ tier: "silver", points: 0 });
    const after = await t.callerOf(m.token);
    expect(await after.help.quota()).toEqual({ used: 2, limit: 5, remaining: 3 });
    await after.help.submit(helpInput());
    expect(await after.help.quota()).toEqual({ used: 3, limit: 5, remaining: 2 });
  });

  it("a refused request uses no quota and stores nothing", async () => {
    const m = await t.member({ tier: "turquoise" });
    expect(await expectTRPCError(() => m.caller.help.submit(helpInput({ targetCountry: null })))).toEqual({
      code: "BAD_REQUEST",
      message: "This field is required for this type of help.",
    });
    expect(await expectTRPCError(() => m.caller.help.submit(helpInput({ targetCountry: "ZZ" })))).toEqual({
      code: "BAD_REQUEST",
      message: Msg.invalidCountry,
    });
    expect(await expectTRPCError(() => m.caller.help.submit(helpInput({ title: "" })))).toEqual({
      code: "BAD_REQUEST",
      message: Msg.titleRequired,
    });
    expect(await helpRowsOf(m.id)).toEqual([]);
    expect(await memberRequestCountOf(m.id)).toBe(0);
    expect(await m.caller.help.quota()).toEqual({ used: 0, limit: 2, remaining: 2 });
  });

  it("enforces each help type's required field", async () => {
    const m = await t.member({ tier: "gold" });
    const cases: Partial<HelpRequestInput>[] = [
      { helpType: "country_knowledge", targetCountry: null },
      { helpType: "product_experience", targetCountry: "DE", productCategory: null },
      { helpType: "hire_expert", targetCountry: "DE", expertiseAreas: [] },
      { helpType: "trade_services", targetCountry: "DE", serviceType: null },
      { helpType: "documents", targetCountry: "DE", productCategory: null },
      { helpType: "collaboration", targetCountry: "DE", productCategory: null },
    ];
    for (const c of cases) {
      expect(await expectTRPCError(() => m.caller.help.submit(helpInput(c))), c.helpType).toEqual({
        code: "BAD_REQUEST",
        message: Msg.helpFieldRequired,
      });
    }
    expect(await helpRowsOf(m.id)).toEqual([]);
  });

  it("stores the help request and its member request, routed to matching members", async () => {
    const requester = await t.member({ tier: "gold", name: "Helpless Hamid" });
    const byCountry = await t.member({ countries: ["IT"] });
    const bySector = await t.member({ sectors: ["food_beverages"] });
    const byActivity = await t.member({ activities: ["export_service_provider"] });
    const byExporter = await t.member({ activities: ["exporter"] });
    const byExpert = await t.member({ activities: ["export_expert"] });
    const nobody = await t.member({ countries: ["JP"], sectors: ["automotive"] });

    const received = async (m: Member) =>
      (await m.caller.memberRequests.received({})).items.filter((i) => i.posterName === "Helpless Hamid");

    // Country knowledge → knowledge_sharing, to members targeting the country (and experts).
    const countryHelp = await requester.caller.help.submit(
      helpInput({
        helpType: "country_knowledge",
        title: "  Customs in Italy  ",
        targetCountry: "IT",
        urgency: "high",
        budgetRange: " 1000 EUR ",
        additionalDetails: "",
      }),
    );
    const [helpRow] = await t.db.select().from(helpRequests).where(eq(helpRequests.id, countryHelp.id));
    expect(helpRow).toMatchObject({
      userId: requester.id,
      memberRequestId: countryHelp.memberRequestId,
      helpType: "country_knowledge",
      title: "Customs in Italy",
      targetCountry: "IT",
      urgency: "high",
      budgetRange: "1000 EUR",
      additionalDetails: null,
    });
    const [req] = await t.db.select().from(posts).where(eq(posts.id, countryHelp.memberRequestId));
    expect(req).toMatchObject({
      userId: requester.id,
      title: "Customs in Italy",
      description: "We export pistachios and look for a distributor.",
      targetCountry: "IT",
      sector: null,
      requestType: "knowledge_sharing",
      urgency: "urgent",
      status: "active",
    });
    expect((await received(byCountry)).map((i) => i.id)).toEqual([countryHelp.memberRequestId]);
    expect((await received(byCountry))[0]).toMatchObject({ title: "Customs in Italy", countryCode: "IT" });
    expect((await received(byExpert)).map((i) => i.id)).toEqual([countryHelp.memberRequestId]);
    expect(await received(bySector)).toEqual([]);
    expect(await received(byActivity)).toEqual([]);
    expect(await received(nobody)).toEqual([]);
    expect(await received(requester)).toEqual([]);

    // Product experience → the category's sector.
    const productHelp = await requester.caller.help.submit(
      helpInput({ helpType: "product_experience", targetCountry: null, productCategory: "saffron_spices" }),
    );
    const [productReq] = await t.db.select().from(posts).where(eq(posts.id, productHelp.memberRequestId));
    expect(productReq).toMatchObject({ sector: "food_beverages", targetCountry: null, urgency: "normal" });
    expect((await received(bySector)).map((i) => i.id)).toEqual([productHelp.memberRequestId]);
    expect((await received(byCountry)).map((i) => i.id)).toEqual([countryHelp.memberRequestId]);

    // Trade services → commercial assistance (service providers); collaboration → co-marketing (exporters).
    const tradeHelp = await requester.caller.help.submit(
      helpInput({ helpType: "trade_services", targetCountry: null, serviceType: "legal" }),
    );
    expect((await received(byActivity)).map((i) => i.id)).toEqual([tradeHelp.memberRequestId]);
    const collab = await requester.caller.help.submit(
      helpInput({ helpType: "collaboration", targetCountry: null, productCategory: "auto_parts" }),
    );
    expect((await received(byExporter)).map((i) => i.id)).toEqual([collab.memberRequestId]);
    // auto_parts routes to the automotive sector.
    expect((await received(nobody)).map((i) => i.id)).toEqual([collab.memberRequestId]);

    // The matching member can answer it like any other request.
    const { id: responseId } = await byCountry.caller.memberRequests.respond({
      requestId: countryHelp.memberRequestId,
      message: "Our broker in Genoa can help.",
      contactEmail: "genoa@example.com",
      contactPhone: "",
      contactWhatsapp: "",
    });
    expect((await requester.caller.offers.list()).map((o) => o.id)).toContain(responseId);
  });
});
