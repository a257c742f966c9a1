/**
 * Member requests, responses and offers through the router (spec part 2 §2, §5, §7 calls
 * 14–19, §8; DESIGN.md §5, §8.11, §9; issue #4): the three request forms, respond with its
 * rules, offers (no contacts until reveal, reveal, rating once, unread count, average rating)
 * and the live member badges.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import type { Activity } from "../../common/constants";
import type { RequestType } from "../../common/memberRequests";
import { Msg } from "../../common/messages";
import { type Caller, createTestApp, type TestApp, withTimeout } from "../../test/app";
import { memberRequests, memberResponses, notifications, products, profiles } from "../db/schema";
import { countReceived } from "../domain/memberRequests";
import { countUnreadOffers, RESPONSE_NOTIFICATION_TITLE } from "../domain/offers";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

interface Member {
  id: string;
  token: string;
  caller: Caller;
}

/** An approved member routed only by what is given (no activity unless told). */
async function member(spec: { activities?: Activity[]; countries?: string[]; sectors?: string[] } = {}) {
  const a = await t.actor("member");
  await t.db
    .update(profiles)
    .set({
      activities: spec.activities ?? [],
      targetCountries: spec.countries ?? [],
      industrialSectors: spec.sectors ?? [],
    })
    .where(eq(profiles.userId, a.user!.id));
  // Auth is loaded per request (with the match profile): act with the updated profile.
  const caller = t.callerWith(await t.authOf(a.token!));
  return { id: a.user!.id, token: a.token!, caller } satisfies Member;
}

/** The code and message of a failed call; a validation failure reads as its first issue's text. */
async function failure(fn: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  let error: unknown;
  try {
    await fn();
  } catch (err) {
    error = err;
  }
  if (error === undefined) throw new Error("expected the call to fail");
  const e = error as { code?: string; message: string; cause?: unknown };
  const message = e.cause instanceof ZodError ? (e.cause.issues[0]?.message ?? e.message) : e.message;
  return { code: e.code ?? String(error), message };
}

async function requestRow(id: number) {
  const [r] = await t.db.select().from(memberRequests).where(eq(memberRequests.id, id));
  return r!;
}

const description = "Looking for a distributor of dried fruit";

/** A request of `by` to `country`. */
async function submit(by: Member, country: string, requestType: RequestType = "co_marketing") {
  return (await by.caller.memberRequests.submit({ productId: null, countryCode: country, requestType, description }))
    .id;
}

const contacts = { contactEmail: "offer@example.com", contactPhone: "+989121234567", contactWhatsapp: "" };

/** A requester's request to `country`, answered by a member who targets that country. */
async function answeredRequest(country: string, requester?: Member) {
  const r = requester ?? (await member());
  const responder = await member({ countries: [country] });
  const requestId = await submit(r, country);
  const { id: responseId } = await responder.caller.memberRequests.respond({
    requestId,
    message: "We distribute in that market.",
    ...contacts,
  });
  return { requester: r, responder, requestId, responseId };
}

describe("the request forms", () => {
  it("submit stores the product's sector, the country, type and urgency", async () => {
    const author = await member();
    const [product] = await t.db.select().from(products).limit(1);
    const { id } = await author.caller.memberRequests.submit({
      productId: product!.id,
      countryCode: "DE",
      requestType: "product_sourcing",
      description: `  ${description}  `,
      urgency: "urgent",
    });
    expect(await requestRow(id)).toMatchObject({
      userId: author.id,
      productId: product!.id,
      sector: product!.sector,
      targetCountry: "DE",
      requestType: "product_sourcing",
      activityType: null,
      subActivity: null,
      description,
      urgency: "urgent",
      status: "active",
    });
  });

  it("refuses the form's rules with their spec texts, and unknown products or countries", async () => {
    const author = await member();
    const base = { productId: null, countryCode: "DE", requestType: "co_marketing", description } as const;
    const words = (n: number) => Array.from({ length: n }, () => "word").join(" ");
    expect((await author.caller.memberRequests.submit({ ...base, description: words(30) })).id).toBeGreaterThan(0);
    expect(await failure(() => author.caller.memberRequests.submit({ ...base, description: words(31) }))).toEqual({
      code: "BAD_REQUEST",
      message: "Please limit your description to 30 words or less.",
    });
    expect(
      await failure(() => author.caller.memberRequests.submit({ ...base, productId: null, countryCode: null })),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.productOrCountry });
    expect(await failure(() => author.caller.memberRequests.submit({ ...base, description: "  " }))).toEqual({
      code: "BAD_REQUEST",
      message: Msg.descriptionRequired,
    });
    expect(await failure(() => author.caller.memberRequests.submit({ ...base, productId: 999_999 }))).toEqual({
      code: "BAD_REQUEST",
      message: "Please choose a product from the list.",
    });
    expect(await failure(() => author.caller.memberRequests.submit({ ...base, countryCode: "ZZ" }))).toEqual({
      code: "BAD_REQUEST",
      message: Msg.invalidCountry,
    });
    const [{ n }] = (await t.db
      .select({ n: count() })
      .from(memberRequests)
      .where(eq(memberRequests.userId, author.id))) as [{ n: number }];
    expect(n).toBe(1);

    // Over HTTP the error reads as the spec text, with the field it belongs to.
    const res = await t.mutation("memberRequests.submit", { ...base, countryCode: null }, { token: author.token });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(Msg.productOrCountry);
    expect(res.error?.data.fieldErrors).toEqual({ productId: [Msg.productOrCountry] });
  });

  it("send stores the activity type and sub-activity and maps them to a request type", async () => {
    const author = await member();
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
        description,
      });
      expect(await requestRow(id)).toMatchObject({ activityType, subActivity, requestType, urgency: "normal" });
    }
    expect(
      await failure(() =>
        author.caller.memberRequests.send({
          productId: null,
          countryCode: "AE",
          activityType: "legal",
          subActivity: "arbitration",
          description,
        }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.subActivityRequired });
    expect(
      await failure(() =>
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
      await failure(() =>
        author.caller.memberRequests.send({
          productId: null,
          countryCode: null,
          activityType: "legal",
          subActivity: "contract",
          description,
        }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.productOrCountrySend });
    expect(
      await failure(() =>
        author.caller.memberRequests.send({
          productId: 999_999,
          countryCode: null,
          activityType: "legal",
          subActivity: "contract",
          description,
        }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.invalidProduct });
  });

  it("export services saves the chosen sector and country, and accepts arbitration", async () => {
    const author = await member();
    const { id } = await author.caller.memberRequests.sendExportServices({
      sector: "tiles_stones",
      countryCode: "IQ",
      activityType: "legal",
      subActivity: "arbitration",
      description,
      urgency: "urgent",
    });
    expect(await requestRow(id)).toMatchObject({
      productId: null,
      sector: "tiles_stones",
      targetCountry: "IQ",
      activityType: "legal",
      subActivity: "arbitration",
      requestType: "knowledge_sharing",
      urgency: "urgent",
    });
    expect(
      await failure(() =>
        author.caller.memberRequests.sendExportServices({
          sector: null,
          countryCode: null,
          activityType: "marketing",
          subActivity: "market_research",
          description,
          urgency: "normal",
        }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: Msg.sectorOrCountry });
  });
});

describe("received list and count", () => {
  it("lists matching requests newest first with their details and counts them", async () => {
    const author = await member();
    const viewer = await member({ countries: ["KE"] });
    const first = await submit(author, "KE", "knowledge_sharing");
    const second = await submit(author, "KE", "product_sourcing");
    const page = await viewer.caller.memberRequests.received({});
    expect(page.items.slice(0, 2).map((i) => i.id)).toEqual([second, first]);
    expect(page.items[0]).toMatchObject({
      requestType: "product_sourcing",
      countryCode: "KE",
      countryNameEn: "Kenya",
      description,
      productId: null,
    });
    expect(await viewer.caller.memberRequests.receivedCount()).toBe(
      Math.min(await countReceived(t.db, viewer.id), 100),
    );
    expect(await viewer.caller.memberRequests.receivedCount()).toBeGreaterThanOrEqual(2);
  });

  it("ignore removes a request from the viewer's list", async () => {
    const author = await member();
    const viewer = await member({ countries: ["TZ"] });
    const id = await submit(author, "TZ");
    const before = await viewer.caller.memberRequests.receivedCount();
    expect(await viewer.caller.memberRequests.ignore({ requestId: id })).toEqual({ ok: true });
    expect(await viewer.caller.memberRequests.receivedCount()).toBe(before - 1);
    expect((await viewer.caller.memberRequests.received({})).items.map((i) => i.id)).not.toContain(id);
    expect(await failure(() => viewer.caller.memberRequests.ignore({ requestId: 987_654 }))).toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("respond", () => {
  it("validates the dialog with the spec texts and stores nothing", async () => {
    const author = await member();
    const responder = await member({ countries: ["OM"] });
    const requestId = await submit(author, "OM");
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
      expect(await failure(() => responder.caller.memberRequests.respond({ ...base, ...patch })), message).toEqual({
        code: "BAD_REQUEST",
        message,
      });
    }
    const rows = await t.db.select().from(memberResponses).where(eq(memberResponses.requestId, requestId));
    expect(rows).toHaveLength(0);
    // 200 characters exactly is fine.
    await responder.caller.memberRequests.respond({ ...base, message: "y".repeat(200), contactPhone: "+441234567" });
  });

  it("a request not shown to the responder is NOT_FOUND", async () => {
    const author = await member();
    const other = await member({ countries: ["CL"] });
    const requestId = await submit(author, "AR");
    const msg = { message: "Hi", ...contacts };
    // Not matching, own, unknown.
    expect(await failure(() => other.caller.memberRequests.respond({ requestId, ...msg }))).toEqual({
      code: "NOT_FOUND",
      message: Msg.requestUnavailable,
    });
    expect(await failure(() => author.caller.memberRequests.respond({ requestId, ...msg }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await failure(() => other.caller.memberRequests.respond({ requestId: 99_999_999, ...msg }))).toMatchObject({
      code: "NOT_FOUND",
    });
    // Ignored by the responder: no longer shown.
    const viewer = await member({ countries: ["AR"] });
    await viewer.caller.memberRequests.ignore({ requestId });
    expect(await failure(() => viewer.caller.memberRequests.respond({ requestId, ...msg }))).toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("responding twice is a CONFLICT, also when both arrive at once", async () => {
    const { responder, requestId } = await answeredRequest("PE");
    expect(
      await failure(() => responder.caller.memberRequests.respond({ requestId, message: "Again", ...contacts })),
    ).toEqual({ code: "CONFLICT", message: "You have already responded to this request." });

    const author = await member();
    const racer = await member({ countries: ["PE"] });
    const id = await submit(author, "PE");
    const results = await Promise.allSettled([
      racer.caller.memberRequests.respond({ requestId: id, message: "One", ...contacts }),
      racer.caller.memberRequests.respond({ requestId: id, message: "Two", ...contacts }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: "CONFLICT", message: Msg.alreadyResponded });
    expect(await t.db.select().from(memberResponses).where(eq(memberResponses.requestId, id))).toHaveLength(1);
  });

  it("creates one 'Response to Your Request' notification for the requester", async () => {
    const { requester, responder, responseId } = await answeredRequest("EC");
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
    expect(await requester.caller.offers.unreadCount()).toBe(1);
    // The stored response.
    const [row] = await t.db.select().from(memberResponses).where(eq(memberResponses.id, responseId));
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

describe("offers", () => {
  it("the list never contains contact fields; reveal gives them to the requester only and records it", async () => {
    const { requester, responder, responseId, requestId } = await answeredRequest("BO");
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
    const third = await member();
    for (const caller of [responder.caller, third.caller]) {
      expect(await failure(() => caller.offers.reveal({ responseId }))).toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await failure(() => requester.caller.offers.reveal({ responseId: 99_999_999 }))).toMatchObject({
      code: "NOT_FOUND",
    });
    const [untouched] = await t.db.select().from(memberResponses).where(eq(memberResponses.id, responseId));
    expect(untouched!.revealedAt).toBeNull();

    expect(await requester.caller.offers.reveal({ responseId })).toEqual({
      contactEmail: "offer@example.com",
      contactPhone: "+989121234567",
      contactWhatsapp: null,
    });
    const [revealed] = await t.db.select().from(memberResponses).where(eq(memberResponses.id, responseId));
    expect(revealed!.revealedAt).toBeInstanceOf(Date);
    expect((await requester.caller.offers.list())[0]!.revealed).toBe(true);
    // A second reveal keeps the first time.
    await requester.caller.offers.reveal({ responseId });
    const [again] = await t.db.select().from(memberResponses).where(eq(memberResponses.id, responseId));
    expect(again!.revealedAt).toEqual(revealed!.revealedAt);
    // The responder's list of offers does not include it.
    expect((await responder.caller.offers.list()).map((o) => o.id)).not.toContain(responseId);
  });

  it("the requester rates an offer once, with 1 to 3 stars; others cannot", async () => {
    const { requester, responder, responseId } = await answeredRequest("PY");
    for (const rating of [0, 4]) {
      expect(await failure(() => requester.caller.offers.rate({ responseId, rating }))).toEqual({
        code: "BAD_REQUEST",
        message: "Please choose 1 to 3 stars.",
      });
    }
    const third = await member();
    for (const caller of [responder.caller, third.caller]) {
      expect(await failure(() => caller.offers.rate({ responseId, rating: 3 }))).toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await requester.caller.offers.rate({ responseId, rating: 2 })).toEqual({ ok: true });
    expect(await failure(() => requester.caller.offers.rate({ responseId, rating: 3 }))).toEqual({
      code: "CONFLICT",
      message: "You have already rated this offer.",
    });
    const [row] = await t.db.select().from(memberResponses).where(eq(memberResponses.id, responseId));
    expect(row!.rating).toBe(2);
    expect(row!.ratedAt).toBeInstanceOf(Date);
    expect((await requester.caller.offers.list())[0]).toMatchObject({ rating: 2 });
  });

  it("two concurrent ratings of one offer leave exactly one", async () => {
    const { requester, responseId } = await answeredRequest("UY");
    const results = await Promise.allSettled([
      requester.caller.offers.rate({ responseId, rating: 1 }),
      requester.caller.offers.rate({ responseId, rating: 3 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: "CONFLICT", message: Msg.alreadyRated });
    const winner = results.findIndex((r) => r.status === "fulfilled") === 0 ? 1 : 3;
    const rows = await t.db.select().from(memberResponses).where(eq(memberResponses.id, responseId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.rating).toBe(winner);
  });

  it("markRead clears the unread count until the next response", async () => {
    const requester = await member();
    await answeredRequest("VE", requester);
    await answeredRequest("VE", requester);
    expect(await requester.caller.offers.unreadCount()).toBe(2);
    expect(await requester.caller.offers.markRead()).toEqual({ ok: true });
    expect(await requester.caller.offers.unreadCount()).toBe(0);
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, requester.id), eq(notifications.isRead, false))),
    ).toHaveLength(0);
    await answeredRequest("VE", requester);
    expect(await requester.caller.offers.unreadCount()).toBe(1);
    expect(await countUnreadOffers(t.db, requester.id)).toBe(1);
    expect(await requester.caller.offers.list()).toHaveLength(3);
  });

  it("myRating averages the ratings a responder received, to one decimal, with their count", async () => {
    const responder = await member({ countries: ["GT"] });
    expect(await responder.caller.offers.myRating()).toEqual({ average: null, count: 0 });
    for (const rating of [1, 2, 2, null]) {
      const requester = await member();
      const requestId = await submit(requester, "GT");
      const { id } = await responder.caller.memberRequests.respond({ requestId, message: "Hello", ...contacts });
      if (rating !== null) await requester.caller.offers.rate({ responseId: id, rating });
    }
    expect(await responder.caller.offers.myRating()).toEqual({ average: 1.7, count: 3 });
    // Another responder's ratings do not count.
    const other = await member({ countries: ["GT"] });
    expect(await other.caller.offers.myRating()).toEqual({ average: null, count: 0 });
  });
});

describe("badges.onChange", () => {
  /** The member badges this issue adds (the payload may carry more, e.g. points and tier). */
  type Badges = { requests: number; offers: number };

  async function subscribe(m: Member, ac: AbortController) {
    const caller = t.callerWith((await t.authOf(m.token))!, { signal: ac.signal });
    const iterable = await caller.badges.onChange();
    return { caller, it: iterable[Symbol.asyncIterator]() as AsyncIterator<Badges> };
  }

  it("yields the counts on connect, then on a matching request, a response and reading or ignoring", async () => {
    const viewer = await member({ countries: ["KE"] });
    const author = await member({ countries: ["KE"] });
    const ac = new AbortController();
    const { it } = await subscribe(viewer, ac);
    try {
      const first = await withTimeout(it.next(), 5_000, "the first badges");
      const start = first.value as Badges;
      expect(start).toMatchObject({
        requests: await countReceived(t.db, viewer.id),
        offers: await countUnreadOffers(t.db, viewer.id),
      });

      // A request that does not match, then one that does: only the second raises the badge.
      const second = it.next();
      await submit(author, "PE");
      const matching = await submit(author, "KE");
      expect(await withTimeout(second, 5_000, "the badges after a matching request")).toMatchObject({
        done: false,
        value: { requests: Math.min(start.requests + 1, 100), offers: start.offers },
      });

      // The viewer's own request changes nothing; a response to it raises `offers`.
      const third = it.next();
      const own = await submit(viewer, "KE");
      await author.caller.memberRequests.respond({ requestId: own, message: "Count on us", ...contacts });
      expect(await withTimeout(third, 5_000, "the badges after a response")).toMatchObject({
        done: false,
        value: { requests: Math.min(start.requests + 1, 100), offers: start.offers + 1 },
      });

      // Opening the offers page clears `offers`; ignoring a request lowers `requests`.
      const fourth = it.next();
      await viewer.caller.offers.markRead();
      expect(await withTimeout(fourth, 5_000, "the badges after markRead")).toMatchObject({
        done: false,
        value: { requests: Math.min(start.requests + 1, 100), offers: 0 },
      });
      const fifth = it.next();
      await viewer.caller.memberRequests.ignore({ requestId: matching });
      expect(await withTimeout(fifth, 5_000, "the badges after ignore")).toMatchObject({
        done: false,
        value: { requests: await countReceived(t.db, viewer.id), offers: 0 },
      });

      const end = it.next();
      ac.abort();
      expect(await withTimeout(end, 5_000, "the end after abort")).toMatchObject({ done: true });
    } finally {
      ac.abort();
      await it.return?.();
    }
  });

  it("ends when the session signs out", async () => {
    const viewer = await member({ countries: ["NG"] });
    const author = await member();
    const ac = new AbortController();
    const { caller, it } = await subscribe(viewer, ac);
    try {
      await withTimeout(it.next(), 5_000, "the first badges");
      const next = it.next();
      await caller.auth.signOut();
      await submit(author, "NG"); // would raise `requests` if the subscription were still alive
      expect(await withTimeout(next, 5_000, "the end of the subscription")).toMatchObject({ done: true });
    } finally {
      ac.abort();
      await it.return?.();
    }
  });
});
