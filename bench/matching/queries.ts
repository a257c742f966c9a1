/**
 * Matching benchmark, phase 2: the received list and the badge counts over HTTP, EXPLAIN ANALYZE
 * of the exact SQL the app runs, and the old client pattern for comparison.
 *
 * - Sequential GETs of memberRequests.received ({limit: 20}) and badges.get through tRPC over
 *   HTTP with a session cookie, for a "typical" member (3 countries, 2 sectors, one activity)
 *   and for ~50 random members, samples interleaved.
 * - Old path (spec part 2 §7 call 15): one query for every active request not the viewer's, then
 *   three look-ups per request and the client-side filter until 20 are kept, with node-postgres
 *   from this process (one round trip per look-up). Speed-up = old p50 / new p50.
 */
import http from "node:http";
import { drizzle } from "drizzle-orm/node-postgres";
import { BADGE_COUNT_CAP } from "../../src/common/memberRequests";
import { BOARDS, type Board, canMatch } from "../../src/common/posts";
import type { Db } from "../../src/server/db/client";
import * as schema from "../../src/server/db/schema";
import { loadMatchProfile, type MatchProfile } from "../../src/server/domain/matching";
import { countAllReceived, listReceivedPosts } from "../../src/server/domain/posts";
import { loadAvg, logger, onCleanup, round, type Summary, summarize } from "../harness";
import { type BenchSql, connectSql } from "../pg-sql";
import { createSessions, loadProfiles } from "./seed";

const log = logger("bench:matching");

/**
 * Targets of issue #4 for the queries; ADR 16 step 3 holds every board's first page to the list
 * target and badges.get (every board's count in one statement) to the count target.
 */
export const QUERY_TARGETS = { listP95Ms: 15, countP95Ms: 10, speedUp: 20 };

const ACTIVITY_LABEL: Record<string, string> = {
  exporter: "Exporter",
  export_expert: "Export Expert",
  export_service_provider: "Export Service Provider",
};

// ---------------------------------------------------------------------------------------------
// HTTP (node:http with one keep-alive socket: sequential requests, little client overhead)

export const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

export interface HttpResult {
  status: number;
  body: string;
}

export function httpRequest(
  origin: string,
  method: "GET" | "POST",
  urlPath: string,
  headers: Record<string, string>,
  body?: string,
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${urlPath}`,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`timeout: ${method} ${urlPath}`)));
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** tRPC result data of a 200 answer, or throws with the error. */
export function trpcData<T>(res: HttpResult, what: string): T {
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${res.body.slice(0, 400)}`);
  const parsed = JSON.parse(res.body) as { result?: { data?: T } };
  if (!parsed.result || !("data" in parsed.result)) throw new Error(`${what}: no result: ${res.body.slice(0, 400)}`);
  return parsed.result.data as T;
}

/** The first page of a member's received requests (tRPC over HTTP GET). */
export const RECEIVED_PATH = `/trpc/memberRequests.received?input=${encodeURIComponent(JSON.stringify({ limit: 20 }))}`;
/** The badge counts of one member (every board's count in one query, offers, points, tier). */
const COUNT_PATH = "/trpc/badges.get";
/** The first page of one board's received posts (tRPC over HTTP GET). */
export const boardPath = (board: Board) =>
  `/trpc/posts.received?input=${encodeURIComponent(JSON.stringify({ board, limit: 20 }))}`;

export interface ReceivedPage {
  items: { id: number }[];
  nextCursor: { createdAt: string; id: number } | null;
}

async function timeGet(origin: string, urlPath: string, cookie: string, check: (data: unknown) => void) {
  const t0 = performance.now();
  const res = await httpRequest(origin, "GET", urlPath, { cookie });
  const ms = performance.now() - t0;
  check(trpcData(res, urlPath.split("?")[0] as string));
  return ms;
}

const checkPage = (d: unknown) => {
  if (!Array.isArray((d as ReceivedPage).items)) throw new Error("received: no items");
};
const checkCount = (d: unknown) => {
  const b = d as { requests?: unknown; posts?: Record<string, unknown> };
  if (typeof b.requests !== "number") throw new Error("badges.get: no requests count");
  if (!b.posts || BOARDS.some((board) => typeof b.posts?.[board] !== "number")) throw new Error("badges.get: no posts");
};

// ---------------------------------------------------------------------------------------------
// EXPLAIN of the exact SQL the app runs

/** Execution and planning time and the top of an EXPLAIN ANALYZE. */
function planSummary(lines: string[]) {
  const exec = lines.find((l) => l.startsWith("Execution Time"));
  const plan = lines.find((l) => l.startsWith("Planning Time"));
  return {
    executionMs: exec ? Number(/([\d.]+) ms/.exec(exec)?.[1]) : null,
    planningMs: plan ? Number(/([\d.]+) ms/.exec(plan)?.[1]) : null,
    // The top nodes: the plan's first lines without the buffer counts.
    top: lines.filter((l) => !/^\s*(Buffers|Planning:|Planning Time|Execution Time)/.test(l)).slice(0, 10),
  };
}

/** Statements EXPLAINed so far (names of the PREPAREd copies). */
let explained = 0;

/** A parameter as an SQL literal (text, number, boolean, or an array of them). */
function literalOf(client: { escapeLiteral(s: string): string }, v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v))
    return client.escapeLiteral(
      `{${v.map((x) => (typeof x === "string" ? `"${x.replace(/["\\]/g, "\\$&")}"` : String(x))).join(",")}}`,
    );
  return client.escapeLiteral(String(v));
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a statement the app ran, with its parameters, on one connection:
 * `custom`, as an unnamed statement (always a custom plan for these values), and `generic`, the
 * same text PREPAREd and EXECUTEd under `plan_cache_mode = force_generic_plan`: the plan a named
 * prepared statement (ADR 8) switches to once its generic cost looks no worse than the custom
 * plans' after five runs. Warm twice, keep the third.
 */
async function explainCaptured(sql: BenchSql, c: { query: string; params: unknown[] }, walk = false) {
  const client = await sql.pool.connect();
  try {
    const out: Record<string, unknown> = {};
    // As the app runs it (domain/posts.ts `walking`): bitmap scans off for every board but membership.
    if (walk) await client.query("set enable_bitmapscan = off");
    const keep = async (text: string, params?: unknown[]) => {
      let lines: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await client.query(text, params);
        lines = res.rows.map((r) => String((r as Record<string, unknown>)["QUERY PLAN"]));
      }
      return { ...planSummary(lines), plan: lines };
    };
    out.custom = await keep(`explain (analyze, buffers) ${c.query}`, c.params);
    // A name of its own: the pool's connections also hold the app's prepared statements.
    const name = `bench_explain_${++explained}`;
    await client.query(`prepare ${name} as ${c.query}`);
    await client.query("set plan_cache_mode = force_generic_plan");
    const args = c.params.map((v) => literalOf(client, v)).join(", ");
    out.generic = await keep(`explain (analyze, buffers) execute ${name}(${args})`);
    await client.query("reset plan_cache_mode");
    await client.query("reset enable_bitmapscan");
    await client.query(`deallocate ${name}`);
    return { sql: c.query, ...out };
  } finally {
    client.release();
  }
}

/**
 * EXPLAIN ANALYZE of the exact SQL the app runs (captured through Drizzle's logger): each
 * board's first page (`received_<board>_first`) for the member `profiles[board]` (one the board
 * can reach) and `received_counts` (badges.get) for `typical`.
 */
async function explainApp(
  sql: BenchSql,
  typical: MatchProfile,
  profiles: Partial<Record<Board, MatchProfile>>,
): Promise<Record<string, unknown>> {
  let captured: { query: string; params: unknown[] } | null = null;
  const db = drizzle(sql.pool, {
    schema,
    casing: "snake_case",
    logger: {
      // The board queries run in a transaction (`walking`): keep the query, not BEGIN/SET/COMMIT.
      logQuery: (query, params) => {
        if (!/^(begin|commit|rollback|set local)\b/i.test(query.trim())) captured = { query, params };
      },
    },
  }) as unknown as Db;
  const out: Record<string, unknown> = {};
  const boards: Record<string, unknown> = {};
  for (const board of BOARDS) {
    const p = profiles[board];
    if (!p) {
      boards[board] = { skipped: "no member of the typical shape that this board can reach" };
      continue;
    }
    captured = null;
    const page = await listReceivedPosts(db, p, { board, limit: 20 });
    const c = captured as { query: string; params: unknown[] } | null;
    if (!c) continue;
    boards[board] = {
      userId: p.userId,
      items: page.items.length,
      ...(await explainCaptured(sql, c, board !== "membership.request")),
    };
  }
  out.boards = boards;
  captured = null;
  const counts = await countAllReceived(db, typical);
  const c = captured as { query: string; params: unknown[] } | null;
  if (c)
    out.receivedCounts = {
      userId: typical.userId,
      counts,
      live: BOARDS.filter((b) => canMatch(b, typical)),
      ...(await explainCaptured(sql, c, true)),
    };
  // The typical member's membership list under the same profile as before ADR 16.
  out.typicalProfile = await loadMatchProfile(db, typical.userId);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Old client pattern (spec part 2 §7 call 15), one round trip per look-up

async function oldReceived(
  sql: BenchSql,
  viewerId: string,
): Promise<{ kept: number; scanned: number; lookups: number }> {
  const [me] = await sql<{ activities: string[]; sectors: string[]; country_names: string[] }[]>`
    select p.activities::text[] as activities, p.industrial_sectors as sectors,
           array(select c.name_en from countries c where c.code = any(p.target_countries)) as country_names
    from profiles p where p.user_id = ${viewerId}`;
  if (!me) throw new Error("old: no profile");
  const activityText = me.activities.map((a) => ACTIVITY_LABEL[a] ?? a).join(", ");
  const names = new Set(me.country_names);
  const all = await sql<
    { id: string; user_id: string; product_id: number | null; target_country: string | null; request_type: string }[]
  >`select * from posts where user_id <> ${viewerId} and status = 'active' and area = 'membership'
      and expires_at > now() order by created_at desc`;
  let kept = 0;
  let scanned = 0;
  let lookups = 0;
  for (const r of all) {
    scanned++;
    await sql`select name from profiles where user_id = ${r.user_id}`;
    lookups++;
    let productName: string | null = null;
    if (r.product_id !== null) {
      const [p] = await sql<{ name_en: string }[]>`select name_en from products where id = ${r.product_id}`;
      productName = p?.name_en ?? null;
      lookups++;
    }
    let countryName: string | null = null;
    if (r.target_country !== null) {
      const [c] = await sql<{ name_en: string }[]>`select name_en from countries where code = ${r.target_country}`;
      countryName = c?.name_en ?? null;
      lookups++;
    }
    const keep =
      (countryName !== null && names.has(countryName)) ||
      productName !== null ||
      (r.request_type === "knowledge_sharing" && activityText.includes("Expert")) ||
      (r.request_type === "commercial_assistance" && activityText.includes("Service Provider"));
    if (keep && ++kept >= 20) break;
  }
  return { kept, scanned, lookups };
}

// ---------------------------------------------------------------------------------------------
// The phase

export interface QueryOptions {
  samples: number;
  memberSamples: number;
  samplesPerMember: number;
  /** Samples per member of each board's first page (`posts.received`). */
  boardSamples: number;
  oldSamples: number;
  oldBudgetS: number;
}

/** The members the whole benchmark uses. */
export interface BenchMembers {
  /** The typical member (3 countries, 2 sectors, activity exporter). */
  typicalId: string;
  /** The first poster of the live phase (`posterIds[0]`). */
  posterId: string;
  /**
   * Posters of the live phase, taken in turn (20 posts a day each, `RATE_LIMITS.post`): the
   * first half individuals, the second organizations.
   */
  posterIds: string[];
}

/** Posters of the live phase: 43 membership requests and the non-membership posts, 20 a day each. */
const POSTERS = 8;

/** The typical member and the live phase's posters (none of them the typical member). */
export async function pickMembers(sql: BenchSql): Promise<BenchMembers> {
  const [typical] = await sql<{ user_id: string }[]>`
    select user_id from profiles
    where approval_status = 'approved' and cardinality(target_countries) = 3
      and cardinality(industrial_sectors) = 2 and activities = '{exporter}'
    order by user_id limit 1`;
  if (!typical) throw new Error("no member with 3 countries, 2 sectors and activity exporter");
  const posters = await sql<{ user_id: string }[]>`
    (select user_id from profiles where approval_status = 'approved' and user_id <> ${typical.user_id}
       and user_type = 'individual' order by user_id desc limit ${POSTERS / 2})
    union all
    (select user_id from profiles where approval_status = 'approved' and user_id <> ${typical.user_id}
       and user_type = 'organization' order by user_id desc limit ${POSTERS / 2})`;
  const [poster] = posters;
  if (!poster) throw new Error("no poster member");
  return { typicalId: typical.user_id, posterId: poster.user_id, posterIds: posters.map((p) => p.user_id) };
}

/**
 * For each board, the member its timings and EXPLAIN use: the typical member when the board can
 * reach them (`canMatch`), else the first member of the same shape (3 countries, 2 sectors) that
 * it can reach; none when no such member exists.
 */
async function boardMembers(
  sql: BenchSql,
  typical: MatchProfile,
  exclude: string[],
): Promise<Partial<Record<Board, MatchProfile>>> {
  const rows = await sql<{ user_id: string }[]>`
    select user_id from profiles
    where approval_status = 'approved' and cardinality(target_countries) = 3 and cardinality(industrial_sectors) = 2
      and user_id <> all(${exclude}::uuid[])
    order by user_id limit 3000`;
  const profiles = await loadProfiles(
    sql,
    rows.map((r) => r.user_id),
  );
  const ordered = rows.flatMap((r) => profiles.get(r.user_id) ?? []);
  const out: Partial<Record<Board, MatchProfile>> = {};
  for (const board of BOARDS) {
    const p = canMatch(board, typical) ? typical : ordered.find((m) => canMatch(board, m));
    if (p) out[board] = p;
  }
  return out;
}

/**
 * Times the received list and badges.get for the typical member and for sampled members, runs
 * EXPLAIN on the app's SQL and times the old client pattern. Writes its figures into `result`
 * (typicalMember, sampledMembers, explain, oldClientPattern) and returns the headline summaries.
 */
export async function measureQueries(
  sql: BenchSql,
  benchUrl: string,
  origin: string,
  members: BenchMembers,
  opts: QueryOptions,
  result: Record<string, unknown>,
  errors: string[],
): Promise<{
  list: Summary;
  count: Summary;
  speedUp: number | null;
  boards: Record<Board, { typical: Summary | null; sampled: Summary | null }>;
}> {
  const typical = { user_id: members.typicalId };
  const typicalCookie = (await createSessions(sql, [typical.user_id])).get(typical.user_id) as string;
  const typicalProfile = (await loadProfiles(sql, [typical.user_id])).get(typical.user_id);

  const page1 = trpcData<ReceivedPage>(
    await httpRequest(origin, "GET", RECEIVED_PATH, { cookie: typicalCookie }),
    "memberRequests.received",
  );
  const count1 = trpcData<{ requests: number }>(
    await httpRequest(origin, "GET", COUNT_PATH, { cookie: typicalCookie }),
    "count",
  ).requests;
  if (page1.items.length !== 20) errors.push(`typical member's first page has ${page1.items.length} items, not 20`);
  const page2Path = page1.nextCursor
    ? `/trpc/memberRequests.received?input=${encodeURIComponent(JSON.stringify({ limit: 20, cursor: page1.nextCursor }))}`
    : null;

  log(`typical member: warm-up, then ${opts.samples} sequential samples per endpoint…`);
  result.loadAvgBeforeHttp = loadAvg();
  for (let i = 0; i < 30; i++) {
    await timeGet(origin, RECEIVED_PATH, typicalCookie, checkPage);
    await timeGet(origin, COUNT_PATH, typicalCookie, checkCount);
  }
  const listMs: number[] = [];
  const countMs: number[] = [];
  const page2Ms: number[] = [];
  const authMs: number[] = [];
  const helloMs: number[] = [];
  const checkSession = (d: unknown) => {
    if (!(d as { viewer?: unknown } | null)?.viewer) throw new Error("session.get: signed out");
  };
  // Interleaved, so load changes on this shared machine hit every series alike.
  for (let i = 0; i < opts.samples; i++) {
    listMs.push(await timeGet(origin, RECEIVED_PATH, typicalCookie, checkPage));
    countMs.push(await timeGet(origin, COUNT_PATH, typicalCookie, checkCount));
    if (page2Path && i % 3 === 0) page2Ms.push(await timeGet(origin, page2Path, typicalCookie, checkPage));
    if (i % 3 === 1) authMs.push(await timeGet(origin, "/trpc/session.get", typicalCookie, checkSession));
    if (i % 3 === 2) helloMs.push(await timeGet(origin, "/trpc/hello", "", () => {}));
  }
  const listSummary = summarize(listMs) as Summary;
  const countSummary = summarize(countMs) as Summary;
  result.typicalMember = {
    userId: typical.user_id,
    profile: typicalProfile,
    firstPageItems: page1.items.length,
    badgeCount: count1,
    receivedMs: listSummary,
    receivedCountMs: countSummary,
    receivedPage2Ms: summarize(page2Ms),
    authenticatedFloorMs: summarize(authMs),
    helloBaselineMs: summarize(helloMs),
    note:
      "end-to-end HTTP from this process, samples interleaved. received/receivedCount = session lookup + viewer " +
      "(together the floor: session.get) + match profile + the query. node-postgres sends an unnamed " +
      "statement's parse, bind and execute together (one round trip); the hot queries are named (ADR 8)",
  };
  log(
    `  received p50 ${listSummary.p50} p95 ${listSummary.p95} ms; count p50 ${countSummary.p50} p95 ${countSummary.p95} ms`,
  );

  // 3a'. Every board's first page (posts.received) for its member of the typical shape.
  const typicalMatch = typicalProfile as MatchProfile;
  const perBoardMember = await boardMembers(sql, typicalMatch, members.posterIds);
  const boardIds = [...new Set(Object.values(perBoardMember).map((p) => p.userId))];
  const boardCookies = await createSessions(sql, boardIds);
  boardCookies.set(typical.user_id, typicalCookie);
  const boardRuns = BOARDS.flatMap((board) => {
    const p = perBoardMember[board];
    return p ? [{ board, profile: p, path: boardPath(board), cookie: boardCookies.get(p.userId) as string }] : [];
  });
  const firstPages: Partial<Record<Board, number>> = {};
  for (const r of boardRuns) {
    const page = trpcData<ReceivedPage>(
      await httpRequest(origin, "GET", r.path, { cookie: r.cookie }),
      `posts.received ${r.board}`,
    );
    firstPages[r.board] = page.items.length;
    if (page.items.length < 20)
      errors.push(`${r.board}: its member's first page has ${page.items.length} items, not 20`);
  }
  log(`every board's first page: ${boardRuns.length} boards × ${opts.samples} samples, interleaved…`);
  for (let i = 0; i < 10; i++) for (const r of boardRuns) await timeGet(origin, r.path, r.cookie, checkPage);
  const boardMs = new Map<Board, number[]>(boardRuns.map((r) => [r.board, []]));
  for (let i = 0; i < opts.samples; i++) {
    for (const r of boardRuns) boardMs.get(r.board)?.push(await timeGet(origin, r.path, r.cookie, checkPage));
  }
  const boardTypical = Object.fromEntries(
    BOARDS.map((board) => [board, summarize(boardMs.get(board) ?? [])]),
  ) as Record<Board, Summary | null>;
  result.boards = Object.fromEntries(
    BOARDS.map((board) => {
      const p = perBoardMember[board];
      return [
        board,
        p
          ? {
              userId: p.userId,
              typicalMember: p.userId === typical.user_id,
              tags: p.tags,
              firstPageItems: firstPages[board] ?? null,
              receivedMs: boardTypical[board],
            }
          : { skipped: "no member of the typical shape that this board can reach" },
      ];
    }),
  );
  for (const board of BOARDS) log(`  ${board}: p50 ${boardTypical[board]?.p50} p95 ${boardTypical[board]?.p95} ms`);

  // 3b. ~50 random members.
  log(`${opts.memberSamples} random members × ${opts.samplesPerMember} samples per endpoint…`);
  const sampled = await sql<{ user_id: string; activity: string; nc: number; ns: number }[]>`
    select user_id, activities[1]::text as activity, cardinality(target_countries) as nc,
           cardinality(industrial_sectors) as ns
    from profiles where approval_status = 'approved' and user_id <> ${typical.user_id}
      and user_id <> all(${members.posterIds}::uuid[])
    order by md5(user_id::text) limit ${opts.memberSamples}`;
  const sampleCookies = await createSessions(
    sql,
    sampled.map((s) => s.user_id),
  );
  const sampledProfiles = await loadProfiles(
    sql,
    sampled.map((s) => s.user_id),
  );
  const pooledBoard = new Map<Board, number[]>(BOARDS.map((b) => [b, []]));
  const boardOverTarget = new Map<Board, number>(BOARDS.map((b) => [b, 0]));
  const boardReachable = new Map<Board, number>(BOARDS.map((b) => [b, 0]));
  const perMember: {
    userId: string;
    activity: string;
    countries: number;
    sectors: number;
    badge: number;
    listP95: number;
    countP95: number;
    listP50: number;
    countP50: number;
  }[] = [];
  const pooledList: number[] = [];
  const pooledCount: number[] = [];
  for (const m of sampled) {
    const cookie = sampleCookies.get(m.user_id) as string;
    for (let i = 0; i < 3; i++) {
      await timeGet(origin, RECEIVED_PATH, cookie, checkPage);
      await timeGet(origin, COUNT_PATH, cookie, checkCount);
    }
    const l: number[] = [];
    const c: number[] = [];
    for (let i = 0; i < opts.samplesPerMember; i++) {
      l.push(await timeGet(origin, RECEIVED_PATH, cookie, checkPage));
      c.push(await timeGet(origin, COUNT_PATH, cookie, checkCount));
    }
    // Every board's first page; a board that cannot reach the member answers without a query.
    const profile = sampledProfiles.get(m.user_id);
    for (const board of BOARDS) {
      if (!profile || !canMatch(board, profile)) continue;
      boardReachable.set(board, (boardReachable.get(board) ?? 0) + 1);
      const path = boardPath(board);
      await timeGet(origin, path, cookie, checkPage);
      const b: number[] = [];
      for (let i = 0; i < opts.boardSamples; i++) b.push(await timeGet(origin, path, cookie, checkPage));
      pooledBoard.get(board)?.push(...b);
      if ((summarize(b) as Summary).p95 > QUERY_TARGETS.listP95Ms)
        boardOverTarget.set(board, (boardOverTarget.get(board) ?? 0) + 1);
    }
    const badge = trpcData<{ requests: number }>(
      await httpRequest(origin, "GET", COUNT_PATH, { cookie }),
      "count",
    ).requests;
    const ls = summarize(l) as Summary;
    const cs = summarize(c) as Summary;
    pooledList.push(...l);
    pooledCount.push(...c);
    perMember.push({
      userId: m.user_id,
      activity: m.activity,
      countries: m.nc,
      sectors: m.ns,
      badge,
      listP50: ls.p50,
      listP95: ls.p95,
      countP50: cs.p50,
      countP95: cs.p95,
    });
  }
  const byActivity: Record<string, unknown> = {};
  for (const a of Object.keys(ACTIVITY_LABEL)) {
    const ms = perMember.filter((m) => m.activity === a);
    byActivity[a] = {
      members: ms.length,
      receivedP95: summarize(ms.map((m) => m.listP95)),
      receivedCountP95: summarize(ms.map((m) => m.countP95)),
    };
  }
  const worst = [...perMember].sort((a, b) => b.listP95 + b.countP95 - (a.listP95 + a.countP95));
  result.sampledMembers = {
    members: perMember.length,
    samplesPerEndpoint: opts.samplesPerMember,
    receivedP95AcrossMembersMs: summarize(perMember.map((m) => m.listP95)),
    receivedCountP95AcrossMembersMs: summarize(perMember.map((m) => m.countP95)),
    pooledReceivedMs: summarize(pooledList),
    pooledReceivedCountMs: summarize(pooledCount),
    membersOverListTarget: perMember.filter((m) => m.listP95 > QUERY_TARGETS.listP95Ms).length,
    membersOverCountTarget: perMember.filter((m) => m.countP95 > QUERY_TARGETS.countP95Ms).length,
    badgesAtCap: perMember.filter((m) => m.badge >= BADGE_COUNT_CAP).length,
    byActivity,
    worst: worst.slice(0, 3),
    boards: Object.fromEntries(
      BOARDS.map((board) => [
        board,
        {
          membersReached: boardReachable.get(board) ?? 0,
          samplesPerMember: opts.boardSamples,
          pooledReceivedMs: summarize(pooledBoard.get(board) ?? []),
          membersOverListTarget: boardOverTarget.get(board) ?? 0,
        },
      ]),
    ),
    boardsNote:
      "posts.received first page (limit 20) of every board the member can match (canMatch); the other boards " +
      "answer empty without a query and are not timed",
  };

  // EXPLAIN ANALYZE of the app's SQL (every board's first page and received_counts; also for the
  // worst sampled member).
  log("EXPLAIN ANALYZE of the app's queries…");
  const explain: Record<string, unknown> = { typical: await explainApp(sql, typicalMatch, perBoardMember) };
  const worstMember = worst[0];
  const worstProfile = worstMember ? sampledProfiles.get(worstMember.userId) : undefined;
  if (worstProfile)
    explain.worstSampled = {
      userId: worstProfile.userId,
      ...(await explainApp(
        sql,
        worstProfile,
        Object.fromEntries(BOARDS.filter((b) => canMatch(b, worstProfile)).map((b) => [b, worstProfile])),
      )),
    };
  result.explain = explain;

  // 4. Old path.
  log(`old client pattern: up to ${opts.oldSamples} samples within ${opts.oldBudgetS} s…`);
  const oldSql = connectSql(benchUrl, { max: 1 });
  let oldSqlEnded = false;
  onCleanup(() => (oldSqlEnded ? Promise.resolve() : oldSql.end()));
  const oldMs: number[] = [];
  let oldShape: Awaited<ReturnType<typeof oldReceived>> | null = null;
  const oldStart = performance.now();
  await oldReceived(oldSql, typical.user_id); // warm-up
  while (oldMs.length < opts.oldSamples && performance.now() - oldStart < opts.oldBudgetS * 1000) {
    const t0 = performance.now();
    oldShape = await oldReceived(oldSql, typical.user_id);
    oldMs.push(performance.now() - t0);
  }
  oldSqlEnded = true;
  await oldSql.end();
  const oldSummary = summarize(oldMs);
  const speedUp = oldSummary ? round(oldSummary.p50 / listSummary.p50, 1) : null;
  result.oldClientPattern = {
    samples: oldMs.length,
    ms: oldSummary,
    ...oldShape,
    speedUpP50: speedUp,
    note:
      "old pattern timed from this process straight to Postgres on localhost (no HTTP, no auth), " +
      "look-ups only when the id is set, stopping at 20 kept: all in its favour (the old app made " +
      "every round trip over the internet)",
  };
  log(`  old p50 ${oldSummary?.p50} ms → speed-up ×${speedUp}`);

  const pooled = (result.sampledMembers as { boards: Record<Board, { pooledReceivedMs: Summary | null }> }).boards;
  return {
    list: listSummary,
    count: countSummary,
    speedUp,
    boards: Object.fromEntries(
      BOARDS.map((b) => [b, { typical: boardTypical[b], sampled: pooled[b].pooledReceivedMs }]),
    ) as Record<Board, { typical: Summary | null; sampled: Summary | null }>,
  };
}

/** Closes the keep-alive sockets of this phase's HTTP agent. */
export function closeHttp(): void {
  agent.destroy();
}
