/**
 * Two app processes behind one load balancer share their uploads (issue #16 §4, ADR 0018): two
 * real server processes (`node src/server/main.ts` through tsx, as startup.test.ts runs it), each
 * with a DATA_DIR of its own but one Postgres database (a fresh one on DATABASE_URL's server) and
 * one bucket on an S3 API server started here (`@20minutes/s3rver`). A file uploaded through one
 * downloads, whole and by a byte range, through the other; a profile photo's copies made by one
 * are served by the other. Needs DATABASE_URL (the embedded database is one process's own).
 * Also: a process told to use S3 without a bucket stops at once with one line naming it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, multipartBody, padTo, SAMPLE_FILES } from "../../test/app";
import { createSession, sessionCookieName } from "../auth/session";
import { type Database, openDatabase } from "../db/client";
import { PROJECT_ROOT } from "../paths";
import { startTestS3, type TestS3 } from "./s3-test-server";

const ADMIN_URL = process.env.DATABASE_URL?.trim() || undefined;
const START_TIMEOUT_MS = 240_000;

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  origin: string;
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as { port: number };
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/** Starts `main.ts` with `env` and waits until its /readyz answers 200. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(PROJECT_ROOT, "src/server/main.ts")], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
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
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    try {
      if ((await fetch(`${origin}/readyz`)).status === 200) return { child, port, origin, output: () => out };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`server not ready:\n${out}`);
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

describe.runIf(ADMIN_URL)("two app processes, one database, one bucket", () => {
  const dbName = `export_club_shared_storage_${Date.now()}_${process.pid}`;
  const tempDirs: string[] = [];
  let s3: TestS3;
  let database: Database;
  let one: Server;
  let two: Server;
  let cookie: string;

  beforeAll(
    async () => {
      s3 = await startTestS3();
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`create database "${dbName}"`);
      await admin.end();
      const url = new URL(ADMIN_URL!);
      url.pathname = `/${dbName}`;
      const env = { ...s3.env(), DATABASE_URL: url.toString() };
      const dataDir = () => {
        const dir = mkdtempSync(path.join(os.tmpdir(), "export-club-shared-"));
        tempDirs.push(dir);
        return dir;
      };
      // One after the other: the first applies the migrations, the second finds them applied.
      one = await startServer({ ...env, DATA_DIR: dataDir() });
      two = await startServer({ ...env, DATA_DIR: dataDir() });

      database = await openDatabase({ url: url.toString(), dataDir: "unused", poolSize: 1 });
      const member = await createUser(database.db, { status: "approved" });
      const { token } = await createSession(database.db, member.id);
      cookie = `${sessionCookieName(false)}=${token}`;
    },
    2 * START_TIMEOUT_MS + 30_000,
  );

  afterAll(async () => {
    await Promise.all([stopServer(one), stopServer(two)]);
    await database?.close();
    await s3?.stop();
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }, 60_000);

  async function upload(server: Server, purpose: string, fileName: string, content: Buffer) {
    const { payload, headers } = multipartBody({ fileName, content });
    const res = await fetch(`${server.origin}/api/files?purpose=${purpose}`, {
      method: "POST",
      headers: { ...headers, cookie, origin: server.origin, "sec-fetch-site": "same-origin" },
      body: new Uint8Array(payload),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { id: string; url: string };
  }

  const download = (server: Server, url: string, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}${url}`, { headers: { cookie, ...headers } });

  it("a file uploaded through one process downloads, whole and by a byte range, through the other", async () => {
    const content = padTo(SAMPLE_FILES.pdf, 200_000);
    const { url } = await upload(one, "attachment", "shared.pdf", content);
    expect((await s3.keys()).length).toBeGreaterThan(0);

    const whole = await download(two, url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("application/pdf");
    expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
    expect(whole.headers.get("content-disposition")).toBe("inline; filename*=UTF-8''shared.pdf");
    expect(Buffer.from(await whole.arrayBuffer()).equals(content)).toBe(true);

    const part = await download(two, url, { range: "bytes=100000-100099" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100000-100099/${content.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(content.subarray(100_000, 100_100))).toBe(true);

    // And the other way round.
    const back = await upload(two, "attachment", "back.png", SAMPLE_FILES.png);
    const got = await download(one, back.url, { range: "bytes=0-3" });
    expect(got.status).toBe(206);
    expect(Buffer.from(await got.arrayBuffer()).equals(SAMPLE_FILES.png.subarray(0, 4))).toBe(true);
  }, 60_000);

  it("a profile photo's copies made by one process are served by the other", async () => {
    const photo = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#0a6" } })
      .jpeg()
      .toBuffer();
    const { url } = await upload(one, "profile_photo", "me.jpg", photo);
    const copy = await download(two, `${url}?w=64`, { accept: "image/avif,image/webp" });
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-type")).toBe("image/avif");
    expect((await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).width).toBe(64);
  }, 60_000);
});

describe("a process started with STORAGE_DRIVER=s3 but no bucket", () => {
  it("stops at once with exit code 1 and one line naming S3_BUCKET", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(PROJECT_ROOT, "src/server/main.ts")], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NODE_ENV: "test", STORAGE_DRIVER: "s3", S3_BUCKET: "", DATABASE_URL: undefined },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr?.on("data", (c: Buffer) => {
      out += c.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code, out).toBe(1);
    const lines = out.split("\n").filter((l) => l.trim() && !/Warning|--trace-warnings/.test(l));
    expect(lines).toEqual(["Invalid configuration: S3_BUCKET: required when STORAGE_DRIVER=s3"]);
  }, 60_000);
});
