/**
 * Integration tests of the mail worker against a real Postgres (or PGlite in memory when
 * DATABASE_URL is unset; see src/test/db.ts) and a real SMTP server (`smtp-server`).
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/db";
import { freePort, startSmtpServer } from "../../test/smtp";
import { loadConfig } from "../config";
import { emailOutbox } from "../db/schema";
import { enqueueMail } from "./outbox";
import { createMailTransport } from "./transport";
import { type MailWorker, startMailWorker } from "./worker";

const log = pino({ level: "silent" });

const content = { subject: "Your Export Club membership is approved", text: "Dear Ada,\n\nWelcome aboard." };

let db: TestDatabase;
let worker: MailWorker | undefined;
let tmpDir: string;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.close();
});

beforeEach(async () => {
  tmpDir = await mkdtemp(path.join(os.tmpdir(), "export-club-mail-"));
  await db.database.db.delete(emailOutbox);
});

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await rm(tmpDir, { recursive: true, force: true });
});

describe("mail worker", () => {
  it("delivers a queued message over SMTP, retrying while the server is down", async () => {
    const port = await freePort();
    const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, DATA_DIR: tmpDir });
    const { db: d } = db.database;
    await enqueueMail(d, { to: "ada@example.com", kind: "test:smtp", locale: "en", content });

    worker = startMailWorker({ db: d, config, log, pollMs: 3_600_000 });

    // Nothing listens on the port yet: the attempt fails and is rescheduled.
    const before = Date.now();
    expect(await worker.runOnce()).toBe(0);
    const [failed] = await d.select().from(emailOutbox);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
    expect(failed!.lastError).toBeTruthy();
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(before);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: another pass does not touch it.
    expect(await worker.runOnce()).toBe(0);
    expect((await d.select().from(emailOutbox))[0]!.attempts).toBe(1);

    const smtp = await startSmtpServer(port);
    try {
      await d.update(emailOutbox).set({ nextAttemptAt: new Date() }).where(eq(emailOutbox.id, failed!.id));
      // A retry is the job queue's (`mail-retry`), not the worker's own poll of first attempts.
      expect(await worker.runOnce("first")).toBe(0);
      expect(await worker.runOnce("retries")).toBe(1);
      expect(await worker.runOnce()).toBe(0);

      expect(smtp.received).toHaveLength(1);
      const got = smtp.received[0]!;
      expect(got.to).toEqual(["ada@example.com"]);
      expect(got.from).toBe("no-reply@export-club.local");
      expect(got.raw).toContain(`Subject: ${content.subject}`);
      expect(got.raw).toContain("Welcome aboard.");
      expect(got.raw).toContain("text/html");

      const [sent] = await d.select().from(emailOutbox);
      expect(sent).toMatchObject({ status: "sent", attempts: 1 });
      expect(sent!.sentAt).toBeInstanceOf(Date);
    } finally {
      await worker.stop();
      worker = undefined;
      await smtp.close();
    }
  });

  it("writes an .eml file under <dataDir>/mail when no SMTP_URL is set", async () => {
    const config = loadConfig({ DATA_DIR: tmpDir });
    expect(config.smtpUrl).toBeUndefined();
    const { db: d } = db.database;
    await enqueueMail(d, { to: "bob@example.com", kind: "test:file", locale: "en", content });
    await enqueueMail(d, { to: "carol@example.com", kind: "test:file", locale: "fa", content });

    worker = startMailWorker({ db: d, config, log, pollMs: 3_600_000 });
    expect(await worker.runOnce()).toBe(2);
    expect(await worker.runOnce()).toBe(0);

    const files = (await readdir(path.join(tmpDir, "mail"))).sort();
    expect(files).toHaveLength(2);
    for (const f of files) expect(f).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/);
    const raws = await Promise.all(files.map((f) => readFile(path.join(tmpDir, "mail", f), "utf8")));
    const all = raws.join("\n");
    expect(all).toContain("To: bob@example.com");
    expect(all).toContain("To: carol@example.com");
    expect(raws[0]).toContain(`Subject: ${content.subject}`);
    expect(raws[0]).toContain("From: Export Club <no-reply@export-club.local>");

    const rows = await d.select().from(emailOutbox);
    expect(rows.every((r) => r.status === "sent" && r.sentAt !== null)).toBe(true);
  });

  it("sends a message's extra header fields (List-Unsubscribe, RFC 8058)", async () => {
    const config = loadConfig({ DATA_DIR: tmpDir });
    const { db: d } = db.database;
    const url = "https://club.example/api/unsubscribe?token=abc";
    await enqueueMail(d, {
      to: "dave@example.com",
      kind: "test:headers",
      locale: "en",
      content,
      headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    await enqueueMail(d, { to: "erin@example.com", kind: "test:headers", locale: "en", content });
    worker = startMailWorker({ db: d, config, log, pollMs: 3_600_000 });
    expect(await worker.runOnce()).toBe(2);
    const files = await readdir(path.join(tmpDir, "mail"));
    const raws = await Promise.all(files.map((f) => readFile(path.join(tmpDir, "mail", f), "utf8")));
    const withHeaders = raws.find((r) => r.includes("To: dave@example.com"));
    const without = raws.find((r) => r.includes("To: erin@example.com"));
    expect(withHeaders).toContain(`List-Unsubscribe: <${url}>`);
    expect(withHeaders).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(without).toBeDefined();
    expect(without).not.toContain("List-Unsubscribe");
  });

  it("two workers claiming at once deliver each message exactly once", async () => {
    const config = loadConfig({ DATA_DIR: tmpDir });
    const { db: d } = db.database;
    for (let i = 0; i < 30; i++) {
      await enqueueMail(d, { to: `m${i}@example.com`, kind: "test:race", locale: "en", content });
    }
    const a = startMailWorker({ db: d, config, log, pollMs: 3_600_000 });
    const b = startMailWorker({ db: d, config, log, pollMs: 3_600_000 });
    try {
      const [sa, sb] = await Promise.all([a.runOnce(), b.runOnce()]);
      const [sa2, sb2] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(sa + sb + sa2 + sb2).toBe(30);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(await readdir(path.join(tmpDir, "mail"))).toHaveLength(30);
    const rows = await d.select().from(emailOutbox);
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(30);
  });

  it("the polling loop delivers on its own and stop() ends it", async () => {
    const config = loadConfig({ DATA_DIR: tmpDir });
    const { db: d } = db.database;
    worker = startMailWorker({ db: d, config, log, pollMs: 20 });
    await enqueueMail(d, { to: "dan@example.com", kind: "test:loop", locale: "en", content });
    const deadline = Date.now() + 5_000;
    let status = "pending";
    while (status !== "sent" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      status = (await d.select().from(emailOutbox))[0]!.status;
    }
    expect(status).toBe("sent");
    await worker.stop();
    worker = undefined;
    await enqueueMail(d, { to: "eve@example.com", kind: "test:loop", locale: "en", content });
    await new Promise((r) => setTimeout(r, 150));
    const pending = (await d.select().from(emailOutbox)).filter((r) => r.status === "pending");
    expect(pending).toHaveLength(1);
  });

  it("the file transport logs the path and subject", async () => {
    const lines: { path?: string; subject?: string }[] = [];
    const transport = createMailTransport(
      { dataDir: tmpDir, smtpUrl: undefined },
      { info: (o) => lines.push(o as never), warn: () => {}, error: () => {} },
    );
    await transport.send({ from: "a@example.com", to: "b@example.com", subject: "Hello", text: "Hi" });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.subject).toBe("Hello");
    expect(path.dirname(lines[0]!.path!)).toBe(path.join(tmpDir, "mail"));
    expect(await readFile(lines[0]!.path!, "utf8")).toContain("Hi");
  });
});
