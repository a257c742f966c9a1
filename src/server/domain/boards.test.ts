/**
 * The SQL predicate of every board (`boardPredicate`) against its in-memory twin `postMatches`
 * (ADR 16 "One SQL predicate per board"; issue #14).
 *
 * - the membership board's predicate is `matchingPredicate`, text for text;
 * - on seeded random data (members with random activities, user types, expertise, fields of
 *   activity, countries and sectors; posts on every board routed by `postRouting`, some closed,
 *   expired, archived, answered or the member's own): for every member and board, the ids the
 *   SQL selects are exactly those `postMatches` selects among the active, unexpired posts the
 *   member has neither archived nor answered; and `canMatch` is false only when that is empty;
 * - on the same data, `listReceivedPosts` over every page (small pages, so every cursor is used,
 *   also the information boards' experts-first one) returns exactly the twin's posts, each once,
 *   in the board's order, and `countAllReceived` gives each board the twin's count capped at
 *   `boardBadgeCap`; again after more posts are archived, answered, closed or expired, and a
 *   crowd beyond the cap is posted for one member.
 */
import { eq } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Activity, boardBadgeCap, type UserType } from "../../common/constants";
import { REQUEST_TYPES, requestTypesFor, SERVICE_ACTIVITIES } from "../../common/memberRequests";
import {
  BOARD_ROUTING,
  BOARDS,
  type Board,
  boardParts,
  canMatch,
  memberTags,
  type PostRoutingInput,
  postMatches,
  postRouting,
  type TagProfile,
} from "../../common/posts";
import { ACTIVITY_CATEGORIES, type ActivityCategory, EXPERTISE_AREAS } from "../../common/profile";
import { SECTOR_CODES } from "../../common/sectors";
import { createMember } from "../../test/app";
import { createTestDatabase, type TestDatabase } from "../../test/db";
import { catalogueOf } from "../../test/fixtures";
import { prng } from "../../test/random";
import type { Db } from "../db/client";
import { postArchives, postResponses, posts } from "../db/schema";
import { boardPredicate, type MatchProfile, matchingPredicate, matchPlaceholders } from "./matching";
import { countAllReceived, listReceivedPosts } from "./posts";

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

type PostRow = typeof posts.$inferSelect;

describe("boardPredicate", () => {
  it("is matchingPredicate on the membership board", () => {
    const d = new PgDialect();
    expect(d.sqlToQuery(boardPredicate("membership.request", matchPlaceholders))).toEqual(
      d.sqlToQuery(matchingPredicate(matchPlaceholders)),
    );
  });

  it("names each board's area and kind as literals and passes arrays as single text[] parameters", () => {
    const d = new PgDialect();
    const p = { userId: "00000000-0000-4000-8000-000000000000", countries: ["DE", "FR"], sectors: [], types: [] };
    for (const b of BOARDS.filter((x) => x !== "membership.request")) {
      const q = d.sqlToQuery(boardPredicate(b, { ...p, tags: ["provider", "exporter"] }));
      const { area, kind } = boardParts(b);
      expect(q.sql).toContain(`"area" = '${area}' and "posts"."kind" = '${kind}'`);
      expect(q.sql).toContain('expiresAt" > now()');
      if (BOARD_ROUTING[b].shape !== "audience") expect(q.params).toContainEqual(["DE", "FR"]);
      expect(q.params).toContainEqual(["provider", "exporter"]);
      for (const param of q.params) expect(typeof param === "string" || Array.isArray(param)).toBe(true);
    }
  });
});

const SEED = 20261126;
/** A small page, so every list runs over several pages and cursors. */
const PAGE = 4;

describe("on random data of every board (seeded)", () => {
  it("the SQL predicate, the paged list and the capped count agree with postMatches for every member and board", async () => {
    const rng = prng(SEED);
    const countryPool = rng.sample(allCountries, 8);
    const sectorPool = rng.sample(SECTOR_CODES, 6);
    const activitySets: Activity[][] = [
      [],
      ["exporter"],
      ["export_expert"],
      ["export_service_provider"],
      ["exporter", "export_expert"],
      ["exporter", "export_service_provider"],
    ];
    const categories = Object.keys(ACTIVITY_CATEGORIES) as ActivityCategory[];

    /** A random profile; field-of-activity details only for selected categories, as the form. */
    const randomProfile = (): TagProfile & { countries: string[] } => {
      const mainCategories = rng.sample(categories, rng.int(3));
      const details: Partial<Record<ActivityCategory, string[]>> = {};
      for (const c of mainCategories) {
        const list = rng.sample(ACTIVITY_CATEGORIES[c].details as readonly string[], rng.int(3));
        if (list.length) details[c] = list;
      }
      return {
        activities: rng.pick(activitySets),
        userType: rng.pick<UserType>(["individual", "organization"]),
        sectors: rng.sample(sectorPool, rng.int(3)),
        expertiseAreas: rng.sample(EXPERTISE_AREAS, rng.int(3)),
        activitySelections: { mainCategories, details },
        countries: rng.sample(countryPool, rng.int(3)),
      };
    };

    const members: { id: string; tp: TagProfile; match: MatchProfile }[] = [];
    for (let i = 0; i < 40; i++) {
      const tp = randomProfile();
      const { id } = await createMember(db, {
        activities: [...tp.activities],
        countries: tp.countries,
        sectors: [...tp.sectors],
      });
      members.push({
        id,
        tp,
        match: {
          userId: id,
          countries: tp.countries,
          sectors: [...tp.sectors],
          types: requestTypesFor(tp.activities),
          tags: memberTags({ ...tp, userId: id }),
        },
      });
    }

    /** Random form fields; each board reads its own (`postRouting`). */
    const randomInput = (poster: TagProfile): PostRoutingInput => {
      const product = rng.chance(0.5) ? rng.pick(allProducts) : null;
      return {
        countries: rng.sample(countryPool, rng.int(3)),
        sectors: rng.sample(sectorPool, rng.int(2)),
        activityType: rng.pick(SERVICE_ACTIVITIES),
        collaborationKind: rng.pick(["distribution_agency", "co_marketing", "joint_venture", null]),
        // Mostly a sector some members have, so exports:<sector> reaches someone.
        productSector: product ? (rng.chance(0.7) ? rng.pick(sectorPool) : product.sector) : null,
        expertiseArea: rng.pick(EXPERTISE_AREAS),
        posterSectors: [...poster.sectors],
        // A consultation request's matched providers (ADR 17), or none (then every consultant).
        providerIds: rng.sample(members, rng.int(3)).map((m) => m.id),
      };
    };

    const now = Date.now();
    const values: (typeof posts.$inferInsert)[] = [];
    for (const board of BOARDS) {
      const { area, kind } = boardParts(board);
      for (let i = 0; i < 45; i++) {
        const poster = rng.pick(members);
        const routing = postRouting(board, randomInput(poster.tp));
        const membership = board === "membership.request";
        const state = rng.int(10); // 0: closed, 1: expired, else active
        values.push({
          userId: poster.id,
          area,
          kind,
          // Scalars: membership routes by them; other boards keep their single country or sector
          // there for display, which their predicates must ignore.
          targetCountry: membership ? (rng.chance(0.6) ? rng.pick(countryPool) : null) : (routing.countries[0] ?? null),
          sector: membership ? (rng.chance(0.5) ? rng.pick(sectorPool) : null) : (routing.sectors[0] ?? null),
          requestType: rng.pick(REQUEST_TYPES),
          ...routing,
          description: `${board} ${i}`,
          byExpert: poster.tp.activities.includes("export_expert"),
          status: state === 0 ? "closed" : "active",
          closedAt: state === 0 ? new Date(now) : null,
          createdAt: new Date(now - 5 * 24 * 3600_000 + rng.int(3600) * 1000),
          expiresAt: new Date(state === 1 ? now - 3600_000 : now + 30 * 24 * 3600_000),
        });
      }
    }
    const inserted = await db.insert(posts).values(values).returning();
    expect(inserted).toHaveLength(BOARDS.length * 45);

    const archives = new Map<string, { userId: string; postId: number }>();
    const answers = new Map<string, typeof postResponses.$inferInsert>();
    for (let i = 0; i < 600; i++) {
      const userId = rng.pick(members).id;
      const r = rng.pick(inserted);
      if (i % 2 === 0) archives.set(`${userId}/${r.id}`, { userId, postId: r.id });
      else if (r.userId !== userId)
        answers.set(`${userId}/${r.id}`, {
          postId: r.id,
          responderId: userId,
          requesterId: r.userId,
          message: "We can help",
          contactEmail: "help@example.com",
        });
    }
    await db.insert(postArchives).values([...archives.values()]);
    await db.insert(postResponses).values([...answers.values()]);

    /**
     * For every member and board, against the twin over everything in the database (not only
     * this test's rows): the SQL predicate selects the same ids; `listReceivedPosts` over all
     * pages returns them each once in the board's order (information: experts first); and
     * `countAllReceived` is the twin's count capped at the board's `boardBadgeCap`.
     */
    const compareAll = async (stage: string) => {
      const allPosts = await db.select().from(posts);
      const archived = new Set((await db.select().from(postArchives)).map((a) => `${a.userId}/${a.postId}`));
      const answered = new Set((await db.select().from(postResponses)).map((a) => `${a.responderId}/${a.postId}`));
      // Expired posts ended at least an hour ago, the others end in days: the clocks cannot disagree.
      const dbNow = new Date();
      const matched = Object.fromEntries(BOARDS.map((b) => [b, [] as number[]])) as Record<Board, number[]>;
      for (const [n, m] of members.entries()) {
        const live = (r: PostRow) =>
          r.status === "active" &&
          r.expiresAt.getTime() > dbNow.getTime() &&
          !archived.has(`${m.id}/${r.id}`) &&
          !answered.has(`${m.id}/${r.id}`);
        const counts = await countAllReceived(db, m.match);
        for (const board of BOARDS) {
          const { area, kind } = boardParts(board);
          const twin = allPosts.filter(
            (r) => r.area === area && r.kind === kind && live(r) && postMatches(board, m.match, r),
          );
          const expected = twin.map((r) => r.id).sort((a, b) => a - b);
          const got = (
            await db.select({ id: posts.id }).from(posts).where(boardPredicate(board, m.match)).orderBy(posts.id)
          ).map((r) => r.id);
          if (JSON.stringify(got) !== JSON.stringify(expected)) {
            const only = (a: number[], b: number[]) => a.filter((x) => !b.includes(x));
            expect.fail(
              `${stage}: member ${n} (${m.match.tags.join(",")}) on ${board}: SQL only ${only(got, expected)}, twin only ${only(expected, got)}`,
            );
          }
          if (!canMatch(board, m.match))
            expect(got, `${stage}: canMatch false for member ${n} on ${board}`).toEqual([]);

          // The list, page by page, in the board's order.
          const experts = area === "information";
          const ordered = [...twin]
            .sort(
              (a, b) =>
                (experts ? Number(b.byExpert) - Number(a.byExpert) : 0) ||
                b.createdAt.getTime() - a.createdAt.getTime() ||
                b.id - a.id,
            )
            .map((r) => r.id);
          const listed: number[] = [];
          let cursor: Parameters<typeof listReceivedPosts>[2]["cursor"] = null;
          for (let pages = 0; ; pages++) {
            expect(pages, `${stage}: member ${n} on ${board} pages end`).toBeLessThan(ordered.length + 2);
            const page: Awaited<ReturnType<typeof listReceivedPosts>> = await listReceivedPosts(db, m.match, {
              board,
              cursor,
              limit: PAGE,
            });
            expect(page.items.length).toBeLessThanOrEqual(PAGE);
            listed.push(...page.items.map((i) => i.id));
            if (!page.nextCursor) break;
            cursor = page.nextCursor;
          }
          expect(listed, `${stage}: member ${n} (${m.match.tags.join(",")}) list of ${board}`).toEqual(ordered);
          expect(counts[board], `${stage}: member ${n} count of ${board}`).toBe(
            Math.min(twin.length, boardBadgeCap(board)),
          );
          matched[board].push(got.length);
        }
      }
      return matched;
    };

    const matched = await compareAll("as seeded");
    // Every board reached someone, and not everyone reached everything.
    for (const board of BOARDS) {
      const counts = matched[board];
      expect(Math.max(...counts), `someone matches on ${board}`).toBeGreaterThan(0);
      expect(Math.min(...counts), `someone misses on ${board}`).toBeLessThan(Math.max(...counts));
    }
    // The exclusions were exercised: closed, expired, archived and answered posts exist.
    expect(inserted.some((r) => r.status === "closed")).toBe(true);
    expect(inserted.some((r) => r.expiresAt.getTime() < Date.now())).toBe(true);
    expect(archives.size).toBeGreaterThan(0);
    expect(answers.size).toBeGreaterThan(0);
    expect(inserted.some((r) => r.area === "information" && r.byExpert)).toBe(true);
    expect(inserted.some((r) => r.area === "information" && !r.byExpert)).toBe(true);

    // Then life goes on: more archived, answered, closed and expired posts, and a crowd on one
    // board beyond the badge cap for one member.
    const more = rng.sample(inserted, 80);
    const moreArchives = new Map<string, { userId: string; postId: number }>();
    const moreAnswers = new Map<string, typeof postResponses.$inferInsert>();
    for (const [i, r] of more.entries()) {
      const userId = rng.pick(members).id;
      const key = `${userId}/${r.id}`;
      if (archives.has(key) || answers.has(key)) continue;
      if (i % 4 === 0) moreArchives.set(key, { userId, postId: r.id });
      else if (i % 4 === 1 && r.userId !== userId)
        moreAnswers.set(key, {
          postId: r.id,
          responderId: userId,
          requesterId: r.userId,
          message: "Still interested",
          contactEmail: "help@example.com",
        });
      else if (i % 4 === 2)
        await db.update(posts).set({ status: "closed", closedAt: new Date() }).where(eq(posts.id, r.id));
      else
        await db
          .update(posts)
          .set({ expiresAt: new Date(now - 2 * 3600_000) })
          .where(eq(posts.id, r.id));
    }
    if (moreArchives.size) await db.insert(postArchives).values([...moreArchives.values()]);
    if (moreAnswers.size) await db.insert(postResponses).values([...moreAnswers.values()]);
    const crowded = members.find((m) => m.match.countries.length > 0);
    if (!crowded) throw new Error("no member with a country");
    const author = members.find((m) => m.id !== crowded.id)!;
    await db.insert(posts).values(
      Array.from({ length: boardBadgeCap("information.offer") + 15 }, (_, i) => ({
        userId: author.id,
        area: "information" as const,
        kind: "offer" as const,
        countries: [crowded.match.countries[0]!],
        byExpert: i % 3 === 0,
        description: `crowd ${i}`,
        createdAt: new Date(now - 24 * 3600_000 + rng.int(600) * 1000),
        expiresAt: new Date(now + 7 * 24 * 3600_000),
      })),
    );
    await compareAll("after archives, answers, closings, expiries and a crowd");
    expect((await countAllReceived(db, crowded.match))["information.offer"]).toBe(boardBadgeCap("information.offer"));
  }, 240_000);
});
