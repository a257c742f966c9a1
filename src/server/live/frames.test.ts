/**
 * A WebSocket frame over the size limit (`WS_MAX_PAYLOAD_BYTES`) ends that socket with close code
 * 1009 and leaves one warning line in the log, without a stack and without an error-level line
 * (docs/architecture.md, Security model: an oversized frame is the client's doing, not a server fault).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { createUser } from "../../test/app";
import { createTestDatabase, type TestDatabase } from "../../test/db";
import { buildApp, WS_MAX_PAYLOAD_BYTES } from "../app";
import { createSession, sessionCookieName } from "../auth/session";
import { loadConfig } from "../config";
import { EventBus } from "./events";

let testDb: TestDatabase;
let events: EventBus;
let app: FastifyInstance;
let dataDir: string;
let port: number;
let cookie: string;
const lines: { level: number; msg?: string; err?: unknown; stack?: string }[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "export-club-frames-"));
  testDb = await createTestDatabase();
  events = new EventBus();
  await events.start(testDb.database);
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "info" });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp(
    { database: testDb.database, config, events },
    { logger: { stream }, clientDir: "/nonexistent" },
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as { port: number }).port;
  const user = await createUser(testDb.database.db, { status: "approved" });
  const { token } = await createSession(testDb.database.db, user.id);
  cookie = `${sessionCookieName(config.isProduction)}=${token}`;
});

afterAll(async () => {
  await app?.close();
  await events?.stop();
  await testDb?.close();
  await rm(dataDir, { recursive: true, force: true });
});

it("a frame over the limit ends its socket with 1009 and logs one warning line, no error", async () => {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/trpc`, {
    headers: { origin: `http://127.0.0.1:${port}`, cookie },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
  socket.send(Buffer.alloc(WS_MAX_PAYLOAD_BYTES + 1, 0x61));
  expect(await closed).toBe(1009);
  await expect.poll(() => lines.filter((l) => /frame over/.test(l.msg ?? "")).length).toBe(1);
  const warning = lines.find((l) => /frame over/.test(l.msg ?? ""));
  expect(warning).toMatchObject({ level: 40, msg: `WebSocket frame over ${WS_MAX_PAYLOAD_BYTES} bytes refused` });
  expect(warning?.err).toBeUndefined();
  expect(lines.filter((l) => l.level >= 50)).toEqual([]);
});
