/**
 * A Postgres restart or outage never ends the process (issue #10 §2, ADR 0010), on a private
 * cluster of this test's own (`src/test/cluster.ts`; skipped where PostgreSQL's server is not
 * installed):
 * - fast restarts under a transactional write load: no unhandled error, no acknowledged write
 *   lost, writes succeed again within 5 s of the server accepting connections, and the event
 *   bus's LISTEN connection comes back (one `bus.reconnected` per restart, events flow again);
 * - while the server is stopped: tRPC and /api answer 503 with `Msg.serviceUnavailable`,
 *   /readyz answers 503; after it starts, writes and /readyz recover within 5 s;
 * - a mail accepted by the mail server while Postgres restarts is recorded as sent once the
 *   server is back, and not sent again.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { findPgBin, type PrivateCluster, startPrivateCluster } from "../../test/cluster";
import { buildApp } from "../app";
import { createSession } from "../auth/session";
import { loadConfig } from "../config";
import { type AppEvent, EventBus, publish } from "../live/events";
import { enqueueMail } from "../mail/outbox";
import type { MailTransport, OutgoingMail } from "../mail/transport";
import { startMailWorker } from "../mail/worker";
import { type Database, migrateDatabase, openDatabase } from "./client";
import { emailOutbox, profiles, securityEvents, users } from "./schema";
import { seedReferenceData } from "./seed/reference";

const RESTARTS = 3;
const WRITERS = 8;
const RECOVERY_LIMIT_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(findPgBin())("a private Postgres that restarts and stops", () => {
  let cluster: PrivateCluster;
  let database: Database;
  let events: EventBus;
  let app: FastifyInstance;
  let dataDir: string;
  let token: string;
  const reported: string[] = [];
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    process.on("uncaughtException", onUncaught);
    process.on("unhandledRejection", onUncaught);
    cluster = await startPrivateCluster({ settings: { fsync: "off" } });
    database = await openDatabase({
      url: cluster.url,
      dataDir: "unused",
      poolSize: 4,
      onError: (err, source) => reported.push(`${source}: ${err.message}`),
    });
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    events = new EventBus();
    await events.start(database);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "export-club-outage-"));
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
    app = await buildApp({ database, config, events }, { logger: false, clientDir: "/nonexistent" });
    await app.ready();
    const [user] = await database.db
      .insert(users)
      .values({ email: "outage@example.com", passwordHash: "unused" })
      .returning({ id: users.id });
    if (!user) throw new Error("no user");
    await database.db.insert(profiles).values({
      userId: user.id,
      name: "Outage Tester",
      activities: ["exporter"],
      userType: "individual",
      approvalStatus: "approved",
    });
    token = (await createSession(database.db, user.id)).token;
  }, 120_000);

  afterAll(async () => {
    await app?.close().catch(() => {});
    await events?.stop().catch(() => {});
    await database?.close().catch(() => {});
    await cluster?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    process.off("uncaughtException", onUncaught);
    process.off("unhandledRejection", onUncaught);
  });

  /** One acknowledged write: a transaction that inserts a row and NOTIFYs, as the app's writes do. */
  async function write(tag: string): Promise<number> {
    return database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(securityEvents)
        .values({ eventType: "outage_test", eventDetails: { tag } })
        .returning({ id: securityEvents.id });
      await publish(tx, { type: "offers.changed", userIds: [] });
      if (!row) throw new Error("no row");
      return row.id;
    });
  }

  it(`survives ${RESTARTS} fast restarts under load: nothing acknowledged is lost, writes and LISTEN come back`, async () => {
    const acknowledged: number[] = [];
    const successesAt: number[] = [];
    let failures = 0;
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        try {
          acknowledged.push(await write(`w${w}-${i}`));
          successesAt.push(Date.now());
        } catch {
          failures++;
          await sleep(20);
        }
      }
    };
    const reconnects: AppEvent[] = [];
    const off = events.on(["bus.reconnected"], (e) => reconnects.push(e));
    const load = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    const recoveries: number[] = [];
    try {
      await sleep(500);
      for (let r = 0; r < RESTARTS; r++) {
        await cluster.restart();
        const readyAt = Date.now();
        const deadline = readyAt + RECOVERY_LIMIT_MS;
        while (!successesAt.some((t) => t >= readyAt) && Date.now() < deadline) await sleep(20);
        const first = successesAt.find((t) => t >= readyAt);
        recoveries.push(first === undefined ? Number.POSITIVE_INFINITY : first - readyAt);
        await sleep(1_500);
      }
    } finally {
      stop = true;
      await load;
      off();
    }
    expect(uncaught).toEqual([]);
    expect(failures).toBeGreaterThan(0); // the restarts did hit the load
    expect(
      recoveries.every((ms) => ms <= RECOVERY_LIMIT_MS),
      `recovery ms: ${recoveries}`,
    ).toBe(true);
    const stored = new Set(
      (
        await database.db
          .select({ id: securityEvents.id })
          .from(securityEvents)
          .where(inArray(securityEvents.id, acknowledged))
      ).map((r) => r.id),
    );
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // The LISTEN connection came back after every restart, and carries events again.
    const deadline = Date.now() + RECOVERY_LIMIT_MS;
    while (reconnects.length < RESTARTS && Date.now() < deadline) await sleep(20);
    expect(reconnects).toHaveLength(RESTARTS);
    const ac = new AbortController();
    const stream = events.stream(["member.changed"], ac.signal);
    try {
      await publish(database.db, { type: "member.changed", userIds: ["after-restarts"] });
      const next = await Promise.race([stream.next(), sleep(RECOVERY_LIMIT_MS).then(() => null)]);
      expect(next?.value).toEqual({ type: "member.changed", userIds: ["after-restarts"] });
    } finally {
      ac.abort();
    }
    // Lost idle connections were reported, not thrown.
    expect(reported.length).toBeGreaterThan(0);
  }, 120_000);

  it("answers 503 with the clear message while the server is stopped, and recovers within 5 s of its start", async () => {
    await cluster.stop("fast");
    try {
      const trpc = await app.inject({ url: "/trpc/session.get", cookies: { session: token } });
      expect(trpc.statusCode).toBe(503);
      expect(trpc.json()).toMatchObject({
        error: { message: Msg.serviceUnavailable, data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503 } },
      });
      const anonymous = await app.inject({ url: "/trpc/reference.countries" });
      expect(anonymous.statusCode).toBe(503);
      const api = await app.inject({
        url: "/api/files/00000000-0000-4000-8000-000000000000",
        cookies: { session: token },
      });
      expect(api.statusCode).toBe(503);
      expect(api.json()).toEqual({ error: { code: "SERVICE_UNAVAILABLE", message: Msg.serviceUnavailable } });
      const ready = await app.inject({ url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      for (const res of [trpc, anonymous, api, ready]) expect(res.body).not.toMatch(/select|from "|params/i);
      await expect(write("during-outage")).rejects.toThrow();
    } finally {
      await cluster.start();
    }
    const startedAt = Date.now();
    let recoveredAt: number | null = null;
    while (Date.now() - startedAt <= RECOVERY_LIMIT_MS) {
      try {
        await write("after-start");
        recoveredAt = Date.now();
        break;
      } catch {
        await sleep(50);
      }
    }
    expect(recoveredAt, "a write within 5 s of the start").not.toBeNull();
    expect((await app.inject({ url: "/readyz" })).statusCode).toBe(200);
    const session = await app.inject({ url: "/trpc/session.get", cookies: { session: token } });
    expect(session.statusCode).toBe(200);
    expect(session.json().result.data.viewer.email).toBe("outage@example.com");
    expect(uncaught).toEqual([]);
  }, 120_000);

  it("records a mail as sent once the database is back when it went down right after the send (no second send)", async () => {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
    await enqueueMail(database.db, {
      to: "restart@example.com",
      kind: "test:restart",
      locale: "en",
      content: { subject: "Approved", text: "Welcome." },
    });
    const sent: OutgoingMail[] = [];
    let restarting: Promise<void> | undefined;
    const transport: MailTransport = {
      kind: "smtp",
      async send(msg) {
        sent.push(msg);
        // The server accepted it; now the database goes away before the worker records that.
        await cluster.stop("fast");
        restarting = sleep(1_500).then(() => cluster.start());
      },
      close() {},
    };
    const worker = startMailWorker({
      db: database.db,
      config,
      log: pino({ level: "silent" }),
      pollMs: 3_600_000,
      transport,
    });
    try {
      expect(await worker.runOnce()).toBe(1);
      await restarting;
      const rows = await database.db.select().from(emailOutbox);
      expect(rows.map((r) => [r.toAddress, r.status])).toEqual([["restart@example.com", "sent"]]);
      expect(await worker.runOnce()).toBe(0);
      expect(sent).toHaveLength(1);
    } finally {
      await restarting?.catch(() => {});
      await worker.stop();
    }
  }, 60_000);
});
