/**
 * `npm run bench:matching` — matching at scale (DESIGN.md §5, §9): received member requests,
 * their badge count and the live badges, on a real Postgres. Prints ONE JSON object on stdout
 * (progress on stderr), writes its headline figures per phase (queries, live, analytics) to
 * bench/results/matching.json and appends them to bench/results/history.jsonl (bench/harness.ts
 * `recordRun`); with --raw, the whole object to bench/results/raw/.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:matching
 *
 * 1. Creates a throw-away database `export_club_bench_match_<hex>` on DATABASE_URL's server,
 *    starts the real server on it as a child process (bench/harness.ts: migrations, reference
 *    data and the product catalogue) and waits for /readyz.
 * 2. Seeds at scale ([seed.ts](seed.ts)): 10,000 members, 100,000 posts (40,000 membership
 *    requests, 7,500 on each of the 8 other boards; ADR 16 step 3), 300,000 responses.
 * 3. Times the received list of every board (`posts.received`, and `memberRequests.received`)
 *    and badges.get over HTTP, EXPLAINs every board's first page and `received_counts`, and
 *    times the old client pattern ([queries.ts](queries.ts)).
 * 4. Live badges with 2,000 subscribers, every one on tRPC's own client in worker processes,
 *    and the server's RSS with them ([live.ts](live.ts), [subscribers.ts](subscribers.ts),
 *    [worker.ts](worker.ts)).
 * 5. Admin analytics (issue #17 §3): every chart's query as an admin over HTTP, for the default
 *    range and the longest (two years), p95 per chart ([analytics.ts](analytics.ts); it first
 *    adds the applicants, knowledge, points and sign-ins those charts read).
 * 6. Stops the server and drops the database, also on error or Ctrl-C.
 *
 * Options (defaults in brackets):
 *   --members [10000] --requests [100000] (posts in all) --responses [300000] --archives [5000]
 *   seed size; --mix [boards] (every board, validities, a share closed) or legacy (membership
 *   requests only, all active: the shape before ADR 16)
 *   --samples [300] per endpoint for the typical member (per board: the first member of the
 *   typical shape the board can reach); --member-samples [50] members sampled,
 *   --samples-per-member [40] (membership list and badges.get), --board-samples [10] per other
 *   board; --old-samples [8] within --old-budget-s [60]
 *   --subscribers [2000] on --workers [4] processes, over --link [ws] (ws: createWSClient +
 *   wsLink, the app's path; sse: httpSubscriptionLink), --ws-concurrency [50] opening at a time
 *   --events [20] --event-gap-ms [250] --idle-s [16] --idle-events [3] --fanout-active [120]
 *   --offer-events [6] posts on export_services.offer (posts.create) after each phase's requests
 *   --skip-ws (no live badges), --skip-queries (no phase 3), --skip-at-scale (fan-out only)
 *   --analytics-samples [30] per chart and range, --skip-analytics (no phase 5)
 *   --keep (keep the database), --database <name> (reuse a kept, seeded database: no seeding;
 *   kept), --no-inspect (the server otherwise runs with --inspect=127.0.0.1:0 so the bench can
 *   force a GC before heap figures; raw RSS is always read from /proc first)
 *   --label [""] a free note stored in the result and its history line, --raw (also write the whole
 *   output, EXPLAIN plans and per-event figures included, to bench/results/raw/; not tracked).
 *   A phase skipped keeps its figures of the last run that measured it in matching.json.
 * SERVER_NODE_ARGS (environment): extra Node options for the server, e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof". Each subscriber has its own connection (the server as many):
 * `ulimit -n` must exceed the subscribers + a few hundred.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BOARDS } from "../../src/common/posts";
import {
  cleanUpOnSignals,
  cleanup,
  errorMessage,
  gitCommit,
  loadAvg,
  logger,
  machine,
  onCleanup,
  parseOptions,
  recordRun,
  round,
  serverMemory,
  startServer,
  stopServer,
} from "../harness";
import { connectSql } from "../pg-sql";
import { ANALYTICS_TARGETS, measureAnalytics } from "./analytics";
import { LIVE_TARGETS, measureLive } from "./live";
import { closeHttp, measureQueries, pickMembers, QUERY_TARGETS } from "./queries";
import { seed } from "./seed";
import type { Link } from "./worker";

const log = logger("bench:matching");

const DEFAULTS = {
  members: 10_000,
  requests: 100_000,
  responses: 300_000,
  archives: 5_000,
  mix: "boards",
  samples: 300,
  memberSamples: 50,
  samplesPerMember: 40,
  boardSamples: 10,
  oldSamples: 8,
  oldBudgetS: 60,
  subscribers: 2_000,
  workers: 4,
  link: "ws",
  events: 20,
  eventGapMs: 250,
  idleS: 16,
  idleEvents: 3,
  offerEvents: 6,
  fanoutActive: 120,
  wsConcurrency: 50,
  skipWs: false,
  skipQueries: false,
  skipAtScale: false,
  analyticsSamples: 30,
  skipAnalytics: false,
  inspect: true,
  keep: false,
  database: "",
  label: "",
  raw: false,
};

async function main(result: Record<string, unknown>): Promise<void> {
  const opts = parseOptions(process.argv.slice(2), DEFAULTS);
  if (opts.members < 10) throw new Error("--members must be at least 10");
  if (opts.link !== "ws" && opts.link !== "sse") throw new Error("--link is ws or sse");
  result.options = opts;
  const errors: string[] = [];
  result.errors = errors;
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (!databaseUrl) throw new Error("DATABASE_URL is required (a Postgres server the bench may create databases on)");

  // 1. Database and server.
  const reuse = opts.database !== "";
  const dbName = reuse ? opts.database : `export_club_bench_match_${randomBytes(4).toString("hex")}`;
  const admin = connectSql(databaseUrl, { max: 1 });
  let created = false;
  onCleanup(async () => {
    if (created && !opts.keep) {
      await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
      log(`dropped ${dbName}`);
    } else if (created || reuse) log(`kept database ${dbName}`);
    await admin.end();
  });
  if (!reuse) {
    await admin.unsafe(`create database "${dbName}"`);
    created = true;
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${dbName}`;
  const benchUrl = url.toString();
  const [pgVersion] = await admin<{ v: string }[]>`select current_setting('server_version') as v`;
  result.database = { name: dbName, reused: reuse, postgres: pgVersion?.v ?? null };
  log(`${reuse ? "reusing" : "created"} ${dbName}; starting the server…`);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "export-club-bench-match-"));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({
    databaseUrl: benchUrl,
    dataDir,
    inspect: opts.inspect,
    nodeArgs: process.env.SERVER_NODE_ARGS?.split(" ").filter(Boolean),
  });
  onCleanup(() => stopServer(server));
  let cmdline = "";
  try {
    cmdline = readFileSync(`/proc/${server.pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    // not Linux
  }
  result.server = {
    pid: server.pid,
    cmdline,
    inspector: server.inspector.url !== null,
    startToReadyMs: round(server.readyMs, 1),
    note: reuse ? "database already migrated and seeded" : "fresh database: migrations and reference data included",
    memoryAtReady: await serverMemory(server),
  };
  log(`server ready in ${round(server.readyMs / 1000, 1)} s (pid ${server.pid})`);

  const sql = connectSql(benchUrl, { max: 4 });
  onCleanup(() => sql.end());

  // 2. Seed.
  if (!reuse) {
    log("seeding…");
    result.loadAvgBeforeSeed = loadAvg();
    result.seed = await seed(benchUrl, opts);
  }
  const members = await pickMembers(sql);
  const targets: Record<string, unknown> = {};
  result.targets = targets;

  // 3. Queries.
  if (!opts.skipQueries) {
    const q = await measureQueries(sql, benchUrl, server.origin, members, opts, result, errors);
    targets.receivedP95 = {
      target: QUERY_TARGETS.listP95Ms,
      value: q.list.p95,
      pass: q.list.p95 <= QUERY_TARGETS.listP95Ms,
    };
    targets.receivedCountP95 = {
      target: QUERY_TARGETS.countP95Ms,
      value: q.count.p95,
      pass: q.count.p95 <= QUERY_TARGETS.countP95Ms,
      measures: "badges.get: every board's capped count in one statement (received_counts), typical member",
    };
    targets.boardReceivedP95 = Object.fromEntries(
      BOARDS.map((b) => {
        const { typical, sampled } = q.boards[b];
        return [
          b,
          {
            target: QUERY_TARGETS.listP95Ms,
            value: typical?.p95 ?? null,
            p50: typical?.p50 ?? null,
            p99: typical?.p99 ?? null,
            sampledMembersPooledP95: sampled?.p95 ?? null,
            pass: typical !== null && typical.p95 <= QUERY_TARGETS.listP95Ms,
          },
        ];
      }),
    );
    targets.speedUp = {
      target: QUERY_TARGETS.speedUp,
      value: q.speedUp,
      pass: q.speedUp !== null && q.speedUp >= QUERY_TARGETS.speedUp,
    };
    result.memoryAfterHttp = await serverMemory(server);
  }

  // 4. Live badges.
  if (!opts.skipWs && opts.subscribers > 0) {
    result.loadAvgBeforeLive = loadAvg();
    const live = await measureLive(sql, server, members, { ...opts, link: opts.link as Link }, result);
    const memIdleMB = live.memIdle?.rssMB ?? null;
    targets.badgeLatencyP95 = {
      target: LIVE_TARGETS.badgeP95Ms,
      value: live.latency?.p95 ?? null,
      p50: live.latency?.p50 ?? null,
      p99: live.latency?.p99 ?? null,
      pass: live.latency ? live.latency.p95 <= LIVE_TARGETS.badgeP95Ms : false,
      measuredOn: `fan-out phase, every subscriber update, from the NOTIFY; all on tRPC's client (${opts.link})`,
      burstP95: live.byKind.burst?.p95 ?? null,
      offerBoardP95: live.offerBoardLatency?.p95 ?? null,
      afterIdleP95: live.byKind.afterIdle?.p95 ?? null,
      serverCpuUsPerUpdate: live.serverCpuUsPerUpdate,
      loadAvgBeforeLive: result.loadAvgBeforeLive,
    };
    targets.serverRssIdleWithSubscribers = {
      target: LIVE_TARGETS.rssMB,
      subscribers: opts.subscribers,
      value: memIdleMB,
      afterForcedGc: live.memIdle?.afterGc?.rssMB ?? null,
      pass: memIdleMB !== null && memIdleMB <= LIVE_TARGETS.rssMB,
    };
  }

  // 5. Admin analytics.
  if (!opts.skipAnalytics) {
    const a = await measureAnalytics(sql, server.origin, opts, result);
    targets.analyticsChartP95 = {
      target: ANALYTICS_TARGETS.chartP95Ms,
      value: a.worstP95,
      pass: a.worstP95 !== null && a.worstP95 <= ANALYTICS_TARGETS.chartP95Ms,
      measures: "the slowest chart's p95 over both ranges (default 12 weeks, two years), as an admin over HTTP",
      byChart: Object.fromEntries(
        Object.entries(a.byChart).map(([chart, byRange]) => [
          chart,
          Object.fromEntries(Object.entries(byRange).map(([range, s]) => [range, s?.p95 ?? null])),
        ]),
      ),
    };
  }
  result.serverErrorLogs = server.logged.errors;
}

cleanUpOnSignals();
const output: Record<string, unknown> = {
  timestamp: new Date().toISOString(),
  commit: gitCommit(),
  ...machine(),
  loadAvgAtStart: loadAvg(),
};
let exitCode = 0;
const tStart = performance.now();
try {
  await main(output);
} catch (err) {
  exitCode = 1;
  output.error = errorMessage(err);
  log(`error: ${errorMessage(err)}`);
} finally {
  closeHttp();
  await cleanup();
}
output.loadAvgAtEnd = loadAvg();
output.totalSeconds = round((performance.now() - tStart) / 1000, 1);
// Targets first, then the rest.
const { targets, ...rest } = output;
const files = recordRun("matching", targets ? { targets, ...rest } : rest, {
  raw: process.argv.includes("--raw") || (output.options as { raw?: boolean } | undefined)?.raw === true,
});
log(`written to ${files.map((f) => path.relative(process.cwd(), f)).join(", ")}`);
process.exit(exitCode);
