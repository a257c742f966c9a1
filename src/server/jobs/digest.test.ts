/**
 * The daily digest on the job queue (issue #17 §2): a digest holds exactly the posts routed to
 * the member since the previous one, once, also when two app processes run the job at the same
 * time; the queue's schedules are in the database.
 */
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPeerApp, createTestApp, type Member, type PeerApp, type TestApp } from "../../test/app";
import { rowsOf } from "../../test/db";
import { answeredRequest, submitRequest } from "../../test/fixtures";
import { loadConfig } from "../config";
import { digests, emailOutbox, emailUnsubscribeTokens } from "../db/schema";
import { type DigestLinks, sendDigests } from "../domain/digest";
import { setEmailPreference } from "../domain/notifications";
import { JOB_NAMES, JOBS_SCHEMA, type JobQueue, startJobs } from "./queue";

const links: DigestLinks = { origin: "https://club.example" };
const quiet = { info: () => {}, debug: () => {}, error: () => {} };

let t: TestApp;
let poster: Member;
let alice: Member; // targets FR
let bob: Member; // targets DE

beforeAll(async () => {
  t = await createTestApp();
  poster = await t.member({ countries: ["IT"] });
  alice = await t.member({ countries: ["FR"], name: "Alice Digest" });
  bob = await t.member({ countries: ["DE"], locale: "fa", name: "Bob Digest" });
});

afterAll(async () => {
  await t?.close();
});

/** The digest mails of `m`, oldest first. */
async function digestsOf(m: Member) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, `digest:${m.id}`))
    .orderBy(emailOutbox.id);
}

/** Moves every digest's covered period back to before the test's posts (a fresh start). */
async function resetDigests(to: Date) {
  await t.db.update(digests).set({ coveredUntil: to });
}

describe("DIGEST_CRON", () => {
  it("defaults to 05:30 UTC and takes five cron fields only", () => {
    expect(loadConfig({}).digestCron).toBe("30 5 * * *");
    expect(loadConfig({ DIGEST_CRON: "0 7 * * 1-5" }).digestCron).toBe("0 7 * * 1-5");
    expect(() => loadConfig({ DIGEST_CRON: "every day" })).toThrow(/DIGEST_CRON: a cron expression of five fields/);
    expect(() => loadConfig({ DIGEST_CRON: "0 7 * *" })).toThrow(/DIGEST_CRON/);
  });
});

describe("sendDigests", () => {
  it("mails each member the posts routed to them since the last digest, and nothing twice", async () => {
    const start = new Date(Date.now() - 1000);
    const fr1 = await submitRequest(poster, "FR");
    const fr2 = await submitRequest(poster, "FR");
    await submitRequest(poster, "DE");
    const until = new Date();

    const first = await sendDigests(t.db, { until, links });
    expect(first.mailed).toBeGreaterThanOrEqual(2);
    const [a] = await digestsOf(alice);
    const [b] = await digestsOf(bob);
    expect(a!.toAddress).toBe(alice.email);
    expect(a!.subject).toBe("2 new for you on Export Club");
    expect(a!.textBody).toContain("Dear Alice Digest,");
    expect(a!.textBody).toContain("Member requests (2)");
    expect(a!.textBody).toContain("https://club.example/member-request/received");
    // One-click unsubscribe from this digest (RFC 8058), the same link in the text.
    const unsubscribe = a!.headers?.["List-Unsubscribe"];
    expect(unsubscribe).toMatch(/^<https:\/\/club\.example\/api\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/);
    expect(a!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(a!.textBody).toContain(`Unsubscribe from this digest: ${unsubscribe!.slice(1, -1)}`);
    expect(b!.subject).toBe("۱ مورد تازه برای شما در باشگاه صادرات");
    expect(b!.textBody).toContain("درخواست‌های دریافتی از اعضا (۱)");
    expect(await digestsOf(poster)).toHaveLength(0); // own posts are not routed to their author
    expect(fr1).not.toBe(fr2);
    expect(start.getTime()).toBeLessThan(until.getTime());

    // The same run again sends nothing more.
    expect(await sendDigests(t.db, { until, links })).toEqual({ covered: 0, mailed: 0 });
    // A later run with nothing new settles the period without mail.
    const later = await sendDigests(t.db, { until: new Date(), links });
    expect(later.mailed).toBe(0);
    expect(later.covered).toBeGreaterThanOrEqual(3);
    expect(await digestsOf(alice)).toHaveLength(1);
  });

  it("a later digest holds only the posts created since the previous one", async () => {
    await submitRequest(poster, "FR");
    const until = new Date();
    await submitRequest(poster, "FR"); // after `until`: belongs to the next digest
    await sendDigests(t.db, { until, links });
    const mails = await digestsOf(alice);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.textBody).toContain("Member requests (1)");
    await sendDigests(t.db, { until: new Date(), links });
    const after = await digestsOf(alice);
    expect(after).toHaveLength(3);
    expect(after[2]!.textBody).toContain("Member requests (1)");
    expect(await digestsOf(bob)).toHaveLength(1);
  });

  it("lists five posts per board and counts the rest", async () => {
    const since = new Date();
    await resetDigests(since);
    for (let i = 0; i < 7; i++) await submitRequest(bob, "FR");
    await sendDigests(t.db, { until: new Date(), links });
    const last = (await digestsOf(alice)).at(-1)!;
    expect(last.textBody).toContain("Member requests (7)");
    expect(last.textBody).toContain("- and 2 more");
    expect(last.textBody.split("\n").filter((l) => l.startsWith("- Looking for"))).toHaveLength(5);
  });

  it("holds the notifications a member chose to get in the digest, once, and no posts when they chose never", async () => {
    await resetDigests(new Date());
    await setEmailPreference(t.db, alice.id, "response_received", "digest");
    await setEmailPreference(t.db, alice.id, "routed_posts", "never");
    await submitRequest(poster, "FR"); // routed to alice, who no longer wants posts by mail
    const { requestId } = await answeredRequest(t, "BR", alice);
    // Held for the digest: no immediate mail.
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "notification:response_received"))).toEqual(
      [],
    );
    const count = (await digestsOf(alice)).length;
    await sendDigests(t.db, { until: new Date(), links });
    const mails = await digestsOf(alice);
    expect(mails).toHaveLength(count + 1);
    const text = mails.at(-1)!.textBody;
    expect(text).toContain("Notifications (1)\n- Response to Your Request\n  https://club.example/offers/received");
    expect(text).not.toContain("Member requests");
    // Its unsubscribe link is the notification's category, not the posts' one (already never).
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)!.headers!["List-Unsubscribe"]!)![1]!;
    const [stored] = await t.db.select().from(emailUnsubscribeTokens).where(eq(emailUnsubscribeTokens.token, token));
    expect(stored!.category).toBe("response_received");
    expect(requestId).toBeGreaterThan(0);
    // Nothing new: no second mail.
    await sendDigests(t.db, { until: new Date(), links });
    expect(await digestsOf(alice)).toHaveLength(count + 1);
    await setEmailPreference(t.db, alice.id, "routed_posts", "digest");
    await setEmailPreference(t.db, alice.id, "response_received", "immediate");
  });
});

describe.skipIf(!process.env.DATABASE_URL)("two app processes", () => {
  let peer: PeerApp;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    peer = await createPeerApp(t);
  });

  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop()));
    await peer?.close();
  });

  it("running the digest at once in both sends each member one digest", async () => {
    await resetDigests(new Date());
    await submitRequest(poster, "FR");
    await submitRequest(poster, "DE");
    const before = (await digestsOf(alice)).length;
    const until = new Date();
    const [x, y] = await Promise.all([sendDigests(t.db, { until, links }), sendDigests(peer.db, { until, links })]);
    expect(x.mailed + y.mailed).toBe(
      await t.db.$count(digests, sql`${digests.lastSentAt} is not null and ${digests.coveredUntil} = ${until}`),
    );
    const mails = await digestsOf(alice);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.textBody).toContain("Member requests (1)");
  });

  it("the job queue on both processes: schedules in the database, each digest job once", async () => {
    const mail = { runOnce: async () => 0 };
    for (const database of [t.database, peer.database]) {
      queues.push(
        await startJobs(
          { database, config: { digestCron: "30 5 * * *" }, storage: t.app.storage, mail, links, log: quiet },
          { pollingIntervalSeconds: 0.5 },
        ),
      );
    }
    const schedules = rowsOf<{ name: string; cron: string }>(
      await t.db.execute(sql.raw(`select name, cron from ${JOBS_SCHEMA}.schedule order by name`)),
    );
    expect(schedules.map((s) => s.name).sort()).toEqual([...JOB_NAMES].sort());
    expect(schedules.find((s) => s.name === "digest")!.cron).toBe("30 5 * * *");

    await resetDigests(new Date());
    await submitRequest(poster, "FR");
    const before = (await digestsOf(alice)).length;
    // Both processes create a digest job (as both could notice the same cron tick).
    await Promise.all(queues.map((q) => q.send("digest")));
    const deadline = Date.now() + 20_000;
    let done = 0;
    while (Date.now() < deadline) {
      const [row] = rowsOf<{ n: number }>(
        await t.db.execute(
          sql.raw(`select count(*)::int as n from ${JOBS_SCHEMA}.job where name = 'digest' and state = 'completed'`),
        ),
      );
      done = row?.n ?? 0;
      if (done >= 2) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(done).toBe(2);
    const mails = await digestsOf(alice);
    expect(mails).toHaveLength(before + 1);
    const pending = await t.db.select().from(emailOutbox).where(like(emailOutbox.kind, "digest:%"));
    expect(new Set(pending.map((m) => m.id)).size).toBe(pending.length);
  });
});
