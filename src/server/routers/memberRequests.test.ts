/**
 * Member requests through the router on a real database (spec part 2 §2, §4, §5, §7 calls 14–17,
 * §8; DESIGN.md §8.6, §9): the three request forms and their rules, the received list and its
 * count, responding once and only to a request shown to the responder, ignoring.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { createTestApp, expectTRPCError, type TestApp } from "../../test/app";
import {
  answeredRequest,
  REQUEST_DESCRIPTION,
  RESPONSE_CONTACTS,
  requestRow,
  submitRequest,
} from "../../test/fixtures";
import { notifications, postArchives, postResponses, posts, products } from "../db/schema";
import { countReceived } from "../domain/memberRequests";
import { RESPONSE_NOTIFICATION_TITLE } from "../domain/offers";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe("the request forms", () => {
  it("submit stores the product's sector, the country, type and urgency", async () => {
    const author = await t.member();
    const [product] = await t.db.select().from(products).limit(1);
    const { id } = await author.caller.memberRequests.submit({
      productId: product!.id,
      countryCode: "DE",
      requestType: "product_sourcing",
      description: `  ${REQUEST_DESCRIPTION}  `,
      urgency: "urgent",
    });
    expect(await requestRow(t.db, id)).toMatchObject({
      userId: author.id,
      productId: product!.id,
      sector: product!.sector,
      targetCountry: "DE",
      requestType: "product_sourcing",
      activityType: null,
      subActivity: null,
      description: REQUEST_DESCRIPTION,
      urgency: "urgent",
      status: "active",
    });
  });

  it("refuses the form's rules with their spec texts, and unknown products or countries", async () => {
    const author = await t.member();
    const base = {
      productId: null,
      countryCode: "DE",
      requestType: "co_marketing",
      description: REQUEST_DESCRIPTION,
    } as const;
    const words = (n: number) => Array.from({ length: n }, () => "word").join(" ");
    expect((await author.caller.memberRequests.submit({ ...base, description: words(30) })).id).toBeGreaterThan(0);
    expect(
      await expectTRPCError(() => author.caller.memberRequests.submit({ ...base, description: words(31) })),
    ).toEqual({
      code: "BAD_REQUEST",
      message: "Please limit your description to 30 words or less.",
    });
    expect(
      await expectTRPCError(() => author.caller.memberRequests.submit({ ...base, productId: null, countryCode: null })),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.productOrCountry });
    expect(await expectTRPCError(() => author.caller.memberRequests.submit({ ...base, description: "  " }))).toEqual({
      code: "BAD_REQUEST",
      message: Msg.descriptionRequired,
    });
    expect(await expectTRPCError(() => author.caller.memberRequests.submit({ ...base, productId: 999_999 }))).toEqual({
      code: "BAD_REQUEST",
      message: "Please choose a product from the list.",
    });
    expect(await expectTRPCError(() => author.caller.memberRequests.submit({ ...base, countryCode: "ZZ" }))).toEqual({
      code: "BAD_REQUEST",
      message: Msg.invalidCountry,
    });
    const [{ n }] = (await t.db.select({ n: count() }).from(posts).where(eq(posts.userId, author.id))) as [
      { n: number },
    ];
    expect(n).toBe(1);

    // Over HTTP the error reads as the spec text, with the field it belongs to.
    const res = await t.mutation("memberRequests.submit", { ...base, countryCode: null }, { token: author.token });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(Msg.productOrCountry);
    expect(res.error?.data.fieldErrors).toEqual({ productId: [Msg.productOrCountry] });
  });

  it("send stores the activity type and sub-activity and maps them to a request type", async () => {
    const author = await t.member();
    const cases = [
      ["marketing", "trade_fairs", "co_marketing"],
      ["legal", "contract", "knowledge_sharing"],
      ["commercial", "freight_customs", "commercial_assistance"],
    ] as const;
    for (const [activityType, subActivity, requestType] of cases) {
      const { id } = await author.caller.memberRequests.send({
        productId: null,
        countryCode: "AE",
        activityType,
        subActivity,
        description: REQUEST_DESCRIPTION,
      });
      expect(await requestRow(t.db, id)).toMatchObject({ activityType, subActivity, requestType, urgency: "normal" });
    }
    expect(
      await expectTRPCError(() =>
        author.caller.memberRequests.send({
          productId: null,
          countryCode: "AE",
          activityType: "legal",
          subActivity: "arbitration",
          description: REQUEST_DESCRIPTION,
        }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.subActivityRequired });
    expect(
      await expectTRPCError(() =>
        author.caller.memberRequests.send({
          productId: null,
          countryCode: "AE",
          activityType: "legal",
          subActivity: "contract",
          description: Array.from({ length: 31 }, () => "word").join(" "),
        }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.descriptionMax30Words });
    expect(
      await expectTRPCError(() =>
        author.caller.memberRequests.send({
          productId: null,
          countryCode: null,
          activityType: "legal",
          subActivity: "contract",
          description: REQUEST_DESCRIPTION,
        }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.productOrCountrySend });
    expect(
      await expectTRPCError(() =>
        author.caller.memberRequests.send({
          productId: 999_999,
          countryCode: null,
          activityType: "legal",
          subActivity: "contract",
          description: REQUEST_DESCRIPTION,
        }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.invalidProduct });
  });
});

describe("received list and count", () => {
  it("lists matching requests newest first with their details and counts them", async () => {
    const author = await t.member();
    const viewer = await t.member({ countries: ["KE"] });
    const first = await submitRequest(author, "KE", "knowledge_sharing");
    const second = await submitRequest(author, "KE", "product_sourcing");
    const page = await viewer.caller.memberRequests.received({});
    expect(page.items.slice(0, 2).map((i) => i.id)).toEqual([second, first]);
    expect(page.items[0]).toMatchObject({
      requestType: "product_sourcing",
      countryCode: "KE",
      countryNameEn: "Kenya",
      description: REQUEST_DESCRIPTION,
      productId: null,
    });
    expect((await viewer.caller.badges.get()).requests).toBe(Math.min(await countReceived(t.db, viewer.id), 100));
    expect((await viewer.caller.badges.get()).requests).toBeGreaterThanOrEqual(2);
  });

  it("ignore removes a request from the viewer's list", async () => {
    const author = await t.member();
    const viewer = await t.member({ countries: ["TZ"] });
    const id = await submitRequest(author, "TZ");
    const before = (await viewer.caller.badges.get()).requests;
    expect(await viewer.caller.memberRequests.ignore({ requestId: id })).toEqual({ ok: true });
    expect((await viewer.caller.badges.get()).requests).toBe(before - 1);
    expect((await viewer.caller.memberRequests.received({})).items.map((i) => i.id)).not.toContain(id);
    expect(await expectTRPCError(() => viewer.caller.memberRequests.ignore({ requestId: 987_654 }))).toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("ignore reveals nothing about requests not shown to the viewer (issue #10 §7)", () => {
  it("an unknown id, a request routed to others only and the viewer's own get the same NOT_FOUND", async () => {
    const author = await t.member();
    const viewer = await t.member({ countries: ["UG"] });
    const elsewhere = await submitRequest(author, "GH");
    const own = await submitRequest(viewer, "UG");
    const answers = [];
    for (const requestId of [987_655, elsewhere, own]) {
      answers.push(await expectTRPCError(() => viewer.caller.memberRequests.ignore({ requestId })));
    }
    for (const answer of answers) {
      expect(answer).toMatchObject({ code: "NOT_FOUND", message: Msg.requestUnavailable });
    }
    expect(new Set(answers.map((a) => JSON.stringify({ code: a.code, message: a.message }))).size).toBe(1);
    expect(await t.db.select().from(postArchives).where(eq(postArchives.userId, viewer.id))).toEqual([]);
  });

  it("a request routed to the viewer is ignored, and ignoring it again is fine", async () => {
    const author = await t.member();
    const viewer = await t.member({ countries: ["RW"] });
    const id = await submitRequest(author, "RW");
    expect(await viewer.caller.memberRequests.ignore({ requestId: id })).toEqual({ ok: true });
    expect(await viewer.caller.memberRequests.ignore({ requestId: id })).toEqual({ ok: true });
  });
});

describe("respond", () => {
  it("validates the dialog with the spec texts and stores nothing", async () => {
    const author = await t.member();
    const responder = await t.member({ countries: ["OM"] });
    const requestId = await submitRequest(author, "OM");
    const base = { requestId, message: "We can help", contactEmail: "", contactPhone: "", contactWhatsapp: "" };
    const cases: [Partial<typeof base>, string][] = [
      [{}, "Please provide at least one contact method (email, phone, or WhatsApp)"],
      [{ message: "", contactEmail: "a@example.com" }, "Please provide a brief response message"],
      [{ message: "x".repeat(201), contactEmail: "a@example.com" }, "Your response must be 200 characters or less"],
      [{ contactEmail: "not an email" }, Msg.invalidEmail],
      [{ contactPhone: "call me" }, Msg.invalidPhone],
      [{ contactWhatsapp: "+0" }, Msg.invalidWhatsapp],
    ];
    for (const [patch, message] of cases) {
      expect(
        await expectTRPCError(() => responder.caller.memberRequests.respond({ ...base, ...patch })),
        message,
      ).toEqual({
        code: "BAD_REQUEST",
        message,
      });
    }
    const rows = await t.db.select().from(postResponses).where(eq(postResponses.postId, requestId));
    expect(rows).toHaveLength(0);
    // 200 characters exactly is fine.
    await responder.caller.memberRequests.respond({ ...base, message: "y".repeat(200), contactPhone: "+441234567" });
  });

  it("a request not shown to the responder is NOT_FOUND", async () => {
    const author = await t.member();
    const other = await t.member({ countries: ["CL"] });
    const requestId = await submitRequest(author, "AR");
    const msg = { message: "Hi", ...RESPONSE_CONTACTS };
    // Not matching, own, unknown.
    expect(await expectTRPCError(() => other.caller.memberRequests.respond({ requestId, ...msg }))).toEqual({
      code: "NOT_FOUND",
      message: Msg.requestUnavailable,
    });
    expect(await expectTRPCError(() => author.caller.memberRequests.respond({ requestId, ...msg }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(
      await expectTRPCError(() => other.caller.memberRequests.respond({ requestId: 99_999_999, ...msg })),
    ).toMatchObject({
      code: "NOT_FOUND",
    });
    // Ignored by the responder: no longer shown.
    const viewer = await t.member({ countries: ["AR"] });
    await viewer.caller.memberRequests.ignore({ requestId });
    expect(await expectTRPCError(() => viewer.caller.memberRequests.respond({ requestId, ...msg }))).toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("responding twice is a CONFLICT, also when both arrive at once", async () => {
    const { responder, requestId } = await answeredRequest(t, "PE");
    expect(
      await expectTRPCError(() =>
        responder.caller.memberRequests.respond({ requestId, message: "Again", ...RESPONSE_CONTACTS }),
      ),
    ).toEqual({ code: "CONFLICT", message: "You have already responded to this request." });

    const author = await t.member();
    const racer = await t.member({ countries: ["PE"] });
    const id = await submitRequest(author, "PE");
    const results = await Promise.allSettled([
      racer.caller.memberRequests.respond({ requestId: id, message: "One", ...RESPONSE_CONTACTS }),
      racer.caller.memberRequests.respond({ requestId: id, message: "Two", ...RESPONSE_CONTACTS }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: "CONFLICT", message: Msg.alreadyResponded });
    expect(await t.db.select().from(postResponses).where(eq(postResponses.postId, id))).toHaveLength(1);
  });

  it("creates one 'Response to Your Request' notification for the requester", async () => {
    const { requester, responder, responseId } = await answeredRequest(t, "EC");
    const mine = await t.db.select().from(notifications).where(eq(notifications.userId, requester.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: "response_received",
      title: "Response to Your Request",
      responseId,
      isRead: false,
    });
    expect(RESPONSE_NOTIFICATION_TITLE).toBe("Response to Your Request");
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, responder.id))).toHaveLength(0);
    expect((await requester.caller.badges.get()).offers).toBe(1);
    // The stored response.
    const [row] = await t.db.select().from(postResponses).where(eq(postResponses.id, responseId));
    expect(row).toMatchObject({
      requesterId: requester.id,
      responderId: responder.id,
      contactEmail: "offer@example.com",
      contactPhone: "+989121234567",
      contactWhatsapp: null,
      rating: null,
      revealedAt: null,
    });
  });
});
