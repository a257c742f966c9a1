/**
 * The process as operators meet it (issue #11 §5), each case a real `node src/server/main.ts`
 * (through tsx): a wrong setting stops the start with exit code 1 and ONE line naming the
 * setting, no stack trace; a SIGTERM while a slow upload is still sending and an idle
 * keep-alive connection is open ends with exit code 0 before the 10 s failsafe; tokens in
 * query strings do not reach the log. Uses a fresh database on the Postgres of DATABASE_URL
 * when set, else the embedded database in a temporary folder.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "./paths";

const ADMIN_URL = process.env.DATABASE_URL?.trim() || undefined;
const START_TIMEOUT_MS = 240_000;
const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "export-club-startup-"));
  tempDirs.push(dir);
  return dir;
};

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(env: Record<string, string | undefined>): Run {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(PROJECT_ROOT, "src/server/main.ts")], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: undefined,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      DEMO_ADMIN: "false",
      SMTP_URL: undefined,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Runs the server with `env`, expecting it to stop at once; returns its output's lines. */
async function failedStart(env: Record<string, string | undefined>): Promise<string[]> {
  const r = run(env);
  const code = await r.exited;
  expect(code, r.output()).toBe(1);
  return r
    .output()
    .split("\n")
    .filter((l) => l.trim() && !l.includes("ExperimentalWarning") && !l.includes("--trace-warnings"))
    .filter((l) => !isRoutineLogLine(l));
}

/** A JSON log line below error level (for example the warning of a missing client build). */
function isRoutineLogLine(line: string): boolean {
  try {
    const entry = JSON.parse(line) as { level?: unknown };
    return typeof entry.level === "number" && entry.level < 50;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as { port: number };
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/** A fresh database on DATABASE_URL's server (dropped in afterAll), or undefined without one. */
const databases: string[] = [];
async function freshDatabaseUrl(): Promise<string | undefined> {
  if (!ADMIN_URL) return undefined;
  const name = `export_club_startup_${Date.now()}_${process.pid}_${databases.length}`;
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(`create database "${name}"`);
  await client.end();
  databases.push(name);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  if (!ADMIN_URL || databases.length === 0) return;
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  for (const name of databases) await client.query(`drop database if exists "${name}" with (force)`);
  await client.end();
});

describe("a well-formed but wrong setting stops the start with one line naming it", () => {
  it("SMTP_URL that is not smtp:// or smtps://", async () => {
    const lines = await failedStart({ SMTP_URL: "http://mail.example.com", DATA_DIR: tempDir() });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
  }, 180_000);

  it("DATABASE_URL whose server cannot be reached", async () => {
    const port = await freePort();
    const lines = await failedStart({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/x`, DATA_DIR: tempDir() });
    expect(lines).toEqual([`DATABASE_URL: cannot reach the database server 127.0.0.1:${port}/x (ECONNREFUSED).`]);
  }, 180_000);

  it.runIf(ADMIN_URL)(
    "DATABASE_URL naming a database that does not exist",
    async () => {
      const url = new URL(ADMIN_URL as string);
      url.pathname = "/export_club_no_such_database";
      const lines = await failedStart({ DATABASE_URL: url.toString(), DATA_DIR: tempDir() });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^DATABASE_URL: database "export_club_no_such_database" does not exist/);
    },
    180_000,
  );

  it("DATA_DIR that cannot be written (a path under a file)", async () => {
    const dataDir = path.join(PROJECT_ROOT, "package.json", "data");
    const lines = await failedStart({ DATA_DIR: dataDir });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^DATA_DIR: .*package\.json\/data is not a writable folder \(ENOTDIR/);
  }, 180_000);
});

describe("a running server", () => {
  let server: Run;
  let port: number;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    port = await freePort();
    env = { PORT: String(port), DATA_DIR: tempDir(), DATABASE_URL: await freshDatabaseUrl() };
    server = run(env);
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`server not ready:\n${server.output()}`);
  }, START_TIMEOUT_MS + 10_000);

  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill("SIGKILL");
  });

  it.runIf(ADMIN_URL)(
    "a second process on the same PORT stops with one line naming it",
    async () => {
      const lines = await failedStart({ ...env, DATA_DIR: tempDir() });
      expect(lines).toEqual([`PORT: ${port} is already in use on 127.0.0.1 (another process listens there).`]);
    },
    120_000,
  );

  it("does not log the token of /confirm-email?token=…", async () => {
    const secret = "s3cr3t-token-value";
    await fetch(`http://127.0.0.1:${port}/confirm-email?token=${secret}&lang=fa`, { headers: { accept: "text/html" } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.output()).toContain("/confirm-email?token=[redacted]&lang=fa");
    expect(server.output()).not.toContain(secret);
  }, 30_000);

  it("SIGTERM during a slow upload, with an idle keep-alive connection open, exits 0 before the failsafe", async () => {
    // An idle keep-alive connection: one finished request, the socket kept open.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    await new Promise<void>((resolve, reject) => {
      request({ host: "127.0.0.1", port, path: "/healthz", agent }, (res) => {
        res.resume();
        res.on("end", resolve);
      })
        .on("error", reject)
        .end();
    });
    // A slow upload: headers and a first part of a 1 MB body, the rest never sent.
    const upload = request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/files",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(1024 * 1024),
        origin: `http://127.0.0.1:${port}`,
        "sec-fetch-site": "same-origin",
      },
    });
    upload.on("error", () => {}); // the server closes it
    upload.write("--x\r\n");
    await new Promise((resolve) => setTimeout(resolve, 300));

    const t0 = Date.now();
    server.child.kill("SIGTERM");
    const code = await server.exited;
    const ms = Date.now() - t0;
    agent.destroy();
    expect(code, server.output()).toBe(0);
    expect(ms).toBeLessThan(9_000);
  }, 30_000);
});
