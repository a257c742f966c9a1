/**
 * Service-area posts through the router on a real database (issue #14; ADR 16): each area's
 * post reaches exactly the members of the routing table (its received list and its badge), not
 * a neighbour nor the author; then answering, revealing and rating, ignoring, closing, expiry,
 * My posts, validity, the forms' refusals and the daily limit shared with member requests.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELPFUL_ANSWER_POINTS } from "../../common/constants";
import { Msg } from "../../common/messages";
import type { Board } from "../../common/posts";
import { createTestApp, expectTRPCError, outcome, SAMPLE_FILES, type TestApp, uploadFile } from "../../test/app";
import {
  insertService,
  postInputOf,
  REQUEST_DESCRIPTION,
  RESPONSE_CONTACTS,
  receivedIdsOf,
  respondTo,
  standingOf,
} from "../../test/fixtures";
import { notifications, postResponses, posts, products } from "../db/schema";
import { OFFER_RESPONSE_NOTIFICATION_TITLE, RESPONSE_NOTIFICATION_TITLE } from "../domain/offers";
import { closeExpiredPosts } from "../domain/posts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 3600_000;

describe("collaboration", () => {
  it("reaches members sharing a target country or the chosen sector, not the others nor the author", async () => {
    const author = await t.member({ countries: ["NO"], sectors: ["fashion_textiles"] });
    const byCountry = await t.member({ countries: ["NO"] });
    const bySector = await t.member({ sectors: ["fashion_textiles"] });
    const neighbour = await t.member({ activities: ["exporter"], countries: ["SE"], sectors: ["mining"] });
    const board: Board = "collaboration.request";
    const before = await Promise.all([byCountry, bySector, neighbour, author].map((m) => m.caller.badges.get()));
    const { id } = await author.caller.posts.create(
      postInputOf("collaboration.request", { countries: ["NO"], sector: "fashion_textiles" }),
    );
    expect(await receivedIdsOf(byCountry, board)).toContain(id);
    expect(await receivedIdsOf(bySector, board)).toContain(id);
    expect(await receivedIdsOf(neighbour, board)).not.toContain(id);
    expect(await receivedIdsOf(author, board)).not.toContain(id);
    // Only this board's count rises, and only for the members it reaches.
    const after = await Promise.all([byCountry, bySector, neighbour, author].map((m) => m.caller.badges.get()));
    expect(after[0]!.posts).toEqual({ ...before[0]!.posts, [board]: before[0]!.posts[board] + 1 });
    expect(after[1]!.posts).toEqual({ ...before[1]!.posts, [board]: before[1]!.posts[board] + 1 });
    expect(after[2]!.posts).toEqual(before[2]!.posts);
    expect(after[3]!.posts).toEqual(before[3]!.posts);
    // The offer board is another list.
    expect(await receivedIdsOf(byCountry, "collaboration.offer")).not.toContain(id);
  });

  it("a distribution/agency offer with a product also reaches the exporters of the product's sector", async () => {
    const [product] = await t.db
      .select({ id: products.id, sector: products.sector })
      .from(products)
      .where(sql`${products.sector} <> 'construction'`)
      .limit(1);
    const author = await t.member();
    const exporter = await t.member({ activities: ["exporter"], sectors: [product!.sector] });
    const fieldA = await t.member({
      sectors: [product!.sector],
      activitySelections: { mainCategories: ["A"], details: { A: ["regular"] } },
    });
    // Same sector but not an exporter: the product's sector reaches exporters only.
    const nonExporter = await t.member({ activities: ["export_expert"], sectors: [product!.sector] });
    const board: Board = "collaboration.offer";
    const before = (await exporter.caller.badges.get()).posts[board];
    const { id } = await author.caller.posts.create(
      postInputOf("collaboration.offer", {
        collaborationKind: "distribution_agency",
        productId: product!.id,
        sector: "construction",
        countries: ["IS"],
      }),
    );
    expect(await receivedIdsOf(exporter, board)).toContain(id);
    expect(await receivedIdsOf(fieldA, board)).toContain(id);
    expect(await receivedIdsOf(nonExporter, board)).not.toContain(id);
    expect((await exporter.caller.badges.get()).posts[board]).toBe(before + 1);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, id));
    expect(row).toMatchObject({
      area: "collaboration",
      kind: "offer",
      countries: ["IS"],
      sectors: ["construction"],
      reach: [`exports:${product!.sector}`],
      details: { collaborationKind: "distribution_agency" },
    });

    // Another kind with the same product does not reach them.
    const { id: coMarketing } = await author.caller.posts.create(
      postInputOf("collaboration.offer", {
        collaborationKind: "co_marketing",
        productId: product!.id,
        sector: "construction",
        countries: ["IS"],
      }),
    );
    expect(await receivedIdsOf(exporter, board)).not.toContain(coMarketing);
  });
});

describe("export services", () => {
  it("a request reaches providers and field-B members of the activity's group sharing its country or sector", async () => {
    const author = await t.member({ activities: ["export_service_provider"], countries: ["PT"] });
    const provider = await t.member({ activities: ["export_service_provider"], countries: ["PT"] });
    const legalFieldB = await t.member({
      sectors: ["home_office_appliances"],
      activitySelections: { mainCategories: ["B"], details: { B: ["b2_arbitration"] } },
    });
    // Field B of another group (marketing), sharing the country: not a legal provider.
    const marketingFieldB = await t.member({
      countries: ["PT"],
      activitySelections: { mainCategories: ["B"], details: { B: ["b1_market_research"] } },
    });
    // A provider without a shared country or sector.
    const farProvider = await t.member({ activities: ["export_service_provider"], countries: ["ES"] });
    // Shares the country but provides nothing.
    const exporter = await t.member({ activities: ["exporter"], countries: ["PT"] });
    const board: Board = "export_services.request";
    const members = [provider, legalFieldB, marketingFieldB, farProvider, exporter, author];
    const before = await Promise.all(members.map((m) => m.caller.badges.get()));
    const { id } = await author.caller.posts.create(
      postInputOf("export_services.request", {
        countryCode: "PT",
        sector: "home_office_appliances",
        activityType: "legal",
      }),
    );
    const reached = [true, true, false, false, false, false];
    for (const [i, m] of members.entries()) {
      expect(await receivedIdsOf(m, board), `member ${i}`).toEqual(reached[i] ? [id] : []);
      const now = await m.caller.badges.get();
      expect(now.posts, `badges of member ${i}`).toEqual({
        ...before[i]!.posts,
        [board]: before[i]!.posts[board] + (reached[i] ? 1 : 0),
      });
      // The membership board is untouched: a new export-services request is not a member request.
      expect(now.requests).toBe(before[i]!.requests);
    }
    const [row] = await t.db.select().from(posts).where(eq(posts.id, id));
    expect(row).toMatchObject({
      area: "export_services",
      kind: "request",
      targetCountry: "PT",
      sector: "home_office_appliances",
      activityType: "legal",
      subActivity: "arbitration",
      requestType: null,
      reach: ["provider", "svc:B-2"],
    });
  });

  it("an offer reaches exporters (activity or field A) sharing a sector or country served", async () => {
    const author = await t.member({ activities: ["export_service_provider"] });
    const byCountry = await t.member({ activities: ["exporter"], countries: ["GR"] });
    const fieldA = await t.member({
      sectors: ["carpets_handicrafts"],
      activitySelections: { mainCategories: ["A"], details: { A: ["infrequent"] } },
    });
    const unrelatedExporter = await t.member({ activities: ["exporter"], countries: ["CY"], sectors: ["mining"] });
    const providerSameCountry = await t.member({ activities: ["export_service_provider"], countries: ["GR"] });
    const board: Board = "export_services.offer";
    const before = await Promise.all(
      [byCountry, fieldA, unrelatedExporter, providerSameCountry].map((m) => m.caller.badges.get()),
    );
    const { id } = await author.caller.posts.create(
      postInputOf("export_services.offer", {
        countries: ["GR"],
        sectors: ["carpets_handicrafts"],
        priceMin: 100,
        priceMax: 500,
        currency: "EUR",
      }),
    );
    expect(await receivedIdsOf(byCountry, board)).toEqual([id]);
    expect(await receivedIdsOf(fieldA, board)).toEqual([id]);
    expect(await receivedIdsOf(unrelatedExporter, board)).toEqual([]);
    expect(await receivedIdsOf(providerSameCountry, board)).toEqual([]);
    expect(await receivedIdsOf(author, board)).toEqual([]);
    const after = await Promise.all(
      [byCountry, fieldA, unrelatedExporter, providerSameCountry].map((m) => m.caller.badges.get()),
    );
    expect(after.map((b, i) => b.posts[board] - before[i]!.posts[board])).toEqual([1, 1, 0, 0]);
    const [card] = (await byCountry.caller.posts.received({ board })).items;
    expect(card).toMatchObject({
      id,
      area: "export_services",
      kind: "offer",
      countries: ["GR"],
      sectors: ["carpets_handicrafts"],
      details: { delivery: ["remote"], priceMin: 100, priceMax: 500, currency: "EUR" },
    });
  });
});

describe("information", () => {
  it("reaches members sharing the country or the sector, not the others nor the author", async () => {
    const author = await t.member({ countries: ["KE"] });
    const byCountry = await t.member({ countries: ["KE"] });
    const bySector = await t.member({ sectors: ["pharmaceuticals"] });
    const neighbour = await t.member({ activities: ["exporter"], countries: ["TZ"], sectors: ["tourism"] });
    const board: Board = "information.request";
    const before = await Promise.all([byCountry, bySector, neighbour].map((m) => m.caller.badges.get()));
    const { id: countryPost } = await author.caller.posts.create(
      postInputOf("information.request", { countryCode: "KE" }),
    );
    const { id: sectorPost } = await author.caller.posts.create(
      postInputOf("information.request", { countryCode: null, sector: "pharmaceuticals" }),
    );
    expect(await receivedIdsOf(byCountry, board)).toEqual([countryPost]);
    expect(await receivedIdsOf(bySector, board)).toEqual([sectorPost]);
    expect(await receivedIdsOf(neighbour, board)).toEqual([]);
    expect(await receivedIdsOf(author, board)).toEqual([]);
    const after = await Promise.all([byCountry, bySector, neighbour].map((m) => m.caller.badges.get()));
    expect(after.map((b, i) => b.posts[board] - before[i]!.posts[board])).toEqual([1, 1, 0]);
  });

  it("a product names its sector; experts' posts come first, over every page", async () => {
    const [product] = await t.db.select({ id: products.id, sector: products.sector }).from(products).limit(1);
    const reader = await t.member({ sectors: [product!.sector], countries: ["UG"] });
    const expert = await t.member({ activities: ["export_expert"] });
    const plain = await t.member({ activities: ["exporter"] });
    const { id: byProduct } = await plain.caller.posts.create(
      postInputOf("information.offer", { countryCode: null, productId: product!.id }),
    );
    const [row] = await t.db.select().from(posts).where(eq(posts.id, byProduct));
    expect(row).toMatchObject({ sectors: [product!.sector], byExpert: false });
    const { id: expertOld } = await expert.caller.posts.create(postInputOf("information.offer", { countryCode: "UG" }));
    const { id: plainNew } = await plain.caller.posts.create(postInputOf("information.offer", { countryCode: "UG" }));
    const { id: expertNew } = await expert.caller.posts.create(postInputOf("information.offer", { countryCode: "UG" }));
    const { id: plainNewest } = await plain.caller.posts.create(
      postInputOf("information.offer", { countryCode: "UG" }),
    );
    const expected = [expertNew, expertOld, plainNewest, plainNew, byProduct];
    const first = await reader.caller.posts.received({ board: "information.offer" });
    expect(first.items.map((i) => i.id)).toEqual(expected);
    expect(first.items.map((i) => i.byExpert)).toEqual([true, true, false, false, false]);
    // One per page: the experts-first cursor crosses from experts to the others exactly once each.
    expect(await receivedIdsOf(reader, "information.offer", 1)).toEqual(expected);
    expect(await receivedIdsOf(reader, "information.offer", 2)).toEqual(expected);
  });
});

describe("recruitment", () => {
  it("a position reaches individuals with its expertise area only, wherever they are", async () => {
    const company = await t.member({ userType: "organization", countries: ["IE"], expertiseAreas: ["legal"] });
    const lawyer = await t.member({ expertiseAreas: ["legal", "commercial"] });
    const marketer = await t.member({ expertiseAreas: ["marketing"], countries: ["IE"] });
    const firm = await t.member({ userType: "organization", expertiseAreas: ["legal"], countries: ["IE"] });
    const board: Board = "recruitment.offer";
    const before = await Promise.all([lawyer, marketer, firm].map((m) => m.caller.badges.get()));
    const { id } = await company.caller.posts.create(
      postInputOf("recruitment.offer", { expertiseArea: "legal", countries: ["IE"] }),
    );
    expect(await receivedIdsOf(lawyer, board)).toEqual([id]);
    expect(await receivedIdsOf(marketer, board)).toEqual([]);
    expect(await receivedIdsOf(firm, board)).toEqual([]);
    expect(await receivedIdsOf(company, board)).toEqual([]);
    const after = await Promise.all([lawyer, marketer, firm].map((m) => m.caller.badges.get()));
    expect(after.map((b, i) => b.posts[board] - before[i]!.posts[board])).toEqual([1, 0, 0]);
    expect((await lawyer.caller.posts.received({ board })).items[0]).toMatchObject({
      details: { expertiseArea: "legal", employmentType: "full_time", city: "Hamburg", workplace: "on_site" },
    });
  });

  it("a seeker's post reaches organizations sharing a country or one of the seeker's sectors", async () => {
    const seeker = await t.member({ sectors: ["sports_entertainment_tools"], expertiseAreas: ["commercial"] });
    const byCountry = await t.member({ userType: "organization", countries: ["LV"] });
    const bySector = await t.member({ userType: "organization", sectors: ["sports_entertainment_tools"] });
    const farOrganization = await t.member({ userType: "organization", countries: ["LT"], sectors: ["mining"] });
    const individual = await t.member({
      countries: ["LV"],
      sectors: ["sports_entertainment_tools"],
      expertiseAreas: ["commercial"],
    });
    const board: Board = "recruitment.request";
    const before = await Promise.all(
      [byCountry, bySector, farOrganization, individual].map((m) => m.caller.badges.get()),
    );
    const { id } = await seeker.caller.posts.create(
      postInputOf("recruitment.request", { expertiseArea: "commercial", countries: ["LV"] }),
    );
    expect(await receivedIdsOf(byCountry, board)).toEqual([id]);
    expect(await receivedIdsOf(bySector, board)).toEqual([id]);
    expect(await receivedIdsOf(farOrganization, board)).toEqual([]);
    expect(await receivedIdsOf(individual, board)).toEqual([]);
    const after = await Promise.all(
      [byCountry, bySector, farOrganization, individual].map((m) => m.caller.badges.get()),
    );
    expect(after.map((b, i) => b.posts[board] - before[i]!.posts[board])).toEqual([1, 1, 0, 0]);
  });

  it("organizations cannot seek positions and individuals cannot offer them; nothing is written", async () => {
    const company = await t.member({ userType: "organization" });
    const person = await t.member();
    await expectTRPCError(
      () => company.caller.posts.create(postInputOf("recruitment.request")),
      "FORBIDDEN",
      Msg.seekingIndividualsOnly,
    );
    await expectTRPCError(
      () => person.caller.posts.create(postInputOf("recruitment.offer")),
      "FORBIDDEN",
      Msg.positionsOrganizationsOnly,
    );
    const [{ n }] = (await t.db
      .select({ n: count() })
      .from(posts)
      .where(sql`${posts.userId} in (${company.id}, ${person.id})`)) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe("consultancy", () => {
  const consult = (over: Parameters<typeof postInputOf<"consultancy.request">>[1] = {}) =>
    postInputOf("consultancy.request", over);

  it("a request reaches the providers of matching approved, listed services only; the author never", async () => {
    const author = await t.member({ activities: ["export_expert"] });
    const matched = await t.member({ activities: ["export_expert"] });
    const bySector = await t.member({ activities: ["export_service_provider"] });
    const otherService = await t.member({ activities: ["export_expert"] });
    const paused = await t.member({ activities: ["export_expert"] });
    const pending = await t.member({ activities: ["export_expert"] });
    const otherSector = await t.member({ activities: ["export_expert"] });
    const consultant = await t.member({ activities: ["export_expert"] });
    await insertService(t.db, matched.id, { exportServices: ["logistics", "e_commerce"] });
    await insertService(t.db, bySector.id, { sectors: ["mining"], countries: ["TR"] });
    await insertService(t.db, otherService.id, { exportServices: ["trade_contracts"] });
    await insertService(t.db, paused.id, { paused: true });
    await insertService(t.db, pending.id, { status: "pending", reviewedAt: null });
    await insertService(t.db, otherSector.id, { sectors: ["energy"] });
    // The author's own matching service does not route the request to them.
    await insertService(t.db, author.id);
    const board: Board = "consultancy.request";
    const before = (await matched.caller.badges.get()).posts[board];
    const { id } = await author.caller.posts.create(consult({ sector: "mining", targetCountry: "TR", online: true }));
    expect(await receivedIdsOf(matched, board)).toContain(id);
    expect(await receivedIdsOf(bySector, board)).toContain(id);
    for (const m of [otherService, paused, pending, otherSector, consultant, author])
      expect(await receivedIdsOf(m, board)).not.toContain(id);
    expect((await matched.caller.badges.get()).posts[board]).toBe(before + 1);
    // The card carries the request's fields.
    const page = await matched.caller.posts.received({ board });
    expect(page.items.find((p) => p.id === id)).toMatchObject({
      area: "consultancy",
      kind: "request",
      countries: ["TR"],
      sectors: ["mining"],
      details: {
        requestType: "consultancy",
        exportService: "logistics",
        modes: ["online"],
        city: "Hamburg",
        country: "DE",
      },
    });
    // The search the dialog shows lists the same services' providers (spec part 2 §7 call 2).
    const [post] = await t.db.select({ reach: posts.reach }).from(posts).where(eq(posts.id, id));
    expect(post!.reach.sort()).toEqual([`member:${bySector.id}`, `member:${matched.id}`].sort());
  });

  it("with no matching service it reaches every consultant (expert, provider, field C), not an exporter", async () => {
    const author = await t.member();
    const expert = await t.member({ activities: ["export_expert"] });
    const provider = await t.member({ activities: ["export_service_provider"] });
    const fieldC = await t.member({ activitySelections: { mainCategories: ["C"], details: { C: ["legal"] } } });
    const exporter = await t.member({ activities: ["exporter"], countries: ["DE"] });
    const { id } = await author.caller.posts.create(
      consult({ requestType: "training", exportService: "incoterms_2020" }),
    );
    for (const m of [expert, provider, fieldC]) expect(await receivedIdsOf(m, "consultancy.request")).toContain(id);
    expect(await receivedIdsOf(exporter, "consultancy.request")).not.toContain(id);
  });

  it("a provider answers with a proposed date and mode; the requester sees it in consultancy offers, reveals, rates once", async () => {
    const requester = await t.member();
    const provider = await t.member({ activities: ["export_expert"] });
    await insertService(t.db, provider.id);
    const { id } = await requester.caller.posts.create(consult({ inPerson: true, online: false }));
    // Only a mode the member asked for.
    await expectTRPCError(
      () =>
        provider.caller.posts.respond({
          ...respondTo(id),
          board: "consultancy.request",
          proposedDate: "2027-03-01",
          proposedMode: "online",
        }),
      "BAD_REQUEST",
      Msg.proposedModeNotAsked,
    );
    const { id: responseId } = await provider.caller.posts.respond({
      ...respondTo(id, "I can coach you in Hamburg."),
      board: "consultancy.request",
      proposedDate: "2027-03-01",
      proposedMode: "in_person",
    });
    expect(await receivedIdsOf(provider, "consultancy.request")).not.toContain(id);
    const [offer] = await requester.caller.offers.list({ area: "consultancy" });
    expect(offer).toMatchObject({
      id: responseId,
      area: "consultancy",
      kind: "request",
      message: "I can coach you in Hamburg.",
      proposedDate: "2027-03-01",
      proposedMode: "in_person",
      details: { requestType: "consultancy", exportService: "logistics" },
    });
    expect((await requester.caller.offers.reveal({ responseId })).contactEmail).toBe("offer@example.com");
    expect(await requester.caller.offers.rate({ responseId, rating: 2 })).toEqual({ ok: true });
    await expectTRPCError(() => requester.caller.offers.rate({ responseId, rating: 3 }), "CONFLICT", Msg.alreadyRated);
    expect(await provider.caller.offers.myRating()).toEqual({ average: 2, count: 1 });
  });

  it("a proposal on another board's post is not stored", async () => {
    const author = await t.member();
    const reader = await t.member({ countries: ["SI"] });
    const { id } = await author.caller.posts.create(postInputOf("information.request", { countryCode: "SI" }));
    const { id: responseId } = await reader.caller.posts.respond({
      ...respondTo(id),
      proposedDate: "2027-03-01",
      proposedMode: "online",
    });
    const [row] = await t.db.select().from(postResponses).where(eq(postResponses.id, responseId));
    expect(row).toMatchObject({ proposedDate: null, proposedMode: null });
  });

  it("refuses a request without its required fields with the spec's texts and writes nothing", async () => {
    const author = await t.member();
    const [{ n: before }] = (await t.db.select({ n: count() }).from(posts).where(eq(posts.userId, author.id))) as [
      { n: number },
    ];
    const refusals: [unknown, string][] = [
      [{ ...consult(), requestType: undefined }, Msg.requestTypeSelect],
      [{ ...consult(), exportService: "shipping" }, Msg.exportServiceSelect],
      [consult({ inPerson: false, online: false }), Msg.sessionModeSelect],
      [consult({ city: "  " }), Msg.locationRequired],
      [consult({ country: null }), Msg.locationRequired],
      [consult({ startDate: "2027-05-02", finishDate: "2027-05-01" }), Msg.dateOrder],
      [consult({ country: "QQ" }), Msg.invalidCountry],
    ];
    for (const [input, message] of refusals)
      await expectTRPCError(() => author.caller.posts.create(input as never), "BAD_REQUEST", message);
    const [{ n: after }] = (await t.db.select({ n: count() }).from(posts).where(eq(posts.userId, author.id))) as [
      { n: number },
    ];
    expect(after).toBe(before);
  });
});

describe("answering a post", () => {
  it("reaches the author as 'Response to Your Offer' (or Request), listed with its area and kind; a second answer is a CONFLICT", async () => {
    const author = await t.member();
    const reader = await t.member({ countries: ["MT"] });
    const { id: offerId } = await author.caller.posts.create(postInputOf("information.offer", { countryCode: "MT" }));
    const { id: requestId } = await author.caller.posts.create(
      postInputOf("information.request", { countryCode: "MT" }),
    );
    const offersBefore = (await author.caller.badges.get()).offers;
    const { id: toOffer } = await reader.caller.posts.respond(respondTo(offerId));
    const { id: toRequest } = await reader.caller.posts.respond(respondTo(requestId));
    expect((await author.caller.badges.get()).offers).toBe(offersBefore + 2);
    const titles = await t.db
      .select({ title: notifications.title, responseId: notifications.responseId, kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, author.id));
    expect(titles).toEqual(
      expect.arrayContaining([
        { title: OFFER_RESPONSE_NOTIFICATION_TITLE, responseId: toOffer, kind: "response_received" },
        { title: RESPONSE_NOTIFICATION_TITLE, responseId: toRequest, kind: "response_received" },
      ]),
    );
    expect(OFFER_RESPONSE_NOTIFICATION_TITLE).toBe("Response to Your Offer");
    const list = await author.caller.offers.list();
    expect(list.find((o) => o.id === toOffer)).toMatchObject({
      requestId: offerId,
      area: "information",
      kind: "offer",
      revealed: false,
      rating: null,
    });
    expect(list.find((o) => o.id === toRequest)).toMatchObject({ area: "information", kind: "request" });
    // Answered posts leave the responder's list.
    expect(await receivedIdsOf(reader, "information.offer")).not.toContain(offerId);

    await expectTRPCError(
      () => reader.caller.posts.respond(respondTo(offerId, "Again")),
      "CONFLICT",
      Msg.alreadyRespondedPost,
    );
    const rows = await t.db.select().from(postResponses).where(eq(postResponses.postId, offerId));
    expect(rows).toHaveLength(1);
  });

  it("two concurrent answers by one member store exactly one", async () => {
    const author = await t.member();
    const reader = await t.member({ countries: ["LU"] });
    const { id } = await author.caller.posts.create(postInputOf("collaboration.offer", { countries: ["LU"] }));
    const results = await Promise.allSettled([
      reader.caller.posts.respond(respondTo(id, "First")),
      reader.caller.posts.respond(respondTo(id, "Second")),
    ]);
    expect(results.map(outcome).sort()).toEqual([`CONFLICT: ${Msg.alreadyRespondedPost}`, "OK"]);
    const rows = await t.db.select().from(postResponses).where(eq(postResponses.postId, id));
    expect(rows).toHaveLength(1);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.responseId, rows[0]!.id)));
    expect(notes).toHaveLength(1);
  });

  it("one's own post, a post routed to others and an unknown id are the same NOT_FOUND", async () => {
    const author = await t.member({ countries: ["EE"] });
    const stranger = await t.member({ countries: ["FI"] });
    const { id } = await author.caller.posts.create(postInputOf("collaboration.request", { countries: ["EE"] }));
    for (const [caller, postId] of [
      [author.caller, id],
      [stranger.caller, id],
      [stranger.caller, 99_999_999],
    ] as const) {
      await expectTRPCError(() => caller.posts.respond(respondTo(postId)), "NOT_FOUND", Msg.postUnavailable);
      await expectTRPCError(() => caller.posts.ignore({ postId }), "NOT_FOUND", Msg.postUnavailable);
    }
    expect(await t.db.select().from(postResponses).where(eq(postResponses.postId, id))).toEqual([]);
  });

  it("given the page's board, a post of another board is NOT_FOUND and the membership board keeps the request texts", async () => {
    const author = await t.member({ countries: ["EE"] });
    const reader = await t.member({ countries: ["EE"] });
    const { id } = await author.caller.posts.create(postInputOf("collaboration.request", { countries: ["EE"] }));
    const asMembership = { ...respondTo(id), board: "membership.request" as const };
    await expectTRPCError(() => reader.caller.posts.respond(asMembership), "NOT_FOUND", Msg.requestUnavailable);
    await expectTRPCError(
      () => reader.caller.posts.ignore({ postId: id, board: "membership.request" }),
      "NOT_FOUND",
      Msg.requestUnavailable,
    );
    await expectTRPCError(
      () => reader.caller.posts.respond({ ...respondTo(id), board: "collaboration.offer" }),
      "NOT_FOUND",
      Msg.postUnavailable,
    );
    expect(await reader.caller.posts.respond({ ...respondTo(id), board: "collaboration.request" })).toMatchObject({
      id: expect.any(Number),
    });
  });

  it("the author reveals and rates once; 3 stars credit points and count in myRating and the member's page", async () => {
    const company = await t.member({ userType: "organization" });
    const lawyer = await t.member({ expertiseAreas: ["legal"] });
    const { id } = await company.caller.posts.create(postInputOf("recruitment.offer", { expertiseArea: "legal" }));
    const { id: responseId } = await lawyer.caller.posts.respond(respondTo(id, "I am a contract lawyer."));
    const pointsBefore = (await standingOf(t.db, lawyer.id)).points;
    expect(await company.caller.offers.reveal({ responseId })).toEqual({
      contactEmail: "offer@example.com",
      contactPhone: "+989121234567",
      contactWhatsapp: null,
    });
    await expectTRPCError(() => lawyer.caller.offers.reveal({ responseId }), "NOT_FOUND");
    expect(await company.caller.offers.rate({ responseId, rating: 3 })).toEqual({ ok: true });
    await expectTRPCError(() => company.caller.offers.rate({ responseId, rating: 2 }), "CONFLICT", Msg.alreadyRated);
    expect((await standingOf(t.db, lawyer.id)).points).toBe(pointsBefore + HELPFUL_ANSWER_POINTS);
    expect(await lawyer.caller.offers.myRating()).toEqual({ average: 3, count: 1 });
    expect((await company.caller.members.get({ userId: lawyer.id })).rating).toEqual({ average: 3, count: 1 });
    expect((await company.caller.offers.list({ area: "recruitment" }))[0]).toMatchObject({
      id: responseId,
      rating: 3,
      revealed: true,
      area: "recruitment",
      kind: "offer",
    });
  });

  it("offers.list({area}) lists the responses to my posts of that area only", async () => {
    const author = await t.member();
    const reader = await t.member({ countries: ["SI"] });
    const { id: info } = await author.caller.posts.create(postInputOf("information.request", { countryCode: "SI" }));
    const { id: collab } = await author.caller.posts.create(
      postInputOf("collaboration.request", { countries: ["SI"] }),
    );
    const { id: membership } = await author.caller.memberRequests.submit({
      productId: null,
      countryCode: "SI",
      requestType: "co_marketing",
      description: REQUEST_DESCRIPTION,
    });
    const { id: r1 } = await reader.caller.posts.respond(respondTo(info));
    const { id: r2 } = await reader.caller.posts.respond(respondTo(collab));
    const { id: r3 } = await reader.caller.memberRequests.respond({
      requestId: membership,
      message: "We can help with this.",
      ...RESPONSE_CONTACTS,
    });
    const ids = async (area?: "information" | "collaboration" | "membership" | "recruitment") =>
      (await author.caller.offers.list(area ? { area } : undefined)).map((o) => o.id).sort((a, b) => a - b);
    expect(await ids()).toEqual([r1, r2, r3].sort((a, b) => a - b));
    expect(await ids("information")).toEqual([r1]);
    expect(await ids("collaboration")).toEqual([r2]);
    expect(await ids("membership")).toEqual([r3]);
    expect(await ids("recruitment")).toEqual([]);
  });
});

describe("ignoring, closing and expiry", () => {
  it("ignore removes the post from that member's list only", async () => {
    const author = await t.member();
    const a = await t.member({ countries: ["HR"] });
    const b = await t.member({ countries: ["HR"] });
    const board: Board = "collaboration.offer";
    const { id } = await author.caller.posts.create(postInputOf(board, { countries: ["HR"] }));
    const before = (await a.caller.badges.get()).posts[board];
    expect(await a.caller.posts.ignore({ postId: id })).toEqual({ ok: true });
    expect(await a.caller.posts.ignore({ postId: id })).toEqual({ ok: true });
    expect(await receivedIdsOf(a, board)).toEqual([]);
    expect((await a.caller.badges.get()).posts[board]).toBe(before - 1);
    expect(await receivedIdsOf(b, board)).toEqual([id]);
    await expectTRPCError(() => a.caller.posts.respond(respondTo(id)), "NOT_FOUND", Msg.postUnavailable);
  });

  it("close by the author removes the post from every list; closing another's post is NOT_FOUND", async () => {
    const author = await t.member();
    const a = await t.member({ countries: ["RS"] });
    const b = await t.member({ sectors: ["tiles_stones"] });
    const board: Board = "information.request";
    const { id } = await author.caller.posts.create(postInputOf(board, { countryCode: "RS", sector: "tiles_stones" }));
    expect(await receivedIdsOf(a, board)).toEqual([id]);
    expect(await receivedIdsOf(b, board)).toEqual([id]);
    await expectTRPCError(() => a.caller.posts.close({ postId: id }), "NOT_FOUND", Msg.postUnavailable);
    await expectTRPCError(() => a.caller.posts.close({ postId: 99_999_999 }), "NOT_FOUND", Msg.postUnavailable);
    expect((await author.caller.posts.mine({})).items[0]).toMatchObject({ id, status: "active" });

    const badgesBefore = (await a.caller.badges.get()).posts[board];
    expect(await author.caller.posts.close({ postId: id })).toEqual({ ok: true });
    expect(await receivedIdsOf(a, board)).toEqual([]);
    expect(await receivedIdsOf(b, board)).toEqual([]);
    expect((await a.caller.badges.get()).posts[board]).toBe(badgesBefore - 1);
    expect((await author.caller.posts.mine({})).items[0]).toMatchObject({ id, status: "closed" });
    await expectTRPCError(() => b.caller.posts.respond(respondTo(id)), "NOT_FOUND", Msg.postUnavailable);
    // Closing again is a no-op that keeps the first closing time.
    const [first] = await t.db.select().from(posts).where(eq(posts.id, id));
    expect(await author.caller.posts.close({ postId: id })).toEqual({ ok: true });
    const [again] = await t.db.select().from(posts).where(eq(posts.id, id));
    expect(again!.closedAt).toEqual(first!.closedAt);
    // Closed before its time ran out: still "closed" once that time has passed.
    await t.db.execute(
      sql`update posts set closed_at = now() - interval '2 hours', expires_at = now() - interval '1 hour' where id = ${id}`,
    );
    expect((await author.caller.posts.mine({})).items[0]).toMatchObject({ id, status: "closed" });
  });

  it("an expired post leaves every list, shows as expired in My posts, and the sweep closes it", async () => {
    const author = await t.member();
    const reader = await t.member({ countries: ["BA"] });
    const board: Board = "collaboration.request";
    const { id } = await author.caller.posts.create(postInputOf(board, { countries: ["BA"] }));
    const { id: live } = await author.caller.posts.create(postInputOf(board, { countries: ["BA"] }));
    expect(await receivedIdsOf(reader, board)).toEqual([live, id]);
    await t.db.execute(sql`update posts set expires_at = now() - interval '1 minute' where id = ${id}`);
    expect(await receivedIdsOf(reader, board)).toEqual([live]);
    expect((await reader.caller.badges.get()).posts[board]).toBe(1);
    await expectTRPCError(() => reader.caller.posts.respond(respondTo(id)), "NOT_FOUND", Msg.postUnavailable);
    const status = async () =>
      Object.fromEntries((await author.caller.posts.mine({})).items.map((p) => [p.id, p.status]));
    expect(await status()).toEqual({ [id]: "expired", [live]: "active" });

    expect(await closeExpiredPosts(t.db)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, id));
    expect(row).toMatchObject({ status: "closed" });
    expect(row!.closedAt).toEqual(row!.expiresAt);
    const [other] = await t.db.select().from(posts).where(eq(posts.id, live));
    expect(other).toMatchObject({ status: "active", closedAt: null });
    // Still "expired" to its author once the sweep has closed it: the author did not close it.
    expect(await status()).toEqual({ [id]: "expired", [live]: "active" });
    expect(await closeExpiredPosts(t.db)).toBe(0);
  });
});

describe("my posts and the forms", () => {
  it("mine lists my posts of every area with their responses count, filters by area and pages", async () => {
    const author = await t.member({ userType: "organization" });
    const reader = await t.member({ countries: ["MK"], expertiseAreas: ["legal"] });
    const other = await t.member({ countries: ["MK"] });
    const created: number[] = [];
    created.push(
      (
        await author.caller.memberRequests.submit({
          productId: null,
          countryCode: "MK",
          requestType: "co_marketing",
          description: REQUEST_DESCRIPTION,
        })
      ).id,
    );
    created.push((await author.caller.posts.create(postInputOf("collaboration.offer", { countries: ["MK"] }))).id);
    created.push((await author.caller.posts.create(postInputOf("information.offer", { countryCode: "MK" }))).id);
    created.push((await author.caller.posts.create(postInputOf("recruitment.offer"))).id);
    created.push((await author.caller.posts.create(postInputOf("export_services.offer", { countries: ["MK"] }))).id);
    await reader.caller.posts.respond(respondTo(created[2]!));
    await other.caller.posts.respond(respondTo(created[2]!));
    await reader.caller.posts.respond(respondTo(created[3]!));
    // Another member's posts are not mine.
    await other.caller.posts.create(postInputOf("information.offer", { countryCode: "MK" }));

    const all = await author.caller.posts.mine({});
    expect(all.nextCursor).toBeNull();
    expect(all.items.map((p) => p.id)).toEqual([...created].reverse());
    expect(all.items.map((p) => [p.area, p.kind, p.responses, p.status])).toEqual([
      ["export_services", "offer", 0, "active"],
      ["recruitment", "offer", 1, "active"],
      ["information", "offer", 2, "active"],
      ["collaboration", "offer", 0, "active"],
      ["membership", "request", 0, "active"],
    ]);
    expect((await author.caller.posts.mine({ area: "information" })).items.map((p) => p.id)).toEqual([created[2]]);
    expect((await author.caller.posts.mine({ area: "membership" })).items.map((p) => p.id)).toEqual([created[0]]);

    const paged: number[] = [];
    let cursor: { createdAt: string; id: number } | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page: Awaited<ReturnType<typeof author.caller.posts.mine>> = await author.caller.posts.mine({
        cursor,
        limit: 2,
      });
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.items.map((p) => p.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(paged).toEqual([...created].reverse());
  });

  it("validity is 30 days by default and 7, 14, 60 or 90 when chosen; anything else is refused", async () => {
    const author = await t.member();
    for (const days of [undefined, 7, 14, 30, 60, 90] as const) {
      const { id } = await author.caller.posts.create(
        postInputOf("information.request", days === undefined ? {} : { validityDays: days }),
      );
      const [row] = await t.db.select().from(posts).where(eq(posts.id, id));
      const span = row!.expiresAt.getTime() - row!.createdAt.getTime();
      expect(Math.abs(span - (days ?? 30) * DAY_MS), `validity ${days}`).toBeLessThan(60_000);
    }
    await expectTRPCError(
      () => author.caller.posts.create(postInputOf("information.request", { validityDays: 10 as 7 })),
      "BAD_REQUEST",
      Msg.validityRequired,
    );
  });

  it("refuses bad input with the form's texts and writes nothing", async () => {
    const author = await t.member();
    const stranger = await t.member();
    const words = (n: number) => Array.from({ length: n }, () => "word").join(" ");
    expect(
      (await author.caller.posts.create(postInputOf("information.request", { description: words(150) }))).id,
    ).toEqual(expect.any(Number));
    const refusals: [() => Promise<unknown>, string][] = [
      [
        () => author.caller.posts.create(postInputOf("information.request", { description: words(151) })),
        Msg.postDescriptionTooLong,
      ],
      [
        () => author.caller.posts.create(postInputOf("collaboration.offer", { description: words(151) })),
        Msg.postDescriptionTooLong,
      ],
      // The export-services request form keeps its 30 words.
      [
        () => author.caller.posts.create(postInputOf("export_services.request", { description: words(31) })),
        Msg.descriptionMax30Words,
      ],
      [
        () =>
          author.caller.posts.create(
            postInputOf("export_services.offer", { priceMin: 500, priceMax: 100, currency: "USD" }),
          ),
        Msg.priceOrder,
      ],
      [
        () => author.caller.posts.create(postInputOf("export_services.offer", { priceMin: 100, currency: null })),
        Msg.currencyRequired,
      ],
      [() => author.caller.posts.create(postInputOf("information.request", { countryCode: "ZZ" })), Msg.invalidCountry],
      [
        () => author.caller.posts.create(postInputOf("collaboration.request", { countries: ["DE", "QQ"] })),
        Msg.invalidCountry,
      ],
      [
        () => author.caller.posts.create(postInputOf("information.request", { productId: 999_999 })),
        Msg.invalidProduct,
      ],
      [
        () =>
          author.caller.posts.create(
            postInputOf("information.offer", { attachmentUploadId: "00000000-0000-4000-8000-000000000001" }),
          ),
        Msg.uploadInvalidFile,
      ],
    ];
    // Another member's post attachment.
    const theirs = await uploadFile(t, {
      token: stranger.token,
      purpose: "post_attachment",
      fileName: "report.pdf",
      content: SAMPLE_FILES.pdf,
    });
    expect(theirs.status).toBe(201);
    refusals.push([
      () =>
        author.caller.posts.create(postInputOf("information.offer", { attachmentUploadId: theirs.json!.id as string })),
      Msg.uploadInvalidFile,
    ]);
    // My own upload of another purpose.
    const mine = await uploadFile(t, {
      token: author.token,
      purpose: "attachment",
      fileName: "scan.pdf",
      content: SAMPLE_FILES.pdf,
    });
    expect(mine.status).toBe(201);
    refusals.push([
      () =>
        author.caller.posts.create(postInputOf("information.offer", { attachmentUploadId: mine.json!.id as string })),
      Msg.uploadInvalidFile,
    ]);
    for (const [call, message] of refusals) await expectTRPCError(call, "BAD_REQUEST", message);
    const [{ n }] = (await t.db.select({ n: count() }).from(posts).where(eq(posts.userId, author.id))) as [
      { n: number },
    ];
    expect(n).toBe(1);

    // Over HTTP the text belongs to its field.
    const res = await t.mutation(
      "posts.create",
      postInputOf("export_services.offer", { priceMin: 500, priceMax: 100, currency: "USD" }),
      { token: author.token },
    );
    expect(res.status).toBe(400);
    expect(res.error?.data.fieldErrors).toEqual({ priceMax: [Msg.priceOrder] });
  });

  it("the 21st post of a day, whatever its form, is TOO_MANY_REQUESTS and writes nothing", async () => {
    const author = await t.member();
    for (let i = 0; i < 20; i++) {
      if (i % 3 === 0)
        await author.caller.memberRequests.submit({
          productId: null,
          countryCode: "DE",
          requestType: "co_marketing",
          description: REQUEST_DESCRIPTION,
        });
      else if (i % 3 === 1)
        await author.caller.memberRequests.send({
          productId: null,
          countryCode: "DE",
          activityType: "marketing",
          subActivity: "trade_fairs",
          description: REQUEST_DESCRIPTION,
        });
      else await author.caller.posts.create(postInputOf("information.request"));
    }
    const countMine = async () =>
      ((await t.db.select({ n: count() }).from(posts).where(eq(posts.userId, author.id))) as [{ n: number }])[0].n;
    expect(await countMine()).toBe(20);
    await expectTRPCError(
      () => author.caller.posts.create(postInputOf("collaboration.offer")),
      "TOO_MANY_REQUESTS",
      Msg.postLimitReached,
    );
    await expectTRPCError(
      () =>
        author.caller.memberRequests.submit({
          productId: null,
          countryCode: "DE",
          requestType: "co_marketing",
          description: REQUEST_DESCRIPTION,
        }),
      "TOO_MANY_REQUESTS",
      Msg.postLimitReached,
    );
    await expectTRPCError(
      () =>
        author.caller.memberRequests.send({
          productId: null,
          countryCode: "DE",
          activityType: "marketing",
          subActivity: "trade_fairs",
          description: REQUEST_DESCRIPTION,
        }),
      "TOO_MANY_REQUESTS",
      Msg.postLimitReached,
    );
    expect(await countMine()).toBe(20);
    // Over HTTP: 429 with the wait.
    const res = await t.mutation("posts.create", postInputOf("information.request"), { token: author.token });
    expect(res.status).toBe(429);
    expect(res.error?.data.retryAfterSeconds).toBeGreaterThan(0);
    // Another member is not limited by it.
    const other = await t.member();
    expect((await other.caller.posts.create(postInputOf("information.request"))).id).toEqual(expect.any(Number));
  });
});
