/**
 * Matching of member requests (DESIGN.md §9): the SQL predicate behind the received list and
 * its badge count, and its in-memory twin `requestMatches` used by the live badge.
 *
 * - each arm (country; product's sector or chosen sector; type ↔ activity) and each exclusion
 *   (own, archived, answered, closed, expired) on hand-made rows;
 * - on seeded random data (30 members, 400 requests, archives and responses): for every member
 *   the list over all pages, the count, the SQL predicate and `requestMatches` all agree;
 * - cursor pagination returns every matching request exactly once, newest first.
 *
 * The random block runs first: its expectations are computed from every row in the database,
 * and its rows carry millisecond timestamps (see the sub-millisecond test at the end).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Activity, POST_VALIDITY_DEFAULT_DAYS } from "../../common/constants";
import { REQUEST_TYPES, type RequestType } from "../../common/memberRequests";
import { Msg } from "../../common/messages";
import { postMatches } from "../../common/posts";
import { SECTOR_CODES } from "../../common/sectors";
import { createMember } from "../../test/app";
import { createTestDatabase, type TestDatabase } from "../../test/db";
import { catalogueOf, membershipRequest } from "../../test/fixtures";
import { prng } from "../../test/random";
import type { Db } from "../db/client";
import { postArchives, postResponses, posts } from "../db/schema";
import { loadMatchProfile, type MatchProfile, matchingPredicate } from "./matching";
import { countReceived, ignoreRequest, listReceived, respond, sendRequest, submitRequest } from "./memberRequests";

let tdb: TestDatabase;
let db: Db;
let allProducts: { id: number; sector: string }[];
let allCountries: string[];

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = tdb.database.db;
  ({ products: allProducts, countries: allCountries } = await catalogueOf(db));
});

afterAll(async () => {
  await tdb?.close();
});

/** `member` answers request `id` with a minimal message. */
const respondAs = (member: Parameters<typeof respond>[1], id: number) =>
  respond(
    db,
    member,
    {
      requestId: id,
      message: "x",
      contactEmail: "b@example.com",
      contactPhone: null,
      contactWhatsapp: null,
    },
    { origin: "http://localhost" },
  );

interface ProfileSpec {
  activities?: Activity[];
  countries?: string[];
  sectors?: string[];
}

type RequestRow = typeof posts.$inferSelect;

async function requestRow(id: number): Promise<RequestRow> {
  const [r] = await db.select().from(posts).where(eq(posts.id, id));
  if (!r) throw new Error(`no request ${id}`);
  return r;
}

/** Whether the SQL predicate shows request `id` to `viewerId`. */
async function sqlShows(viewerId: string, id: number): Promise<boolean> {
  const p = await loadMatchProfile(db, viewerId);
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, id), matchingPredicate(p)));
  return rows.length === 1;
}

/**
 * Asserts that request `id` is (or is not) shown to `viewerId` by the SQL predicate and on the
 * first page of the received list (`id` must be among the newest 50 rows), and — for a fresh
 * request, i.e. not archived or answered by the viewer and still active — by `requestMatches`.
 */
async function expectShown(viewerId: string, id: number, shown: boolean, opts: { fresh?: boolean } = {}) {
  expect(await sqlShows(viewerId, id), `SQL predicate for request ${id}`).toBe(shown);
  const page = await listReceived(db, viewerId, { limit: 50 });
  expect(
    page.items.some((i) => i.id === id),
    `received list for request ${id}`,
  ).toBe(shown);
  if (opts.fresh ?? true) {
    const p = await loadMatchProfile(db, viewerId);
    expect(postMatches("membership.request", p, await requestRow(id)), `requestMatches for request ${id}`).toBe(shown);
  }
}

function productOfSector(sector: string, notSector?: string): { id: number; sector: string } {
  const p = allProducts.find((x) => (notSector ? x.sector !== notSector : x.sector === sector));
  if (!p) throw new Error(`no product for ${sector}`);
  return p;
}

const desc = "A short description";

// ── Random data ─────────────────────────────────────────────────────────────────────────

const SEED = 20240611;

describe("on random data (seeded)", () => {
  it("list, count, SQL predicate and requestMatches agree for every member; pages return each match once, newest first", async () => {
    const rng = prng(SEED);
    const countryPool = rng.sample(allCountries, 12);
    // Fewer knowledge-sharing and commercial-assistance requests than co-marketing and sourcing,
    // so some members match fewer than the badge cap and some more.
    const weightedTypes: RequestType[] = [
      "knowledge_sharing",
      "commercial_assistance",
      ...Array<RequestType>(4).fill("co_marketing"),
      ...Array<RequestType>(4).fill("product_sourcing"),
    ];
    const activitySets: Activity[][] = [
      [],
      ["export_expert"],
      ["export_expert"],
      ["export_service_provider"],
      ["export_service_provider"],
      ["exporter"],
      ["exporter", "export_expert"],
    ];

    const memberIds: string[] = [];
    for (let i = 0; i < 30; i++) {
      memberIds.push(
        (
          await createMember(db, {
            activities: rng.pick(activitySets),
            countries: rng.sample(countryPool, rng.int(4)),
            sectors: rng.sample(SECTOR_CODES, rng.int(4)),
          })
        ).id,
      );
    }

    // 400 requests over 150 distinct seconds ten days ago: many share a timestamp, so the
    // cursor's id tie-break matters.
    const base = Date.now() - 10 * 24 * 3600_000;
    const values: (typeof posts.$inferInsert)[] = [];
    for (let i = 0; i < 400; i++) {
      const kind = rng.pick(["product", "country", "services"] as const);
      const product = kind === "product" ? rng.pick(allProducts) : null;
      const sector = product ? product.sector : kind === "services" ? rng.pick(SECTOR_CODES) : null;
      const targetCountry = kind === "country" || rng.chance(0.5) ? rng.pick(countryPool) : null;
      values.push({
        userId: rng.pick(memberIds),
        productId: product?.id ?? null,
        targetCountry,
        sector,
        requestType: rng.pick(weightedTypes),
        description: `random ${i}`,
        status: rng.chance(0.1) ? "closed" : "active",
        createdAt: new Date(base + rng.int(150) * 1000),
        ...membershipRequest(),
      });
    }
    const inserted = await db.insert(posts).values(values).returning();
    expect(inserted).toHaveLength(400);

    const archives = new Map<string, { userId: string; postId: number }>();
    const answers = new Map<string, typeof postResponses.$inferInsert>();
    for (let i = 0; i < 300; i++) {
      const userId = rng.pick(memberIds);
      const r = rng.pick(inserted);
      if (i % 2 === 0) {
        archives.set(`${userId}/${r.id}`, { userId, postId: r.id });
      } else if (r.userId !== userId) {
        answers.set(`${userId}/${r.id}`, {
          postId: r.id,
          responderId: userId,
          requesterId: r.userId,
          message: "We can help",
          contactEmail: "help@example.com",
        });
      }
    }
    await db.insert(postArchives).values([...archives.values()]);
    await db.insert(postResponses).values([...answers.values()]);

    // Everything in the database, not only this test's rows.
    const allRequests = await db.select().from(posts);
    const archived = new Set((await db.select().from(postArchives)).map((a) => `${a.userId}/${a.postId}`));
    const answered = new Set((await db.select().from(postResponses)).map((a) => `${a.responderId}/${a.postId}`));
    const newestFirst = (a: RequestRow, b: RequestRow) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

    const counts: number[] = [];
    for (const [n, viewerId] of memberIds.entries()) {
      const p = await loadMatchProfile(db, viewerId);
      const fresh = (r: RequestRow) =>
        r.status === "active" &&
        r.userId !== viewerId &&
        !archived.has(`${viewerId}/${r.id}`) &&
        !answered.has(`${viewerId}/${r.id}`);
      /** DESIGN.md §9 written out, independently of requestMatches. */
      const byRules = (r: RequestRow) =>
        fresh(r) &&
        ((r.targetCountry !== null && p.countries.includes(r.targetCountry)) ||
          (r.sector !== null && p.sectors.includes(r.sector)) ||
          (r.requestType !== null && (p.types as string[]).includes(r.requestType)));
      const expected = allRequests.filter(byRules).sort(newestFirst);

      // The SQL predicate and requestMatches agree on every fresh request; nothing else matches.
      const sqlIds = new Set(
        (await db.select({ id: posts.id }).from(posts).where(matchingPredicate(p))).map((r) => r.id),
      );
      for (const r of allRequests) {
        const expectedShown = fresh(r) && postMatches("membership.request", p, r);
        if (sqlIds.has(r.id) !== expectedShown) {
          expect.fail(`member ${n}: request ${r.id} SQL=${sqlIds.has(r.id)} requestMatches=${expectedShown}`);
        }
      }
      expect(sqlIds.size).toBe(expected.length);

      // Every page, newest first, each matching request exactly once.
      const limit = n % 2 ? 50 : 17;
      const listed: { id: number; createdAt: Date }[] = [];
      let cursor: { createdAt: string; id: number } | null = null;
      for (let pages = 0; ; pages++) {
        if (pages > 200) expect.fail("pagination does not end");
        const page: Awaited<ReturnType<typeof listReceived>> = await listReceived(db, viewerId, { cursor, limit });
        expect(page.items.length).toBeLessThanOrEqual(limit);
        listed.push(...page.items);
        if (!page.nextCursor) break;
        expect(page.items).toHaveLength(limit);
        cursor = page.nextCursor;
      }
      const byId = new Map(allRequests.map((r) => [r.id, r]));
      for (const item of listed) {
        const r = byId.get(item.id);
        if (!r || !byRules(r) || !postMatches("membership.request", p, r))
          expect.fail(`member ${n}: request ${item.id} listed`);
      }
      expect(new Set(listed.map((i) => i.id)).size).toBe(listed.length);
      expect(listed.map((i) => i.id)).toEqual(expected.map((r) => r.id));

      const count = await countReceived(db, viewerId);
      expect(count).toBe(Math.min(listed.length, 100));
      expect(await countReceived(db, viewerId, p)).toBe(count);
      counts.push(listed.length);
    }
    // The data exercised both sides of the cap, and someone with nothing to see.
    expect(counts.some((c) => c > 100)).toBe(true);
    expect(counts.some((c) => c > 0 && c < 100)).toBe(true);
  }, 120_000); // ~600 queries: seconds on an idle machine, more on a busy CI runner
});

describe("matching predicate, arm by arm", () => {
  it("shows a request whose target country is one of the member's countries", async () => {
    const author = (await createMember(db, { activities: ["exporter"] })).id;
    const viewer = (await createMember(db, { countries: ["DE", "FR"] })).id;
    const toDe = await submitRequest(db, author, {
      productId: null,
      countryCode: "DE",
      requestType: "co_marketing",
      description: desc,
      urgency: "normal",
    });
    const toJp = await submitRequest(db, author, {
      productId: null,
      countryCode: "JP",
      requestType: "co_marketing",
      description: desc,
      urgency: "normal",
    });
    await expectShown(viewer, toDe.id, true);
    await expectShown(viewer, toJp.id, false);
  });

  it("shows a request whose product's sector is one of the member's sectors", async () => {
    const author = (await createMember(db)).id;
    const product = productOfSector("food_beverages");
    const other = productOfSector("", "food_beverages");
    const viewer = (await createMember(db, { sectors: ["food_beverages"] })).id;

    const withProduct = await submitRequest(db, author, {
      productId: product.id,
      countryCode: null,
      requestType: "product_sourcing",
      description: desc,
      urgency: "urgent",
    });
    expect(await requestRow(withProduct.id)).toMatchObject({ sector: "food_beverages", productId: product.id });
    await expectShown(viewer, withProduct.id, true);

    const otherProduct = await submitRequest(db, author, {
      productId: other.id,
      countryCode: "JP",
      requestType: "product_sourcing",
      description: desc,
      urgency: "normal",
    });
    expect((await requestRow(otherProduct.id)).sector).toBe(other.sector);
    await expectShown(viewer, otherProduct.id, false);

    // The send form routes by the product's sector the same way.
    const sent = await sendRequest(db, author, {
      productId: product.id,
      countryCode: null,
      activityType: "commercial",
      subActivity: "logistics",
      description: desc,
      urgency: "normal",
    });
    await expectShown(viewer, sent.id, true);
  });

  it("shows a request by type to the activity it fits, and only to that one", async () => {
    // DESIGN.md §9, written out: Knowledge-sharing → Export Expert, Commercial Assistance →
    // Export Service Provider, Co-marketing and Product Sourcing → Exporter.
    const fits: Record<RequestType, Activity> = {
      knowledge_sharing: "export_expert",
      commercial_assistance: "export_service_provider",
      co_marketing: "exporter",
      product_sourcing: "exporter",
    };
    const author = (await createMember(db)).id;
    const viewers = {
      exporter: (await createMember(db, { activities: ["exporter"] })).id,
      export_expert: (await createMember(db, { activities: ["export_expert"] })).id,
      export_service_provider: (await createMember(db, { activities: ["export_service_provider"] })).id,
    } satisfies Record<Activity, string>;
    const none = (await createMember(db)).id;
    for (const requestType of REQUEST_TYPES) {
      const r = await submitRequest(db, author, {
        productId: null,
        countryCode: "BR",
        requestType,
        description: desc,
        urgency: "normal",
      });
      for (const [activity, viewer] of Object.entries(viewers)) {
        await expectShown(viewer, r.id, fits[requestType] === activity);
      }
      await expectShown(none, r.id, false);
    }
  });

  it("a member with several activities receives the types of each", async () => {
    const author = (await createMember(db)).id;
    const viewer = (await createMember(db, { activities: ["export_expert", "export_service_provider"] })).id;
    const ids: Record<string, number> = {};
    for (const requestType of REQUEST_TYPES) {
      ids[requestType] = (
        await submitRequest(db, author, {
          productId: null,
          countryCode: "BR",
          requestType,
          description: desc,
          urgency: "normal",
        })
      ).id;
    }
    await expectShown(viewer, ids.knowledge_sharing!, true);
    await expectShown(viewer, ids.commercial_assistance!, true);
    await expectShown(viewer, ids.co_marketing!, false);
    await expectShown(viewer, ids.product_sourcing!, false);
  });
});

describe("matching predicate, exclusions", () => {
  /** Two members who both match a fresh request on every arm, and that request. */
  async function matchedByTwo() {
    const product = productOfSector("carpets_handicrafts");
    const spec: ProfileSpec = { activities: ["exporter"], countries: ["IQ"], sectors: ["carpets_handicrafts"] };
    const author = (await createMember(db, spec)).id;
    const a = (await createMember(db, spec)).id;
    const b = (await createMember(db, spec)).id;
    const { id } = await submitRequest(db, author, {
      productId: product.id,
      countryCode: "IQ",
      requestType: "co_marketing",
      description: desc,
      urgency: "normal",
    });
    await expectShown(a, id, true);
    await expectShown(b, id, true);
    return { author, a, b, id };
  }

  it("never shows members their own request", async () => {
    const { author, id } = await matchedByTwo();
    await expectShown(author, id, false);
    const p = await loadMatchProfile(db, author);
    expect(p.countries).toContain("IQ");
    expect(await countReceived(db, author)).toBe(Math.min(await countUpTo(author), 100));
  });

  it("an ignored (archived) request leaves that member's list only", async () => {
    const { a, b, id } = await matchedByTwo();
    const before = await countUpTo(a);
    await ignoreRequest(db, a, id);
    await ignoreRequest(db, a, id); // idempotent
    await expectShown(a, id, false, { fresh: false });
    await expectShown(b, id, true);
    expect(await countUpTo(a)).toBe(before - 1);
    expect(await countReceived(db, a)).toBe(Math.min(before - 1, 100));
  });

  it("an answered request leaves that responder's list only", async () => {
    const { a, b, id } = await matchedByTwo();
    const before = await countUpTo(a);
    await respond(
      db,
      a,
      {
        requestId: id,
        message: "We can help",
        contactEmail: "a@example.com",
        contactPhone: null,
        contactWhatsapp: null,
      },
      { origin: "http://localhost" },
    );
    await expectShown(a, id, false, { fresh: false });
    await expectShown(b, id, true);
    expect(await countUpTo(a)).toBe(before - 1);
    expect(await countReceived(db, a)).toBe(Math.min(before - 1, 100));
  });

  it("a closed request is shown to no one and cannot be ignored or answered", async () => {
    const { a, b, id } = await matchedByTwo();
    await db.update(posts).set({ status: "closed" }).where(eq(posts.id, id));
    await expectShown(a, id, false, { fresh: false });
    await expectShown(b, id, false, { fresh: false });
    await expect(ignoreRequest(db, a, id)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: Msg.requestUnavailable,
    });
    await expect(respondAs(b, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a request is written as the membership area's, open for 30 days", async () => {
    const { id } = await matchedByTwo();
    const r = await requestRow(id);
    expect(r).toMatchObject({ area: "membership", kind: "request", status: "active", closedAt: null });
    const days = (r.expiresAt.getTime() - r.createdAt.getTime()) / (24 * 3600_000);
    expect(days).toBeCloseTo(POST_VALIDITY_DEFAULT_DAYS, 2);
  });

  it("an expired request leaves every list and count, and cannot be ignored or answered", async () => {
    const { a, b, id } = await matchedByTwo();
    const before = { a: await countUpTo(a), b: await countUpTo(b) };
    await db.execute(sql`update posts set expires_at = now() - interval '1 second' where id = ${id}`);
    await expectShown(a, id, false, { fresh: false });
    await expectShown(b, id, false, { fresh: false });
    expect(await countUpTo(a)).toBe(before.a - 1);
    expect(await countReceived(db, a)).toBe(Math.min(before.a - 1, 100));
    expect(await countReceived(db, b)).toBe(Math.min(before.b - 1, 100));
    await expect(ignoreRequest(db, a, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(respondAs(b, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a member without countries, sectors or activities is shown nothing", async () => {
    const nobody = (await createMember(db)).id;
    expect(await countReceived(db, nobody)).toBe(0);
    expect(await listReceived(db, nobody, { limit: 50 })).toEqual({ items: [], nextCursor: null });
    const p: MatchProfile = await loadMatchProfile(db, nobody);
    expect(p).toEqual({ userId: nobody, countries: [], sectors: [], types: [], tags: [] });
  });
});

/** The full length of a member's received list (all pages). */
async function countUpTo(viewerId: string): Promise<number> {
  let n = 0;
  let cursor: { createdAt: string; id: number } | null = null;
  for (;;) {
    const page: Awaited<ReturnType<typeof listReceived>> = await listReceived(db, viewerId, { cursor, limit: 50 });
    n += page.items.length;
    if (!page.nextCursor) return n;
    cursor = page.nextCursor;
  }
}

describe("cursor pagination", () => {
  it("pages through requests sharing one timestamp by id, newest first", async () => {
    const author = (await createMember(db)).id;
    const viewer = (await createMember(db, { countries: ["NZ"] })).id;
    const at = new Date(Date.now() + 3600_000); // newer than everything else
    const rows = await db
      .insert(posts)
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          userId: author,
          targetCountry: "NZ",
          requestType: "co_marketing" as const,
          description: `tie ${i}`,
          createdAt: at,
          ...membershipRequest(),
        })),
      )
      .returning({ id: posts.id });
    const ids = rows.map((r) => r.id).sort((x, y) => y - x);
    const seen: number[] = [];
    let cursor: { createdAt: string; id: number } | null = null;
    do {
      const page: Awaited<ReturnType<typeof listReceived>> = await listReceived(db, viewer, { cursor, limit: 2 });
      seen.push(...page.items.map((x) => x.id));
      cursor = page.nextCursor;
    } while (cursor);
    // The nine come first (older NZ requests of other tests may follow), each once.
    expect(seen.slice(0, 9)).toEqual(ids);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(await countUpTo(viewer));
  });

  // The received-list cursor (src/server/domain/requests.ts) carries `createdAt` as a JS
  // Date (millisecond precision); `posts.created_at` is timestamptz(3) so the cursor is
  // exact even when many requests share a millisecond (real Postgres stamps microseconds).
  it("does not skip requests created within the same millisecond (microsecond timestamps)", async () => {
    const author = (await createMember(db)).id;
    const viewer = (await createMember(db, { countries: ["UY"] })).id;
    await db.insert(posts).values(
      Array.from({ length: 6 }, (_, i) => ({
        userId: author,
        targetCountry: "UY",
        requestType: "co_marketing" as const,
        description: `same ms ${i}`,
        createdAt: sql`'2100-01-01T00:00:00.123456Z'::timestamptz`,
        ...membershipRequest(),
      })),
    );
    const seen: number[] = [];
    let cursor: { createdAt: string; id: number } | null = null;
    for (let i = 0; i < 10; i++) {
      const page: Awaited<ReturnType<typeof listReceived>> = await listReceived(db, viewer, { cursor, limit: 2 });
      seen.push(...page.items.filter((x) => x.description.startsWith("same ms")).map((x) => x.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(6);
  });
});

describe.runIf(process.env.DATABASE_URL)("a pool opened before the migrations (first start on Postgres)", () => {
  it("lists and counts: request types reach SQL as text[] (the enum's array type was unknown at connect)", async () => {
    const { connectAdmin } = await import("../../test/db");
    const { migrateDatabase, openDatabase } = await import("../db/client");
    const base = process.env.DATABASE_URL as string;
    const name = `export_club_test_${Date.now().toString(36)}_fresh`;
    const admin = await connectAdmin(base);
    await admin.query(`create database "${name}"`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), dataDir: "memory://", poolSize: 1 });
    try {
      await database.db.execute(sql`select 1`); // connects (and reads the known types) first
      await migrateDatabase(database);
      const p: MatchProfile = {
        userId: "00000000-0000-4000-8000-000000000000",
        countries: ["IR"],
        sectors: ["tourism"],
        types: ["co_marketing", "product_sourcing"],
        tags: [],
      };
      expect(await countReceived(database.db, p.userId, p)).toBe(0);
      expect(await listReceived(database.db, p.userId, { limit: 20 }, p)).toEqual({ items: [], nextCursor: null });
    } finally {
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
