/**
 * `npm run bench`: the figures of the performance issue, printed as ONE JSON object on stdout
 * (progress goes to stderr). Its headline figures go to bench/results/bench.json, one section
 * per measurement (a partial run, --only, replaces only the sections it ran), and a line is
 * appended to bench/results/history.jsonl (bench/harness.ts `recordRun`); with --raw, the whole
 * object (every run's figures, file sizes) also goes to bench/results/raw/ (not tracked).
 *
 * 1. landingInitialJsGzipKB — the JavaScript a browser loads for the landing route before it is
 *    interactive: headless Chromium opens /landing on the built server and every .js response
 *    is counted (gzip level 9 of the built file). Budget 170 KB. The static import graph of
 *    index.html is reported alongside as a cross-check (it lacks any lazy chunk the page loads;
 *    the landing route itself ships in the entry chunk, docs/decisions/0007).
 *    Bytes on the wire (ADR 0011): the same initial JS and the CSS fetched from the real server
 *    with `Accept-Encoding: br, gzip`, counted as sent (compressed); budgets 130 KB and 30 KB.
 * 2. coldStartToReadyMs — spawn `node dist/server/main.js` (the built server, ADR 0011) on a
 *    fresh embedded-database folder and time until /readyz first answers 200; 3 runs, each
 *    followed by a warm start on the same folder; with DATABASE_URL the same on a fresh
 *    Postgres database each run. The server's CPU time to ready (user + system, all threads,
 *    from /proc) is reported beside the wall time: on a shared machine it moves far less.
 * 4. lighthouse — Lighthouse (npm `lighthouse`, mobile preset: simulated slow 4G and 4× CPU
 *    slowdown) on the landing route, 3 runs; medians of the performance score, LCP, TBT and
 *    CLS. Targets: ≥ 95, ≤ 2.0 s, ≤ 150 ms, ≤ 0.05. Then the same on the member pages of
 *    --member-routes (default /dashboard and /member-request/received) for a signed-in,
 *    approved member (`lighthouseSignedIn`; target ≥ 90): the server's demo admin approves a
 *    fresh sign-up and Lighthouse sends the member's session cookie with every request.
 * 3. throughput — autocannon against GET /trpc/hello (baseline) and GET /trpc/session.get with
 *    a session cookie (authenticated query) on the same server, on PGlite and, when
 *    DATABASE_URL is set, on a throw-away database on that Postgres.
 *
 * Options: --build (always rebuild the client), --duration <s> (default 10), --warmup <s>
 * (default 2), --connections <n> (default 50), --route <path> (default /landing),
 * --cold-runs <n> (default 3), --member-routes <paths> (comma-separated; "" for none), --keep (keep the temporary data folders), --only <sections>
 * (comma-separated subset of landing, cold, throughput, lighthouse; e.g. `--only landing` measures the
 * landing JS alone in a few seconds), --label <text> (a free note kept with the figures),
 * --raw (also write the whole output to bench/results/raw/).
 * `npm run -s bench` (or `npx tsx bench/run.ts`) keeps stdout pure JSON: plain `npm run` prints
 * its own "> export-club@… bench" banner on stdout first.
 */
import { type ChildProcess, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon, { type AutocannonResult } from "autocannon";
import { Client as PgClient } from "pg";
import WebSocket from "ws";
import { BUDGETS_KB } from "../e2e/support/budgets";
import {
  cleanUpOnSignals,
  cleanup,
  errorMessage,
  freePort,
  gitCommit,
  onCleanup,
  ROOT,
  recordRun,
  round,
  sleep,
  spawnNode,
  stopServer,
} from "./harness";

const CLIENT_DIR = path.join(ROOT, "dist/client");
const SERVER_MAIN = path.join(ROOT, "dist/server/main.js");
const BUDGET_KB = 170;
/** Initial JS and CSS of the landing page as sent with Brotli/gzip (KB = 1,024 bytes): e2e/support/budgets.ts. */
const WIRE_JS_BUDGET_KB = BUDGETS_KB.landingJs;
const WIRE_CSS_BUDGET_KB = BUDGETS_KB.landingCss;
const LIGHTHOUSE_RUNS = 3;
const CHROMIUM = "/usr/bin/chromium";
const READY_TIMEOUT_MS = 300_000;
const POLL_MS = 20;

// ---------------------------------------------------------------------------------------------
// Options

interface Options {
  build: boolean;
  duration: number;
  warmup: number;
  connections: number;
  route: string;
  /** Member pages Lighthouse measures signed in, after the landing route. */
  memberRoutes: string[];
  coldRuns: number;
  keep: boolean;
  /** Sections to run; all four by default. */
  only: Section[];
  /** A free note kept with the figures in bench.json and history.jsonl. */
  label: string;
  /** Also write the whole output to bench/results/raw/. */
  raw: boolean;
}

const SECTIONS = ["landing", "cold", "throughput", "lighthouse"] as const;
type Section = (typeof SECTIONS)[number];

function parseOptions(argv: string[]): Options {
  const opts: Options = {
    build: false,
    duration: 10,
    warmup: 2,
    connections: 50,
    route: "/landing",
    memberRoutes: ["/dashboard", "/member-request/received"],
    coldRuns: 3,
    keep: false,
    only: [...SECTIONS],
    label: "",
    raw: false,
  };
  const num = (name: string, value: string | undefined): number => {
    const n = Number(value);
    if (!value || !Number.isFinite(n) || n < 0) throw new Error(`${name} needs a non-negative number`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.includes("=") ? (arg.split("=", 2) as [string, string]) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case "--build":
        opts.build = true;
        break;
      case "--keep":
        opts.keep = true;
        break;
      case "--raw":
        opts.raw = true;
        break;
      case "--label":
        opts.label = value() ?? "";
        break;
      case "--duration":
        opts.duration = num(flag, value());
        break;
      case "--warmup":
        opts.warmup = num(flag, value());
        break;
      case "--connections":
        opts.connections = Math.max(1, Math.round(num(flag, value())));
        break;
      case "--cold-runs":
        opts.coldRuns = Math.max(1, Math.round(num(flag, value())));
        break;
      case "--route":
        opts.route = value() ?? "/landing";
        break;
      case "--member-routes":
        opts.memberRoutes = (value() ?? "")
          .split(",")
          .map((r) => r.trim())
          .filter(Boolean);
        break;
      case "--only": {
        const names = (value() ?? "").split(",").map((s) => s.trim());
        const unknown = names.filter((n) => !(SECTIONS as readonly string[]).includes(n));
        if (names.length === 0 || unknown.length > 0) {
          throw new Error(`--only takes a comma-separated list of ${SECTIONS.join(", ")}`);
        }
        opts.only = names as Section[];
        break;
      }
      default:
        throw new Error(`Unknown option ${arg}`);
    }
  }
  return opts;
}

// ---------------------------------------------------------------------------------------------
// Helpers

function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const tempDirs: string[] = [];
function freshDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "export-club-bench-"));
  tempDirs.push(dir);
  return dir;
}

// ---------------------------------------------------------------------------------------------
// Servers

interface Server {
  child: ChildProcess;
  port: number;
  origin: string;
  dataDir: string;
  /** Milliseconds from spawn to the first 200 from /readyz. */
  readyMs: number;
  /** CPU time (user + system, all threads) the server had used by then, ms; null off Linux. */
  readyCpuMs: number | null;
  exited: Promise<number | null>;
  /** Error/fatal lines the server has logged so far (pino level ≥ 50). */
  logged: { errors: number };
  /** The demo admin's sign-in, when the server was started with one (`demoAdmin`) and created it. */
  demoAdmin: { email: string; password: string } | null;
}

function serverEnv(
  port: number,
  dataDir: string,
  databaseUrl: string | undefined,
  demoAdmin = false,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  env.PORT = String(port);
  env.HOST = "127.0.0.1";
  env.DATA_DIR = dataDir;
  env.LOG_LEVEL = "warn";
  env.DEMO_ADMIN = demoAdmin ? "true" : "false";
  env.NODE_ENV = "development";
  // Keep sign-up free of the admin shortcut and mail links on someone else's origin.
  delete env.ADMIN_EMAIL;
  delete env.PUBLIC_ORIGIN;
  delete env.SMTP_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

async function startServer(
  label: string,
  dataDir: string,
  databaseUrl?: string,
  opts: { demoAdmin?: boolean } = {},
): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const tail: string[] = [];
  const logged = { errors: 0 };
  let demoAdmin: Server["demoAdmin"] = null;
  let forwarded = 0;
  const keepTail = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      tail.push(line.slice(0, 2_000));
      if (tail.length > 40) tail.shift();
      if (/"level":\s*(50|60)\b/.test(line)) logged.errors++;
      // server.ts: "Demo admin created … Sign in with <email> / <password> (shown once)."
      const admin = /Sign in with (\S+) \/ (\S+) \(shown once\)/.exec(line);
      if (admin?.[1] && admin[2]) demoAdmin = { email: admin[1], password: admin[2] };
      // Forward the first lines only: a failing endpoint under load would flood the terminal.
      if (forwarded < 20) process.stderr.write(`[server ${label}] ${line.slice(0, 600)}\n`);
      else if (forwarded === 20) process.stderr.write(`[server ${label}] … (further lines not shown)\n`);
      forwarded++;
    }
  };

  const t0 = performance.now();
  const { child, exited, exitCode } = spawnNode(
    [path.join(ROOT, "dist/server/main.js")],
    serverEnv(port, dataDir, databaseUrl, opts.demoAdmin),
    keepTail,
    { graceful: true },
  );

  while (true) {
    if (exitCode() !== undefined) {
      throw new Error(`server ${label} exited (code ${exitCode()}) before /readyz answered:\n${tail.join("\n")}`);
    }
    if (performance.now() - t0 > READY_TIMEOUT_MS) {
      await stopServer({ child, exited });
      throw new Error(`server ${label} not ready after ${READY_TIMEOUT_MS} ms:\n${tail.join("\n")}`);
    }
    try {
      const res = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.status === 200) {
        const readyMs = performance.now() - t0;
        return {
          child,
          port,
          origin,
          dataDir,
          readyMs,
          readyCpuMs: cpuMsOf(child.pid),
          exited,
          logged,
          get demoAdmin() {
            return demoAdmin;
          },
        };
      }
    } catch {
      // not listening yet
    }
    await sleep(POLL_MS);
  }
}

/** CPU time (utime + stime of /proc/<pid>/stat) of a process, ms; null when unreadable. */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null; // USER_HZ = 100 on Linux
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Landing route's initial JavaScript

function ensureBuild(force: boolean): { built: boolean; ok: boolean; error?: string } {
  const haveBuild = existsSync(path.join(CLIENT_DIR, "index.html")) && existsSync(SERVER_MAIN);
  if (!force && haveBuild) return { built: false, ok: true };
  log(force ? "building client and server (--build)…" : "no build found: running npm run build…");
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", process.stderr, process.stderr] });
  if (result.status !== 0) return { built: true, ok: false, error: `npm run build exited with ${result.status}` };
  return { built: true, ok: true };
}

/** When dist/client was built, and which client sources changed since (a stale build). */
function buildFreshness(): { builtAt: string | null; sourcesNewerThanBuild: string[] } {
  const index = path.join(CLIENT_DIR, "index.html");
  if (!existsSync(index)) return { builtAt: null, sourcesNewerThanBuild: [] };
  const builtMs = statSync(index).mtimeMs;
  const newer: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (statSync(full).mtimeMs > builtMs) newer.push(path.relative(ROOT, full));
    }
  };
  for (const dir of ["src/client", "src/common"]) {
    if (existsSync(path.join(ROOT, dir))) walk(path.join(ROOT, dir));
  }
  return { builtAt: new Date(builtMs).toISOString(), sourcesNewerThanBuild: newer.slice(0, 20) };
}

interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
  gzipKB: number;
}

function sizeOf(file: string, bytes: Buffer): AssetSize {
  const gzipBytes = gzipSync(bytes, { level: 9 }).length;
  return { file, bytes: bytes.length, gzipBytes, gzipKB: round(gzipBytes / 1024) };
}

function sumKB(sizes: AssetSize[]): { bytes: number; gzipBytes: number; gzipKB: number } {
  const bytes = sizes.reduce((a, s) => a + s.bytes, 0);
  const gzipBytes = sizes.reduce((a, s) => a + s.gzipBytes, 0);
  return { bytes, gzipBytes, gzipKB: round(gzipBytes / 1024) };
}

/** Maps a URL path such as /assets/x.js to the built file, or null when outside dist/client. */
function builtFile(urlPath: string): string | null {
  const file = path.join(CLIENT_DIR, decodeURIComponent(urlPath.split("?")[0] ?? ""));
  if (!file.startsWith(CLIENT_DIR + path.sep) || !existsSync(file)) return null;
  return file;
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/**
 * The entry scripts and modulepreloads of index.html plus, recursively, their static imports
 * (`import{…}from"./x.js"`, `import"./x.js"`, `export{…}from"./x.js"`; not `import("…")`).
 */
function staticEntryGraph(): { js: AssetSize[]; css: AssetSize[] } {
  const html = readFileSync(path.join(CLIENT_DIR, "index.html"), "utf8");
  const entries: string[] = [];
  const css: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attr(tag, "src");
    if (src && attr(tag, "type") === "module") entries.push(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = attr(tag, "rel")?.toLowerCase();
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload") entries.push(href);
    if (rel === "stylesheet") css.push(href);
  }

  const seen = new Set<string>();
  const queue = entries.map((e) => new URL(e, "http://x/").pathname);
  const importRe = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.m?js)["']/g;
  while (queue.length > 0) {
    const urlPath = queue.shift() as string;
    if (seen.has(urlPath)) continue;
    seen.add(urlPath);
    const file = builtFile(urlPath);
    if (!file) continue;
    const code = readFileSync(file, "utf8");
    for (const m of code.matchAll(importRe)) {
      const spec = m[1] as string;
      if (!spec.startsWith(".") && !spec.startsWith("/")) continue;
      queue.push(new URL(spec, `http://x${urlPath}`).pathname);
    }
  }
  const js = [...seen]
    .map((p) => {
      const file = builtFile(p);
      return file ? sizeOf(p, readFileSync(file)) : null;
    })
    .filter((s): s is AssetSize => s !== null);
  const cssSizes = css
    .map((href) => {
      const p = new URL(href, "http://x/").pathname;
      const file = builtFile(p);
      return file ? sizeOf(p, readFileSync(file)) : null;
    })
    .filter((s): s is AssetSize => s !== null);
  return { js, css: cssSizes };
}

interface BrowserMeasure {
  url: string;
  finalUrl: string;
  rootRendered: boolean;
  h1: string | null;
  consoleErrors: string[];
  failedRequests: string[];
  js: AssetSize[];
  css: AssetSize[];
}

async function browserMeasure(origin: string, route: string): Promise<BrowserMeasure> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const context = await browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    const jsPaths = new Map<string, Promise<Buffer | null>>();
    const cssPaths = new Map<string, Promise<Buffer | null>>();
    const consoleErrors: string[] = [];
    const failedRequests: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") consoleErrors.push(msg.text().slice(0, 300));
    });
    page.on("pageerror", (err) => consoleErrors.push(`pageerror: ${err.message.slice(0, 300)}`));
    page.on("requestfailed", (req) => failedRequests.push(`${req.url()} ${req.failure()?.errorText ?? ""}`));
    page.on("response", (res) => {
      const u = new URL(res.url());
      if (u.origin !== origin) return;
      const type = res.request().resourceType();
      const isJs = /\.m?js$/.test(u.pathname) || type === "script";
      const isCss = u.pathname.endsWith(".css") || type === "stylesheet";
      if (!isJs && !isCss) return;
      const target = isJs ? jsPaths : cssPaths;
      if (!target.has(u.pathname))
        target.set(
          u.pathname,
          res.body().catch(() => null),
        );
    });
    const url = `${origin}${route}`;
    await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
    // Let anything scheduled right after idle (requestIdleCallback prefetches) show up too.
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
    const rootRendered = await page.evaluate(() => (document.getElementById("root")?.childElementCount ?? 0) > 0);
    const h1 = await page
      .locator("h1")
      .first()
      .textContent({ timeout: 1_000 })
      .catch(() => null);
    const finalUrl = page.url();

    const measure = async (paths: Map<string, Promise<Buffer | null>>): Promise<AssetSize[]> => {
      const out: AssetSize[] = [];
      for (const [p, body] of paths) {
        const file = builtFile(p);
        const bytes = file ? readFileSync(file) : await body;
        if (bytes) out.push(sizeOf(p, bytes));
      }
      return out.sort((a, b) => b.gzipBytes - a.gzipBytes);
    };
    return {
      url,
      finalUrl,
      rootRendered,
      h1: h1?.trim().slice(0, 120) ?? null,
      consoleErrors: consoleErrors.slice(0, 10),
      failedRequests: failedRequests.slice(0, 10),
      js: await measure(jsPaths),
      css: await measure(cssPaths),
    };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Throughput

async function signUp(origin: string): Promise<string> {
  const suffix = randomBytes(4).toString("hex");
  const res = await fetch(`${origin}/trpc/auth.signUp`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({
      name: "Bench User",
      email: `bench-${suffix}@example.com`,
      password: "Aa1!aaaa",
      activity: "exporter",
      userType: "individual",
    }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`auth.signUp answered ${res.status}: ${text.slice(0, 500)}`);
  const cookies = res.headers.getSetCookie();
  for (const c of cookies) {
    const m = /^session=([^;]*)/.exec(c);
    if (m?.[1]) return `session=${m[1]}`;
  }
  throw new Error(`auth.signUp set no session cookie (set-cookie: ${cookies.join(" | ") || "none"})`);
}

/** Checks the cookie really authenticates, so the benchmark does not time the signed-out path. */
async function checkAuthenticated(origin: string, cookie: string): Promise<void> {
  const res = await fetch(`${origin}/trpc/session.get`, { headers: { cookie } });
  const body = (await res.json()) as { result?: { data?: unknown } };
  const data = body.result?.data as { viewer?: unknown; json?: { viewer?: unknown } } | null | undefined;
  if (res.status !== 200 || !(data?.viewer ?? data?.json?.viewer)) {
    throw new Error(
      `session.get with the cookie did not return a viewer: ${res.status} ${JSON.stringify(body).slice(0, 300)}`,
    );
  }
}

interface LoadFigures {
  url: string;
  requestsPerSec: number;
  requestsPerSecFromTotal: number;
  totalRequests: number;
  latencyMs: { p50: number; p97_5: number; p99: number; avg: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Error lines the server logged during the measured window. */
  serverErrorLogs: number;
}

async function load(
  server: Server,
  urlPath: string,
  opts: Options,
  headers: Record<string, string>,
  label: string,
): Promise<LoadFigures> {
  const url = `${server.origin}${urlPath}`;
  if (opts.warmup > 0) {
    log(`  warm-up ${label} ${opts.warmup}s…`);
    await autocannon({ url, connections: opts.connections, duration: opts.warmup, headers });
  }
  log(`  ${label} ${opts.duration}s × ${opts.connections} connections…`);
  const errorsBefore = server.logged.errors;
  const r: AutocannonResult = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.duration,
    headers,
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats)) statusCodes[code] = stat.count;
  return {
    url: urlPath,
    requestsPerSec: round(r.requests.average, 1),
    requestsPerSecFromTotal: round(r.requests.total / (r.duration || opts.duration), 1),
    totalRequests: r.requests.total,
    latencyMs: {
      p50: r.latency.p50,
      p97_5: r.latency.p97_5,
      p99: r.latency.p99,
      avg: round(r.latency.average),
      max: r.latency.max,
    },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    serverErrorLogs: server.logged.errors - errorsBefore,
  };
}

async function throughput(server: Server, opts: Options) {
  const cookie = await signUp(server.origin);
  await checkAuthenticated(server.origin, cookie);
  const hello = await load(server, "/trpc/hello", opts, {}, "GET /trpc/hello");
  const sessionGet = await load(server, "/trpc/session.get", opts, { cookie }, "GET /trpc/session.get (authenticated)");
  return {
    note: "autocannon runs in this process on the same machine as the server: compare the ratio, not absolute figures, across machines",
    connections: opts.connections,
    durationS: opts.duration,
    warmupS: opts.warmup,
    hello,
    sessionGet,
    ratioAuthenticatedToHello:
      hello.requestsPerSec > 0 ? round(sessionGet.requestsPerSec / hello.requestsPerSec, 3) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Main

// Servers first (gracefully, so PGlite closes its files), then folders and databases.
cleanUpOnSignals(20_000);

/** GETs `urlPath` with `Accept-Encoding: br, gzip` and counts the body bytes as sent. */
function fetchAsSent(origin: string, urlPath: string): Promise<{ bytes: number; encoding: string | null }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${urlPath}`, { headers: { "accept-encoding": "br, gzip" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => {
        if (res.statusCode !== 200) reject(new Error(`${urlPath}: HTTP ${res.statusCode}`));
        else resolve({ bytes, encoding: (res.headers["content-encoding"] as string | undefined) ?? null });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The landing page's initial JS and CSS as the real server sends them to a browser. */
async function wireBytes(origin: string, js: AssetSize[], css: AssetSize[], errors: string[]) {
  try {
    const measure = async (files: AssetSize[]) => {
      const out = [];
      for (const f of files) out.push({ file: f.file, ...(await fetchAsSent(origin, f.file)) });
      return out;
    };
    const jsFiles = await measure(js);
    const cssFiles = await measure(css);
    const kb = (files: { bytes: number }[]) => round(files.reduce((a, f) => a + f.bytes, 0) / 1024);
    return {
      acceptEncoding: "br, gzip",
      jsKB: kb(jsFiles),
      jsBudgetKB: WIRE_JS_BUDGET_KB,
      cssKB: kb(cssFiles),
      cssBudgetKB: WIRE_CSS_BUDGET_KB,
      withinBudget: kb(jsFiles) <= WIRE_JS_BUDGET_KB && kb(cssFiles) <= WIRE_CSS_BUDGET_KB,
      files: [...jsFiles, ...cssFiles],
    };
  } catch (err) {
    errors.push(`wire bytes: ${errorMessage(err)}`);
    return { error: errorMessage(err) };
  }
}

/** Cold and warm start on a fresh Postgres database of DATABASE_URL's server, `runs` times. */
/** `server_version` of the Postgres at `databaseUrl`, or null when it cannot be asked. */
async function postgresVersion(databaseUrl: string): Promise<string | null> {
  const client = new PgClient({ connectionString: databaseUrl });
  client.on("error", () => {});
  try {
    await client.connect();
    const r = await client.query<{ v: string }>("select current_setting('server_version') as v");
    return r.rows[0]?.v ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

async function coldOnPostgres(runs: number, errors: string[]) {
  const databaseUrl = process.env.DATABASE_URL?.trim() as string;
  const cold: number[] = [];
  const warm: number[] = [];
  const coldCpu: number[] = [];
  const warmCpu: number[] = [];
  const admin = new PgClient({ connectionString: databaseUrl });
  admin.on("error", () => {});
  try {
    await admin.connect();
    for (let i = 0; i < runs; i++) {
      const dbName = `export_club_bench_cold_${randomBytes(4).toString("hex")}`;
      await admin.query(`create database "${dbName}"`);
      try {
        const url = new URL(databaseUrl);
        url.pathname = `/${dbName}`;
        for (const [label, ms, cpu] of [
          ["pg-cold", cold, coldCpu],
          ["pg-warm", warm, warmCpu],
        ] as const) {
          const s = await startServer(`${label}${i + 1}`, freshDataDir(), url.toString());
          ms.push(round(s.readyMs, 1));
          if (s.readyCpuMs !== null) cpu.push(s.readyCpuMs);
          await stopServer(s);
        }
        log(
          `  postgres run ${i + 1}: fresh database ${cold[i]} ms (CPU ${coldCpu[i]} ms), migrated ${warm[i]} ms (CPU ${warmCpu[i]} ms)`,
        );
      } finally {
        await admin.query(`drop database if exists "${dbName}" with (force)`);
      }
    }
  } catch (err) {
    errors.push(`cold start postgres: ${errorMessage(err)}`);
  } finally {
    await admin.end().catch(() => {});
  }
  return {
    coldRunsMs: cold,
    coldMedianMs: median(cold),
    warmRunsMs: warm,
    warmMedianMs: median(warm),
    coldCpuMedianMs: median(coldCpu),
    warmCpuMedianMs: median(warmCpu),
    note: "cold: a new database (migrations and seeds run); warm: the same database again",
  };
}

/**
 * Gives the browser listening for DevTools on `port` the cookie `name=value` for `url`'s host, as
 * if it had signed in there (CDP `Storage.setCookies` on the browser target). Lighthouse's storage
 * reset leaves cookies alone, so its run of `url` is signed in; a Cookie header of its
 * `extraHeaders` reached the page's navigation but not the client's `fetch` calls.
 */
async function setBrowserCookie(port: number, url: string, cookie: string): Promise<void> {
  const [name, value] = cookie.split("=", 2) as [string, string];
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () =>
      socket.send(
        JSON.stringify({
          id: 1,
          method: "Storage.setCookies",
          params: { cookies: [{ name, value, domain: new URL(url).hostname, path: "/", httpOnly: true }] },
        }),
      ),
    );
    socket.on("message", (data) => {
      const reply = JSON.parse(String(data)) as { id?: number; error?: { message: string } };
      if (reply.id !== 1) return;
      socket.close();
      if (reply.error) reject(new Error(`Storage.setCookies: ${reply.error.message}`));
      else resolve();
    });
    socket.once("error", reject);
  });
}

/**
 * Lighthouse's mobile preset (its default config) on `url`, LIGHTHOUSE_RUNS times in a fresh
 * headless Chromium each; medians of the performance score and of LCP, TBT and CLS.
 */
async function lighthouseRuns(url: string, cookie?: string) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const runs: { performance: number; lcpMs: number; tbtMs: number; cls: number; fcpMs: number }[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
      chromeFlags: ["--no-sandbox", "--disable-gpu", "--headless=new"],
    });
    try {
      if (cookie) await setBrowserCookie(chrome.port, url, cookie);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error("lighthouse returned no result");
      if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
        throw new Error(`${url} ended on ${lhr.finalDisplayedUrl} (signed out?)`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      runs.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(audit("largest-contentful-paint")),
        tbtMs: Math.round(audit("total-blocking-time")),
        cls: round(audit("cumulative-layout-shift"), 3),
        fcpMs: Math.round(audit("first-contentful-paint")),
      });
      log(`  lighthouse run ${i + 1}: ${JSON.stringify(runs[i])}`);
    } finally {
      chrome.kill();
    }
  }
  const med = (key: keyof (typeof runs)[number]) => median(runs.map((r) => r[key]));
  return {
    preset: "mobile (Lighthouse default: simulated slow 4G, 4× CPU slowdown)",
    url,
    runs,
    median: {
      performance: med("performance"),
      lcpMs: med("lcpMs"),
      tbtMs: med("tbtMs"),
      cls: med("cls"),
      fcpMs: med("fcpMs"),
    },
    targets: cookie ? { performance: 90 } : { performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0.05 },
  };
}

/** POSTs a tRPC mutation as our pages send it; resolves to its data and the cookie it set, if any. */
async function trpcMutation(origin: string, path: string, input: unknown, cookie?: string) {
  const res = await fetch(`${origin}/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(input),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 300)}`);
  const session = res.headers
    .getSetCookie()
    .map((c) => /^session=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  return {
    data: (JSON.parse(text) as { result?: { data?: unknown } }).result?.data,
    cookie: session && `session=${session}`,
  };
}

/**
 * The session cookie of an approved member: a fresh sign-up (pending), approved by the server's
 * demo admin through `approval.review`, as an admin would in the app.
 */
async function approvedMemberCookie(server: Server): Promise<string> {
  const admin = server.demoAdmin;
  if (!admin) throw new Error("the server created no demo admin (started without demoAdmin, or not on a fresh PGlite)");
  const member = await signUp(server.origin);
  const session = await fetch(`${server.origin}/trpc/session.get`, { headers: { cookie: member } });
  const viewer = ((await session.json()) as { result?: { data?: { viewer?: { id?: string } } } }).result?.data?.viewer;
  if (!viewer?.id) throw new Error("the new member's session.get returned no viewer");
  const signedIn = await trpcMutation(server.origin, "auth.signIn", admin);
  if (!signedIn.cookie) throw new Error("auth.signIn as the demo admin set no session cookie");
  await trpcMutation(server.origin, "approval.review", { userId: viewer.id, decision: "approved" }, signedIn.cookie);
  return member;
}

async function main(): Promise<Record<string, unknown>> {
  const opts = parseOptions(process.argv.slice(2));
  const result: Record<string, unknown> = {
    timestamp: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    platform: `${os.platform()} ${os.release()}`,
    loadAvgAtStart: os.loadavg().map((n) => round(n)),
    options: opts,
  };
  const errors: string[] = [];
  onCleanup(async () => {
    if (opts.keep) {
      if (tempDirs.length) log(`kept data folders: ${tempDirs.join(", ")}`);
      return;
    }
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  const runs = (section: Section) => opts.only.includes(section);

  // 1a. Build (every section runs the built server).
  const build = ensureBuild(opts.build);
  result.build = { ...build, ...buildFreshness() };
  const postgresUrl = process.env.DATABASE_URL?.trim();
  result.postgres = postgresUrl && (runs("cold") || runs("throughput")) ? await postgresVersion(postgresUrl) : null;
  const haveClient = existsSync(path.join(CLIENT_DIR, "index.html"));
  if (!build.ok) errors.push(`build: ${build.error}`);

  // 2. Cold and warm start on the embedded database.
  const cold: number[] = [];
  const warm: number[] = [];
  const coldCpu: number[] = [];
  const warmCpu: number[] = [];
  if (runs("cold")) log(`cold start ×${opts.coldRuns} on fresh embedded databases (each followed by a warm start)…`);
  try {
    for (let i = 0; runs("cold") && i < opts.coldRuns; i++) {
      const dir = freshDataDir();
      const s1 = await startServer(`cold${i + 1}`, dir);
      cold.push(round(s1.readyMs, 1));
      if (s1.readyCpuMs !== null) coldCpu.push(s1.readyCpuMs);
      await stopServer(s1);
      const s2 = await startServer(`warm${i + 1}`, dir);
      warm.push(round(s2.readyMs, 1));
      if (s2.readyCpuMs !== null) warmCpu.push(s2.readyCpuMs);
      await stopServer(s2);
      log(`  run ${i + 1}: cold ${cold[i]} ms (CPU ${s1.readyCpuMs} ms), warm ${warm[i]} ms (CPU ${s2.readyCpuMs} ms)`);
    }
  } catch (err) {
    errors.push(`cold start: ${errorMessage(err)}`);
  }
  const coldMedian = median(cold);
  result.coldStartToReadyMs = coldMedian === null ? null : round(coldMedian, 1);
  result.coldStart = !runs("cold")
    ? null
    : {
        database: "pglite",
        pollMs: POLL_MS,
        coldRunsMs: cold,
        coldMedianMs: coldMedian === null ? null : round(coldMedian, 1),
        warmRunsMs: warm,
        warmMedianMs: median(warm) === null ? null : round(median(warm) as number, 1),
        coldCpuRunsMs: coldCpu,
        coldCpuMedianMs: median(coldCpu),
        warmCpuRunsMs: warmCpu,
        warmCpuMedianMs: median(warmCpu),
        note: "spawn of `node dist/server/main.js` (a first start loads the PGlite template, then migrations and seeds run) to the first 200 from /readyz",
        postgres: runs("cold") && process.env.DATABASE_URL?.trim() ? await coldOnPostgres(opts.coldRuns, errors) : null,
      };

  // PGlite server for the browser measurement and the throughput runs.
  let server: Server | null = null;
  if (runs("landing") || runs("throughput") || runs("lighthouse")) {
    try {
      server = await startServer("pglite", freshDataDir(), undefined, { demoAdmin: runs("lighthouse") });
      const s = server;
      onCleanup(() => stopServer(s));
    } catch (err) {
      errors.push(`pglite server: ${errorMessage(err)}`);
    }
  }

  // 1b. Landing route's initial JS.
  if (!runs("landing")) {
    result.landingInitialJsGzipKB = null;
    result.landing = null;
  } else if (haveClient) {
    log(`measuring the initial JS of ${opts.route}…`);
    const graph = staticEntryGraph();
    const graphTotal = sumKB(graph.js);
    let browser: BrowserMeasure | null = null;
    let browserError: string | null = null;
    if (server) {
      try {
        browser = await browserMeasure(server.origin, opts.route);
      } catch (err) {
        browserError = errorMessage(err);
        errors.push(`browser: ${browserError}`);
      }
    } else {
      browserError = "no server";
    }
    const graphSet = new Set(graph.js.map((s) => s.file));
    const js = browser ? browser.js : graph.js;
    const total = sumKB(js);
    const css = browser && browser.css.length > 0 ? browser.css : graph.css;
    const lazyChunks = browser ? browser.js.filter((s) => !graphSet.has(s.file)) : [];
    result.landingInitialJsGzipKB = total.gzipKB;
    result.landing = {
      method: browser
        ? "chromium: every .js response of the page until network idle"
        : `static import graph of index.html only (browser failed: ${browserError})`,
      route: opts.route,
      finalUrl: browser?.finalUrl ?? null,
      rootRendered: browser?.rootRendered ?? null,
      h1: browser?.h1 ?? null,
      budgetKB: BUDGET_KB,
      withinBudget: total.gzipKB <= BUDGET_KB,
      jsGzipKB: total.gzipKB,
      jsBytes: total.bytes,
      jsFiles: js.length,
      files: js,
      lazyChunksBeyondEntryGraph: lazyChunks.map((s) => s.file),
      ...(browser && !browser.rootRendered
        ? { warning: `nothing was rendered into #root — is the ${opts.route} route present?` }
        : {}),
      staticEntryGraph: { gzipKB: graphTotal.gzipKB, bytes: graphTotal.bytes, files: graph.js.length },
      cssGzipKB: sumKB(css).gzipKB,
      cssFiles: css,
      wire: server ? await wireBytes(server.origin, js, css, errors) : null,
      consoleErrors: browser?.consoleErrors ?? [],
      failedRequests: browser?.failedRequests ?? [],
    };
  } else {
    result.landingInitialJsGzipKB = null;
    result.landing = { error: "no client build (dist/client/index.html missing)" };
  }

  // 4. Lighthouse on the landing route.
  if (server && runs("lighthouse")) {
    try {
      result.lighthouse = await lighthouseRuns(`${server.origin}${opts.route}`);
    } catch (err) {
      errors.push(`lighthouse: ${errorMessage(err)}`);
      result.lighthouse = { error: errorMessage(err) };
    }
    const signedIn: Record<string, unknown> = {};
    if (opts.memberRoutes.length > 0) {
      try {
        const cookie = await approvedMemberCookie(server);
        for (const route of opts.memberRoutes) {
          log(`lighthouse on ${route}, signed in as an approved member…`);
          try {
            signedIn[route] = await lighthouseRuns(`${server.origin}${route}`, cookie);
          } catch (err) {
            errors.push(`lighthouse ${route}: ${errorMessage(err)}`);
            signedIn[route] = { error: errorMessage(err) };
          }
        }
      } catch (err) {
        errors.push(`lighthouse signed in: ${errorMessage(err)}`);
        signedIn.error = errorMessage(err);
      }
    }
    result.lighthouseSignedIn = signedIn;
  } else {
    result.lighthouse = null;
    result.lighthouseSignedIn = null;
  }

  // 3. Throughput.
  const throughputResult: Record<string, unknown> = {};
  if (server && runs("throughput")) {
    log("throughput on the embedded database (PGlite)…");
    try {
      throughputResult.pglite = await throughput(server, opts);
    } catch (err) {
      errors.push(`throughput pglite: ${errorMessage(err)}`);
      throughputResult.pglite = { error: errorMessage(err) };
    }
  }

  if (server) await stopServer(server);

  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (databaseUrl && runs("throughput")) {
    log("throughput on Postgres (fresh database)…");
    const dbName = `export_club_bench_${randomBytes(4).toString("hex")}`;
    const admin = new PgClient({ connectionString: databaseUrl });
    admin.on("error", () => {}); // a lost connection rejects the next query instead
    let connected = false;
    let created = false;
    let dropped = false;
    const dropDatabase = async () => {
      if (!connected) return;
      if (created && !dropped) {
        dropped = true;
        await admin.query(`drop database if exists "${dbName}" with (force)`);
        log(`dropped ${dbName}`);
      }
      connected = false;
      await admin.end();
    };
    onCleanup(dropDatabase);
    let pgServer: Server | null = null;
    try {
      await admin.connect();
      connected = true;
      await admin.query(`create database "${dbName}"`);
      created = true;
      log(`created ${dbName}`);
      const url = new URL(databaseUrl);
      url.pathname = `/${dbName}`;
      pgServer = await startServer("postgres", freshDataDir(), url.toString());
      const pgReadyMs = round(pgServer.readyMs, 1);
      throughputResult.postgres = {
        database: dbName,
        startToReadyMs: pgReadyMs,
        ...(await throughput(pgServer, opts)),
      };
    } catch (err) {
      errors.push(`throughput postgres: ${errorMessage(err)}`);
      throughputResult.postgres = { error: errorMessage(err) };
    } finally {
      if (pgServer) await stopServer(pgServer);
      try {
        await dropDatabase();
      } catch (err) {
        errors.push(`drop ${dbName}: ${errorMessage(err)}`);
      }
    }
  } else {
    throughputResult.postgres = null;
  }
  result.throughput = throughputResult;
  const pg = throughputResult.pglite as { ratioAuthenticatedToHello?: number } | undefined;
  result.authenticatedToHelloRatio = pg?.ratioAuthenticatedToHello ?? null;
  result.loadAvgAtEnd = os.loadavg().map((n) => round(n));
  result.errors = errors;
  return result;
}

let exitCode = 0;
let output: Record<string, unknown>;
try {
  output = await main();
} catch (err) {
  exitCode = 1;
  output = { timestamp: new Date().toISOString(), commit: gitCommit(), error: errorMessage(err) };
} finally {
  await cleanup();
}
const files = recordRun("bench", output, {
  raw: (output.options as Options | undefined)?.raw ?? process.argv.includes("--raw"),
});
log(`written to ${files.map((f) => path.relative(ROOT, f)).join(", ")}`);
process.exit(exitCode);
