/**
 * The benchmarks' shared harness: options, the server as a child process (start, readiness,
 * memory, stop), statistics, load average, clean-up and the result files (`recordRun`). Used by
 * every benchmark (bench/run.ts, bench/matching/, bench/faults.ts, bench/photo-variants.ts).
 *
 * Times that cross processes (a worker's receive time against this process's NOTIFY time) use
 * `now()`: CLOCK_MONOTONIC in milliseconds, the same clock in every process of the machine.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import NodeWebSocket from "ws";

import { freePort } from "../src/test/cluster";
import { type Benchmark, type CurrentResult, formatJson, mergeCurrent, recordOf } from "./headlines";

export { freePort };

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// ── Small helpers ────────────────────────────────────────────────────────────────────────

/** A logger writing `[tag] message` lines on stderr (stdout carries the JSON result). */
export function logger(tag: string): (message: string) => void {
  return (message) => process.stderr.write(`[${tag}] ${message}\n`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Milliseconds on CLOCK_MONOTONIC: comparable between processes of the same machine. */
export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** The 1, 5 and 15 minute load averages, rounded to 2 digits. */
export function loadAvg(): number[] {
  return os.loadavg().map((n) => round(n));
}

/** `git rev-parse --short HEAD`, with `-dirty` when the work tree has changes; null outside git. */
export function gitCommit(): string | null {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" }).trim().length > 0;
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return null;
  }
}

/** Node version, CPU count and model: the machine a figure was measured on. */
export function machine(): Record<string, unknown> {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
  };
}

// ── Options ──────────────────────────────────────────────────────────────────────────────

type OptionValue = number | string | boolean;

/**
 * Parses `--kebab-name value` / `--kebab-name=value` flags into a copy of `defaults`, whose keys
 * are the camelCase names and whose values give each option's type: numbers must be finite and
 * non-negative (rounded), booleans are set by `--name` and cleared by `--no-name`, strings are
 * taken as given. Throws on an unknown flag or a bad value.
 */
export function parseOptions<T extends Record<string, OptionValue>>(argv: string[], defaults: T): T {
  const opts: Record<string, OptionValue> = { ...defaults };
  const keyOf = new Map(
    Object.keys(defaults).map((k) => [`--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, k]),
  );
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.indexOf("=");
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    const inline = eq >= 0 ? arg.slice(eq + 1) : undefined;
    const negated = flag.startsWith("--no-") ? keyOf.get(`--${flag.slice(5)}`) : undefined;
    if (negated && typeof defaults[negated] === "boolean") {
      opts[negated] = false;
      continue;
    }
    const key = keyOf.get(flag);
    if (!key) throw new Error(`Unknown option ${arg}`);
    const kind = typeof defaults[key];
    if (kind === "boolean") {
      opts[key] = inline === undefined ? true : inline !== "false";
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (kind === "number") {
      const n = Number(value);
      if (!Number.isFinite(n) || n < 0) throw new Error(`${flag} needs a non-negative number`);
      opts[key] = Math.round(n);
    } else opts[key] = value;
  }
  return opts as T;
}

// ── Statistics ───────────────────────────────────────────────────────────────────────────

/** Nearest-rank percentile (`p` in 0–100) of an ascending array; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx] as number;
}

/** Count, percentiles, mean and range of a sample (ms unless said otherwise), 2 digits. */
export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

/** The summary of `values`, or null when there are none. */
export function summarize(values: number[]): Summary | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: round(percentile(s, 50)),
    p95: round(percentile(s, 95)),
    p99: round(percentile(s, 99)),
    mean: round(s.reduce((a, b) => a + b, 0) / s.length),
    min: round(s[0] as number),
    max: round(s[s.length - 1] as number),
  };
}

/** The median of `values` (mean of the middle two for an even count); null when empty. */
export function median(values: number[]): number | null {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return null;
  const mid = Math.floor(s.length / 2);
  return round(s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2);
}

/** Field by field median of several runs' summaries (null runs skipped), with the run count. */
export function medianOfRuns(runs: (Summary | null | undefined)[]): (Summary & { runs: number }) | null {
  const ok = runs.filter((r): r is Summary => !!r);
  if (ok.length === 0) return null;
  const field = (k: keyof Summary) => median(ok.map((r) => r[k])) as number;
  return {
    runs: ok.length,
    n: field("n"),
    p50: field("p50"),
    p95: field("p95"),
    p99: field("p99"),
    mean: field("mean"),
    min: field("min"),
    max: field("max"),
  };
}

// ── Clean-up ─────────────────────────────────────────────────────────────────────────────

const cleanups: Array<() => Promise<void> | void> = [];
const children = new Set<ChildProcess>();
/** The tracked children that clean-up stops gracefully (SIGTERM) before the clean-ups run. */
const servers = new Set<ChildProcess>();
let cleaningUp: Promise<void> | null = null;

/** Registers `fn` to run at clean-up, in reverse order of registration. */
export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}

/**
 * Keeps `child` to be SIGKILLed if it is still running when this process exits. With `graceful`
 * (a server that must close its files, e.g. PGlite), `cleanup()` first stops it with `stopServer`,
 * before the registered clean-ups run.
 */
export function trackChild(child: ChildProcess, opts: { graceful?: boolean } = {}): void {
  children.add(child);
  if (opts.graceful) servers.add(child);
  const forget = () => {
    children.delete(child);
    servers.delete(child);
  };
  child.once("exit", forget);
  child.once("error", forget);
}

function killChildrenNow(): void {
  for (const child of children) {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
}

/**
 * Stops the graceful children (`trackChild`), runs the clean-ups once in reverse order (errors
 * logged, not thrown), then kills the tracked children left.
 */
export function cleanup(): Promise<void> {
  cleaningUp ??= (async () => {
    await Promise.all(
      [...servers].map((child) =>
        stopServer({ child, exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))) }),
      ),
    );
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        process.stderr.write(`[bench] cleanup: ${errorMessage(err)}\n`);
      }
    }
    killChildrenNow();
  })();
  return cleaningUp;
}

/** On SIGINT/SIGTERM: clean up (at most `hardStopMs`), then exit 130. On exit: kill the children left. */
export function cleanUpOnSignals(hardStopMs = 30_000): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      process.stderr.write(`[bench] ${signal}: cleaning up…\n`);
      const hardStop = setTimeout(() => {
        killChildrenNow();
        process.exit(130);
      }, hardStopMs);
      hardStop.unref();
      void cleanup().finally(() => process.exit(130));
    });
  }
  process.on("exit", killChildrenNow);
}

// ── The server as a child process ────────────────────────────────────────────────────────

/**
 * The command line that runs the app: `scripts/start.mjs` when the client is built, otherwise
 * the API alone (`src/server/main.ts` through tsx), so a benchmark never triggers a build.
 */
export function serverArgv(): string[] {
  return existsSync(path.join(ROOT, "dist/client/index.html"))
    ? [path.join(ROOT, "scripts/start.mjs")]
    : ["--import", "tsx", path.join(ROOT, "src/server/main.ts")];
}

/** Polls `origin`/readyz every `intervalMs` until it answers 200; throws after `timeoutMs` or when `gaveUp()` says so. */
export async function waitReady(
  origin: string,
  opts: { timeoutMs: number; intervalMs?: number; gaveUp?: () => string | null },
): Promise<void> {
  const t0 = performance.now();
  while (true) {
    const reason = opts.gaveUp?.();
    if (reason) throw new Error(reason);
    if (performance.now() - t0 > opts.timeoutMs) throw new Error(`not ready within ${opts.timeoutMs / 1000} s`);
    try {
      const res = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(opts.intervalMs ?? 50);
  }
}

export interface ServerOptions {
  databaseUrl: string;
  /** Directory for uploads and mail (the data lives in Postgres). */
  dataDir: string;
  /** Extra environment (wins over the defaults below). */
  env?: NodeJS.ProcessEnv;
  /** Start with `--inspect=127.0.0.1:0`, for a forced GC before heap figures. */
  inspect?: boolean;
  /** Extra Node options, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  readyTimeoutMs?: number;
  /** Lines of the server's output forwarded to stderr (with `[server]`), default 20. */
  forwardLines?: number;
}

export interface BenchServer {
  child: ChildProcess;
  pid: number | undefined;
  port: number;
  origin: string;
  /** Spawn to the first 200 of /readyz (migrations and reference data included), ms. */
  readyMs: number;
  exited: Promise<number | null>;
  /** Error-level log lines counted, and the last 40 lines. */
  logged: { errors: number; tail: string[] };
  /** ws:// address of the server's inspector, when started with `inspect`. */
  inspector: { url: string | null };
}

/**
 * Starts the app on `databaseUrl` as a child process listening on a free loopback port
 * (NODE_ENV=development: cookie `session`, no Secure flag; LOG_LEVEL=warn; no demo admin, no
 * SMTP) and waits for /readyz. Throws with the output's tail if it exits or is not ready in time.
 */
export async function startServer(opts: ServerOptions): Promise<BenchServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const logged = { errors: 0, tail: [] as string[] };
  const inspector: { url: string | null } = { url: null };
  const forwardLines = opts.forwardLines ?? 20;
  let forwarded = 0;
  const keepTail = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      const debuggerUrl = /Debugger listening on (ws:\/\/\S+)/.exec(line)?.[1];
      if (debuggerUrl) {
        inspector.url = debuggerUrl;
        continue;
      }
      if (/^(For help, see: https:\/\/nodejs\.org\/.*inspector|Debugger attached\.|Debugger ending on )/.test(line))
        continue;
      logged.tail.push(line.slice(0, 2_000));
      if (logged.tail.length > 40) logged.tail.shift();
      if (/"level":\s*(50|60)\b/.test(line)) logged.errors++;
      if (forwarded < forwardLines) process.stderr.write(`[server] ${line.slice(0, 600)}\n`);
      else if (forwarded === forwardLines) process.stderr.write("[server] … (further lines not shown)\n");
      forwarded++;
    }
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: opts.databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    NODE_ENV: "development",
    DEMO_ADMIN: "false",
    DATA_DIR: opts.dataDir,
    // Every bench client connects from 127.0.0.1 (the matching bench opens 2,000 WebSockets).
    WS_MAX_PER_IP: "100000",
    ...opts.env,
  };
  for (const key of ["ADMIN_EMAIL", "PUBLIC_ORIGIN", "SMTP_URL"]) if (!opts.env?.[key]) delete env[key];

  const t0 = performance.now();
  const nodeArgs = [...(opts.inspect ? ["--inspect=127.0.0.1:0"] : []), ...(opts.nodeArgs ?? [])];
  const { child, exited, exitCode } = spawnNode([...nodeArgs, ...serverArgv()], env, keepTail);
  const server: BenchServer = {
    child,
    pid: child.pid,
    port,
    origin,
    readyMs: 0,
    exited,
    logged,
    inspector,
  };
  try {
    await waitReady(origin, {
      timeoutMs: opts.readyTimeoutMs ?? 180_000,
      gaveUp: () => (exitCode() === undefined ? null : `server exited (code ${exitCode()}) before /readyz answered`),
    });
  } catch (err) {
    await stopServer(server);
    throw new Error(`${errorMessage(err)}:\n${logged.tail.join("\n")}`);
  }
  server.readyMs = performance.now() - t0;
  return server;
}

/**
 * Spawns `node <args>` in ROOT with its output piped (each chunk to `onOutput`) and tracked
 * (`trackChild`, `graceful` as given). `exited` resolves with the exit code (null when it could
 * not start); `exitCode()` is undefined while it runs.
 */
export function spawnNode(
  args: string[],
  env: NodeJS.ProcessEnv,
  onOutput: (chunk: Buffer) => void,
  opts: { graceful?: boolean } = {},
): { child: ChildProcess; exited: Promise<number | null>; exitCode: () => number | null | undefined } {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  trackChild(child, opts);
  child.stdout?.on("data", onOutput);
  child.stderr?.on("data", onOutput);
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.once("error", () => resolve(null));
  });
  let code: number | null | undefined;
  void exited.then((c) => {
    code = c;
  });
  return { child, exited, exitCode: () => code };
}

/** SIGTERM, then SIGKILL after `graceMs` (default 12 s); resolves once the process is gone. */
export async function stopServer(server: Pick<BenchServer, "child" | "exited">, graceMs = 12_000): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const done = await Promise.race([server.exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (!done) {
    child.kill("SIGKILL");
    await Promise.race([server.exited, sleep(3_000)]);
  }
}

// ── Memory ───────────────────────────────────────────────────────────────────────────────

/** VmRSS and VmHWM (peak) of a process, in MB (Linux); null elsewhere or when it is gone. */
export function memoryOf(pid: number | undefined): { rssMB: number; peakRssMB: number } | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    return { rssMB: round(kb("VmRSS") / 1024, 1), peakRssMB: round(kb("VmHWM") / 1024, 1) };
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat (Linux; the
 * kernel counts in ticks of 10 ms); null elsewhere or when it is gone.
 */
export function cpuTimeMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may contain spaces) start at field 3 (state).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
  } catch {
    return null;
  }
}

/** USER_HZ: 100 on every Linux build this runs on. */
const CLOCK_TICKS = 100;

export interface MemoryFigures {
  rssMB: number;
  peakRssMB: number;
  /** After a full GC forced through the inspector (null without it). */
  afterGc: { rssMB: number; heapUsedMB: number; heapTotalMB: number; externalMB: number } | null;
}

/** Raw RSS first, then (through the server's inspector, if any) a full GC and the heap figures. */
export async function serverMemory(server: Pick<BenchServer, "pid" | "inspector">): Promise<MemoryFigures | null> {
  const raw = memoryOf(server.pid);
  if (!raw) return null;
  const url = server.inspector.url;
  if (!url) return { ...raw, afterGc: null };
  let afterGc: MemoryFigures["afterGc"] = null;
  const ws = new NodeWebSocket(url);
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    let nextId = 0;
    const waiting = new Map<number, (m: Record<string, unknown>) => void>();
    ws.on("message", (data) => {
      const m = JSON.parse(String(data)) as Record<string, unknown>;
      if (typeof m.id === "number") waiting.get(m.id)?.(m);
    });
    const call = (method: string, params?: Record<string, unknown>) =>
      Promise.race([
        new Promise<Record<string, unknown>>((resolve) => {
          const id = ++nextId;
          waiting.set(id, resolve);
          ws.send(JSON.stringify({ id, method, params }));
        }),
        sleep(15_000).then(() => {
          throw new Error(`inspector ${method} timed out`);
        }),
      ]);
    await call("HeapProfiler.collectGarbage");
    await sleep(500);
    const r = await call("Runtime.evaluate", {
      expression: "JSON.stringify(process.memoryUsage())",
      returnByValue: true,
    });
    const value = ((r.result as { result?: { value?: string } } | undefined)?.result?.value ?? "{}") as string;
    const mu = JSON.parse(value) as { rss: number; heapUsed: number; heapTotal: number; external: number };
    const mb = (n: number) => round(n / 1024 / 1024, 1);
    afterGc = {
      rssMB: mb(mu.rss),
      heapUsedMB: mb(mu.heapUsed),
      heapTotalMB: mb(mu.heapTotal),
      externalMB: mb(mu.external),
    };
  } catch (err) {
    process.stderr.write(`[bench] inspector: ${errorMessage(err)}\n`);
  } finally {
    ws.close();
  }
  return { ...raw, afterGc };
}

// ── Results ──────────────────────────────────────────────────────────────────────────────

/**
 * bench/results/ holds, tracked in git, each benchmark's current result (`<benchmark>.json`:
 * headline figures and conditions per section, bench/headlines.ts) and `history.jsonl` (one line
 * per run, appended); `raw/` (ignored by git) the full output of the runs made with `--raw`.
 */
export const RESULTS_DIR = path.join(ROOT, "bench/results");
export const HISTORY_FILE = path.join(RESULTS_DIR, "history.jsonl");
export const RAW_DIR = path.join(RESULTS_DIR, "raw");

/** Path of a benchmark's current result: bench/results/<benchmark>.json. */
export function resultPath(benchmark: Benchmark): string {
  return path.join(RESULTS_DIR, `${benchmark}.json`);
}

function readCurrent(file: string): CurrentResult | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as CurrentResult;
  } catch {
    return null;
  }
}

/**
 * Records a finished run of `benchmark` from its full `output`: prints the output on stdout (all
 * of it, as one JSON object), updates bench/results/<benchmark>.json with the sections the run
 * measured, appends the run's line to bench/results/history.jsonl and, with `raw`, writes the
 * output to bench/results/raw/<benchmark>-<date>[-<label>].json. Returns the files written.
 */
export function recordRun(benchmark: Benchmark, output: unknown, opts: { raw: boolean }): string[] {
  process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
  const run = recordOf(benchmark, output);
  const current = resultPath(benchmark);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(current, `${formatJson(mergeCurrent(readCurrent(current), run))}\n`);
  appendFileSync(HISTORY_FILE, `${JSON.stringify(run)}\n`);
  const written = [current, HISTORY_FILE];
  if (opts.raw) {
    const stamp = (run.date ?? new Date().toISOString()).replace(/\.\d+Z$/, "Z").replace(/:/g, "-");
    const label = run.label ? `-${run.label.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 60)}` : "";
    const file = path.join(RAW_DIR, `${benchmark}-${stamp}${label}.json`);
    mkdirSync(RAW_DIR, { recursive: true });
    writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
    written.push(file);
  }
  return written;
}
