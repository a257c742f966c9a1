/**
 * The end-to-end web server (playwright.config.ts `webServer.command`): the built server on a
 * fresh database, removed again when Playwright stops it.
 *
 * - DATABASE_URL set: creates `export_club_e2e_<timestamp>_<pid>` on that server, runs the
 *   server on it and drops it at shutdown. Databases of earlier runs that were killed before
 *   they could clean up (older than six hours) are dropped on the way in.
 * - DATABASE_URL unset: embedded PGlite in a fresh temporary DATA_DIR.
 * In both cases DATA_DIR (mail files, uploads) is a fresh temporary folder, removed at shutdown.
 *
 * Why here and not in a Playwright globalSetup: Playwright (1.65) starts `webServer` before it
 * runs globalSetup (plugin setup precedes global setup in the runner), and tears the server
 * down after globalTeardown; so the server's database has to be made where the server starts.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PREFIX = "export_club_e2e_";
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;
const STOP_TIMEOUT_MS = 10_000;

const log = (message) => console.log(`[e2e server] ${message}`);
const adminUrl = process.env.DATABASE_URL || undefined;
const env = { ...process.env };

const dataDir = mkdtempSync(path.join(os.tmpdir(), "export-club-e2e-"));
env.DATA_DIR = dataDir;

/** Runs `work` with a one-connection client on the maintenance database of DATABASE_URL. */
async function withAdmin(work) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  client.on("error", () => {}); // a lost connection rejects the next query instead
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops e2e databases left behind by runs that were killed (their names carry the time). */
async function sweepStale(client) {
  const { rows } = await client.query("select datname from pg_database where datname like $1", [`${PREFIX}%`]);
  for (const { datname } of rows) {
    const createdAt = Number(datname.slice(PREFIX.length).split("_")[0]);
    if (!Number.isFinite(createdAt) || Date.now() - createdAt < STALE_AFTER_MS) continue;
    try {
      await client.query(`drop database if exists "${datname}"`);
      log(`dropped stale database ${datname}`);
    } catch (err) {
      log(`could not drop stale database ${datname}: ${err.message}`);
    }
  }
}

let dbName;
if (adminUrl) {
  dbName = `${PREFIX}${Date.now()}_${process.pid}`;
  await withAdmin(async (client) => {
    await sweepStale(client);
    await client.query(`create database "${dbName}"`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  env.DATABASE_URL = url.toString();
  log(`fresh Postgres database ${dbName}; DATA_DIR ${dataDir}`);
} else {
  delete env.DATABASE_URL;
  log(`fresh PGlite database in ${dataDir}`);
}

let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  if (dbName) {
    try {
      await withAdmin(async (client) => {
        try {
          await client.query(`drop database if exists "${dbName}" with (force)`);
        } catch {
          await client.query(`drop database if exists "${dbName}"`); // Postgres before 13
        }
      });
      log(`dropped database ${dbName}`);
    } catch (err) {
      log(`could not drop database ${dbName}: ${err.message}`);
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}

// The real server plus the e2e login route (server.ts), run through tsx (a test-only entry;
// `npm start` runs the bundled dist/server/main.js).
const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "e2e/support/server.ts")], {
  cwd: root,
  env,
  stdio: "inherit",
});
const exited = new Promise((resolve) => server.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  const timer = setTimeout(() => server.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
  await cleanUp();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

// The server ended on its own (failed start or crash): clean up and pass its exit code on.
const code = await exited;
if (!stopping) {
  await cleanUp();
  process.exit(code === 0 ? 1 : code);
}
