/**
 * What a benchmark run leaves in git: its headline figures and the conditions it ran under,
 * taken from the full JSON object the benchmark prints. The same functions read the result files
 * of earlier runs (bench/results/history.jsonl was seeded from them), so every field is optional:
 * a figure the output lacks is left out, never written as null.
 *
 * A run is split into sections (the parts a flag can skip: `--only landing`, `--skip-ws`, …).
 * The current result of a benchmark (bench/results/<benchmark>.json) keeps, per section, the last
 * run that measured it; the history keeps one line per run with every section it measured.
 */

/** The benchmarks that record results, with the command that runs each. */
export const BENCHMARKS = {
  bench: "npm run bench (bench/run.ts): landing JS, cold start, throughput, Lighthouse",
  matching: "npm run bench:matching (bench/matching/index.ts): received lists and badges, live badges, analytics",
  faults: "npm run faults (bench/faults.ts): writes and mails while Postgres, SMTP and the app fail",
  "photo-variants": "npx tsx bench/photo-variants.ts <photo> [runs]: the resized copies of an uploaded photo",
} as const;

export type Benchmark = keyof typeof BENCHMARKS;

type Figures = Record<string, unknown>;

/** One run: a line of bench/results/history.jsonl. */
export interface RunRecord {
  /** ISO time the run started. */
  date: string | null;
  /** `git rev-parse --short HEAD`, `-dirty` when the work tree had changes. */
  commit: string | null;
  benchmark: Benchmark;
  /** A free note (`--label`), or the old result file's name for the seeded lines. */
  label?: string;
  /** Machine (CPUs, Node), load average, database, size of the run. */
  conditions: Figures;
  /** Section → its headline figures; a section the run did not measure is absent. */
  headline: Record<string, Figures>;
  /** What went wrong, if anything (the run's `errors`, its `error`, server error logs). */
  errors?: string[];
}

// ── Reading the output ───────────────────────────────────────────────────────────────────

/** The value at `keys` in a parsed JSON object, or undefined. */
function at(obj: unknown, ...keys: string[]): unknown {
  let v = obj;
  for (const k of keys) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** `keys` of `source` (those present). */
function pick(source: unknown, keys: string[]): Figures {
  return Object.fromEntries(keys.map((k) => [k, at(source, k)]));
}

/** A copy without null, undefined and empty objects, at every depth (arrays kept as they are). */
export function compact<T>(value: T): T {
  const o = obj(value);
  if (!o) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    const c = compact(v);
    if (c === null || c === undefined) continue;
    if (obj(c) && Object.keys(c as object).length === 0) continue;
    out[k] = c;
  }
  return out as T;
}

/** `{ target, pass }` of a target entry of bench:matching's `targets`. */
function target(t: unknown): Figures | undefined {
  return obj(t) ? { target: at(t, "target"), pass: at(t, "pass") } : undefined;
}

function errorsOf(out: unknown): string[] {
  const list = Array.isArray(at(out, "errors")) ? (at(out, "errors") as unknown[]).map(String) : [];
  const error = at(out, "error");
  if (typeof error === "string") list.push(error);
  const logged = at(out, "serverErrorLogs");
  if (typeof logged === "number" && logged > 0) list.push(`the server logged ${logged} errors`);
  return list;
}

function record(
  benchmark: Benchmark,
  out: unknown,
  fields: { date: unknown; commit: unknown; conditions: Figures; headline: Record<string, Figures | undefined> },
): RunRecord {
  const label = at(out, "options", "label") ?? at(out, "label");
  const errors = errorsOf(out);
  const headline: Record<string, Figures> = {};
  for (const [section, figures] of Object.entries(fields.headline)) {
    const c = figures && compact(figures);
    if (c && Object.keys(c).length > 0) headline[section] = c;
  }
  return {
    date: typeof fields.date === "string" ? fields.date : null,
    commit: typeof fields.commit === "string" ? fields.commit : null,
    benchmark,
    ...(typeof label === "string" && label ? { label } : {}),
    conditions: compact(fields.conditions),
    headline,
    ...(errors.length ? { errors } : {}),
  };
}

// ── npm run bench ────────────────────────────────────────────────────────────────────────

/** bench/run.ts: sections landing, cold, throughput, lighthouse. */
export function benchRecord(out: unknown): RunRecord {
  const landing = obj(at(out, "landing"));
  const cold = obj(at(out, "coldStart"));
  const lighthouse = at(out, "lighthouse");
  const throughputOn = (db: string) => {
    const t = obj(at(out, "throughput", db));
    if (!t || t.error) return undefined;
    const load = (name: string) => ({
      rps: at(t, name, "requestsPerSec"),
      latencyMs: pick(at(t, name, "latencyMs"), ["p50", "p97_5", "p99"]),
      non2xx: at(t, name, "non2xx"),
    });
    return {
      hello: load("hello"),
      sessionGet: load("sessionGet"),
      ratioAuthenticatedToHello: t.ratioAuthenticatedToHello,
    };
  };
  const coldFigures = (c: unknown) =>
    pick(c, ["coldMedianMs", "warmMedianMs", "coldCpuMedianMs", "warmCpuMedianMs"]) as Figures;
  const postgres = at(out, "postgres");
  const usesPostgres = !!(at(out, "coldStart", "postgres") || at(out, "throughput", "postgres"));
  const ran = (section: string) => {
    const only = at(out, "options", "only");
    return !Array.isArray(only) || only.includes(section);
  };
  const options = at(out, "options");
  return record("bench", out, {
    date: at(out, "timestamp"),
    commit: at(out, "commit"),
    conditions: {
      ...pick(out, ["cpus", "cpuModel", "node", "platform"]),
      loadAvg: { start: at(out, "loadAvgAtStart"), end: at(out, "loadAvgAtEnd") },
      database: usesPostgres
        ? `pglite; cold start and throughput also on postgres${typeof postgres === "string" ? ` ${postgres}` : ""}`
        : "pglite",
      options: {
        ...(ran("landing") || ran("lighthouse") ? pick(options, ["route"]) : {}),
        ...(ran("cold") ? pick(options, ["coldRuns"]) : {}),
        ...(ran("throughput") ? pick(options, ["duration", "warmup", "connections"]) : {}),
      },
    },
    headline: {
      landing:
        landing && typeof landing.jsGzipKB === "number"
          ? {
              route: landing.route,
              jsGzipKB: landing.jsGzipKB,
              jsBudgetKB: landing.budgetKB,
              jsFiles: landing.jsFiles,
              cssGzipKB: landing.cssGzipKB,
              asSent: pick(landing.wire, ["jsKB", "jsBudgetKB", "cssKB", "cssBudgetKB", "withinBudget"]),
              withinBudget: landing.withinBudget,
              measuredInBrowser: typeof landing.method === "string" ? landing.method.startsWith("chromium") : undefined,
            }
          : undefined,
      cold: cold
        ? {
            runs: Array.isArray(cold.coldRunsMs) ? cold.coldRunsMs.length : undefined,
            pglite: coldFigures(cold),
            postgres: cold.postgres ? coldFigures(cold.postgres) : undefined,
          }
        : undefined,
      throughput: { pglite: throughputOn("pglite"), postgres: throughputOn("postgres") },
      lighthouse: obj(at(lighthouse, "median"))
        ? {
            median: at(lighthouse, "median"),
            runs: (at(lighthouse, "runs") as unknown[] | undefined)?.length,
            targets: at(lighthouse, "targets"),
          }
        : undefined,
      lighthouseSignedIn: signedInMedians(at(out, "lighthouseSignedIn")),
    },
  });
}

/** The median of each member route Lighthouse ran signed in (`--member-routes`), or its error. */
function signedInMedians(signedIn: unknown): Record<string, unknown> | undefined {
  const routes = obj(signedIn);
  if (!routes || Object.keys(routes).length === 0) return undefined;
  return Object.fromEntries(
    Object.entries(routes).map(([route, r]) => [
      route,
      obj(at(r, "median")) ? { median: at(r, "median"), runs: (at(r, "runs") as unknown[] | undefined)?.length } : r,
    ]),
  );
}

// ── npm run bench:matching ───────────────────────────────────────────────────────────────

/** bench/matching/index.ts: sections queries (received lists, badges.get), live, analytics. */
export function matchingRecord(out: unknown): RunRecord {
  const t = obj(at(out, "targets")) ?? {};
  const ms = (summary: unknown) => pick(summary, ["p50", "p95", "p99"]);
  const boards = obj(t.boardReceivedP95);
  const live = obj(t.badgeLatencyP95);
  const rss = obj(t.serverRssIdleWithSubscribers);
  const analytics = obj(t.analyticsChartP95);
  const postgres = at(out, "database", "postgres");
  return record("matching", out, {
    date: at(out, "timestamp"),
    commit: at(out, "commit"),
    conditions: {
      ...pick(out, ["cpus", "cpuModel", "node"]),
      loadAvg: {
        start: at(out, "loadAvgAtStart"),
        beforeHttp: at(out, "loadAvgBeforeHttp"),
        beforeLive: at(out, "loadAvgBeforeLive"),
        beforeAnalytics: at(out, "analytics", "loadAvgBefore"),
        end: at(out, "loadAvgAtEnd"),
      },
      database: typeof postgres === "string" ? `postgres ${postgres}` : undefined,
      seed: {
        ...pick(at(out, "options"), ["members", "requests", "responses", "mix"]),
        reusedDatabase: at(out, "database", "reused"),
      },
    },
    headline: {
      queries: t.receivedP95
        ? {
            membershipListMs: ms(at(out, "typicalMember", "receivedMs")),
            badgesGetMs: ms(at(out, "typicalMember", "receivedCountMs")),
            authenticatedFloorMs: ms(at(out, "typicalMember", "authenticatedFloorMs")),
            boardListP95Ms: boards
              ? Object.fromEntries(Object.entries(boards).map(([b, v]) => [b, at(v, "value")]))
              : undefined,
            speedUpOverOldClient: at(t, "speedUp", "value"),
            targets: {
              membershipListP95Ms: target(t.receivedP95),
              badgesGetP95Ms: target(t.receivedCountP95),
              boardListP95Ms: boards
                ? {
                    target: at(Object.values(boards)[0], "target"),
                    pass: Object.values(boards).every((v) => at(v, "pass") === true),
                  }
                : undefined,
              speedUp: target(t.speedUp),
            },
          }
        : undefined,
      live: live
        ? {
            link: at(out, "liveBadges", "link") ?? at(out, "options", "link"),
            subscribers: rss?.subscribers ?? at(out, "options", "subscribers"),
            latencyFromNotifyMs: { p50: live.p50, p95: live.value, p99: live.p99 },
            burstP95Ms: live.burstP95,
            afterIdleP95Ms: live.afterIdleP95,
            offerBoardP95Ms: live.offerBoardP95,
            serverCpuUsPerUpdate: live.serverCpuUsPerUpdate,
            missingUpdates: at(out, "liveBadges", "fanOut", "missingUpdates"),
            unexpectedUpdates: at(out, "liveBadges", "fanOut", "unexpectedUpdates"),
            serverRssIdleMB: rss?.value,
            serverRssIdleAfterGcMB: rss?.afterForcedGc,
            targets: { latencyP95Ms: target(live), serverRssIdleMB: target(rss) },
          }
        : undefined,
      analytics: analytics
        ? {
            worstChartP95Ms: analytics.value,
            chartP95Ms: analytics.byChart,
            targets: { worstChartP95Ms: target(analytics) },
          }
        : undefined,
    },
  });
}

// ── npm run faults ───────────────────────────────────────────────────────────────────────

/** The start of a run that recorded only its end (`at`) and length (older faults.json). */
function startOf(end: unknown, seconds: unknown): string | undefined {
  if (typeof end !== "string") return undefined;
  const t = Date.parse(end) - (typeof seconds === "number" ? seconds * 1000 : 0);
  return Number.isFinite(t) ? new Date(t).toISOString() : undefined;
}

/** bench/faults.ts: one section, faults. */
export function faultsRecord(out: unknown): RunRecord {
  const postgres = at(out, "postgres");
  return record("faults", out, {
    date: at(out, "timestamp") ?? startOf(at(out, "at"), at(out, "seconds")),
    commit: at(out, "commit"),
    conditions: {
      ...pick(out, ["cpus", "cpuModel", "node"]),
      loadAvg: { start: at(out, "loadAvg", "atStart"), end: at(out, "loadAvg", "atEnd") },
      database: `${typeof postgres === "string" ? `postgres ${postgres}` : "postgres"}, a private cluster (initdb, pg_ctl)`,
      members: at(out, "members"),
      restarts: at(out, "recoverySeconds", "restarts"),
      smtpDownSeconds: at(out, "smtpDownSeconds"),
    },
    headline: {
      faults:
        at(out, "writes") !== undefined
          ? {
              processExits: at(out, "processExits"),
              writes: pick(at(out, "writes"), ["acknowledged", "lost"]),
              recoverySeconds: pick(at(out, "recoverySeconds"), ["p50", "max", "withoutRecoveryWithinGap"]),
              errorsDuringOutages: at(out, "errorsDuringOutages"),
              mails: pick(at(out, "mails"), [
                "expected",
                "delivered",
                "sent",
                "duplicated",
                "missing",
                "unexpected",
                "outboxNotSent",
              ]),
              ledgerMismatches: at(out, "ledgerMismatches"),
              leftoverFiles: at(out, "leftoverFiles"),
              appRestartAfterKillSeconds: at(out, "appRestartAfterKillSeconds"),
              seconds: at(out, "seconds"),
            }
          : undefined,
    },
  });
}

// ── bench/photo-variants.ts ──────────────────────────────────────────────────────────────

/** bench/photo-variants.ts: one section per format of the photo given (jpeg, png). */
export function photoVariantsRecord(out: unknown): RunRecord {
  const format = at(out, "original", "format");
  const variants = Array.isArray(at(out, "variants")) ? (at(out, "variants") as unknown[]) : [];
  return record("photo-variants", out, {
    date: at(out, "timestamp"),
    commit: at(out, "commit"),
    conditions: {
      ...pick(out, ["cpus", "cpuModel", "node", "sharp", "vips", "concurrency"]),
      loadAvg: { start: at(out, "loadAvgAtStart"), end: at(out, "loadAvgAtEnd") },
    },
    headline: {
      [typeof format === "string" ? format : "photo"]: {
        photo: at(out, "photo"),
        original: pick(at(out, "original"), ["bytes", "width", "height"]),
        variantBytes: Object.fromEntries(
          variants.map((v) => [`${at(v, "format")} ${at(v, "width")}×${at(v, "height")}`, at(v, "bytes")]),
        ),
        totalVariantBytes: at(out, "totalVariantBytes"),
        renderMs: at(out, "renderMs"),
        peakRssMB: at(out, "peakRssMB"),
      },
    },
  });
}

/** The record of `out`, a full output of `benchmark`. */
export function recordOf(benchmark: Benchmark, out: unknown): RunRecord {
  switch (benchmark) {
    case "bench":
      return benchRecord(out);
    case "matching":
      return matchingRecord(out);
    case "faults":
      return faultsRecord(out);
    case "photo-variants":
      return photoVariantsRecord(out);
  }
}

// ── The current result ───────────────────────────────────────────────────────────────────

/**
 * JSON with two-space indents, but an array of plain values, or an object of plain values that
 * fits in 100 characters, on one line: a current result stays short enough to read.
 */
export function formatJson(value: unknown, indent = ""): string {
  const plain = (v: unknown) => v === null || typeof v !== "object";
  if (Array.isArray(value) && value.every(plain)) return JSON.stringify(value);
  const o = obj(value);
  if (!o && !Array.isArray(value)) return JSON.stringify(value) ?? "null";
  const entries: [string | null, unknown][] = Array.isArray(value)
    ? value.map((v) => [null, v])
    : Object.entries(o as Record<string, unknown>).filter(([, v]) => v !== undefined);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  if (entries.length === 0) return `${open}${close}`;
  const key = (k: string | null) => (k === null ? "" : `${JSON.stringify(k)}: `);
  if (o && entries.every(([, v]) => plain(v))) {
    const line = `{ ${entries.map(([k, v]) => `${key(k)}${JSON.stringify(v)}`).join(", ")} }`;
    if (line.length + indent.length <= 100) return line;
  }
  const inner = `${indent}  `;
  return `${open}\n${entries.map(([k, v]) => `${inner}${key(k)}${formatJson(v, inner)}`).join(",\n")}\n${indent}${close}`;
}

/** A section of a current result: the last run that measured it. */
export interface CurrentSection {
  date: string | null;
  commit: string | null;
  label?: string;
  conditions: Figures;
  figures: Figures;
  errors?: string[];
}

/** bench/results/<benchmark>.json. */
export interface CurrentResult {
  benchmark: Benchmark;
  command: string;
  note: string;
  sections: Record<string, CurrentSection>;
}

/**
 * `current` with the sections `run` measured replaced by the run's figures and conditions (the
 * other sections keep the run that last measured them); a new current result when `current` is
 * null or of another benchmark.
 */
export function mergeCurrent(current: CurrentResult | null, run: RunRecord): CurrentResult {
  const sections = current?.benchmark === run.benchmark ? { ...current.sections } : {};
  for (const [section, figures] of Object.entries(run.headline)) {
    sections[section] = {
      date: run.date,
      commit: run.commit,
      ...(run.label ? { label: run.label } : {}),
      conditions: run.conditions,
      figures,
      ...(run.errors ? { errors: run.errors } : {}),
    };
  }
  return {
    benchmark: run.benchmark,
    command: BENCHMARKS[run.benchmark],
    note:
      "Headline figures of the last run of each section, with that run's date, commit and conditions. " +
      "Every run also appends a line to history.jsonl; its full output goes to raw/ (not tracked) with --raw.",
    sections,
  };
}
