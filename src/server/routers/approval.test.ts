/**
 * User Approval Management (spec part 1 §2 /admin/approvals, §4, §7): the pending list, the
 * review with its e-mail queued in the same transaction (issue #2 §5), delivery of that e-mail
 * by the worker over real SMTP with retries, and the live pending-count badge (DESIGN.md §5).
 */
import { count, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import {
  type Caller,
  createTestApp,
  DEFAULT_PASSWORD,
  expectTRPCError,
  type TestApp,
  withTimeout,
} from "../../test/app";
import { freePort, startSmtpServer } from "../../test/smtp";
import { loadConfig } from "../config";
import { emailOutbox, profiles, securityEvents } from "../db/schema";
import { countPendingApplicants } from "../domain/approval";
import { createMailTransport } from "../mail/transport";
import { startMailWorker } from "../mail/worker";

const log = pino({ level: "silent" });

let t: TestApp;
let admin: Caller;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.actor("admin");
  admin = a.caller;
  adminId = a.user!.id;
});

afterAll(async () => {
  await t?.close();
});

async function outboxFor(userId: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, `approval:${userId}`));
}

async function outboxCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(emailOutbox);
  return row?.n ?? 0;
}

async function statusOf(userId: string) {
  const [p] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
  return p!;
}

describe("listPending", () => {
  it("lists pending applicants only, newest applied first, with their details", async () => {
    const now = Date.now();
    const oldest = await t.createUser({ status: "pending", appliedAt: new Date(now - 3 * 3600_000), name: "Oldest" });
    const newest = await t.createUser({ status: "pending", appliedAt: new Date(now - 1 * 3600_000), name: "Newest" });
    const middle = await t.createUser({ status: "pending", appliedAt: new Date(now - 2 * 3600_000), name: "Middle" });
    const approved = await t.createUser({ status: "approved" });
    const rejected = await t.createUser({ status: "rejected" });

    const list = await admin.approval.listPending();
    const ids = list.map((r) => r.userId);
    expect(ids).not.toContain(approved.id);
    expect(ids).not.toContain(rejected.id);
    expect(list.every((r) => r.approvalStatus === "pending")).toBe(true);
    expect(ids.filter((id) => [oldest.id, newest.id, middle.id].includes(id))).toEqual([
      newest.id,
      middle.id,
      oldest.id,
    ]);
    const times = list.map((r) => r.appliedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.find((r) => r.userId === middle.id)).toEqual({
      userId: middle.id,
      name: "Middle",
      email: middle.email,
      activities: ["exporter"],
      userType: "individual",
      approvalStatus: "pending",
      appliedAt: new Date(now - 2 * 3600_000),
      approvalNotes: null,
    });
    expect((await admin.badges.get()).admin?.applicants).toBe(await countPendingApplicants(t.db));
  });
});

describe("review", () => {
  it("approving moves the applicant, logs it and queues exactly one e-mail", async () => {
    const applicant = await t.createUser({ status: "pending", name: "Ada" });
    const before = await outboxCount();
    expect(
      await admin.approval.review({ userId: applicant.id, decision: "approved", notes: "  Welcome aboard  " }),
    ).toEqual({
      ok: true,
    });

    const profile = await statusOf(applicant.id);
    expect(profile).toMatchObject({ approvalStatus: "approved", approvalNotes: "Welcome aboard", reviewedBy: adminId });
    expect(profile.reviewedAt).toBeInstanceOf(Date);

    expect(await outboxCount()).toBe(before + 1);
    const mails = await outboxFor(applicant.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: applicant.email,
      subject: "Your Export Club membership is approved",
      status: "pending",
      attempts: 0,
    });
    expect(mails[0]!.textBody).toContain("Dear Ada,");
    expect(mails[0]!.textBody).toContain("Welcome aboard");
    expect(mails[0]!.textBody).toContain("http://localhost:3000/landing");
    expect(mails[0]!.htmlBody).toContain('dir="ltr"');

    const events = await t.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, applicant.id))
      .then((rows) => rows.filter((r) => r.eventType === "approval_changed"));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: adminId });
    expect(events[0]!.eventDetails).toMatchObject({ status: "approved" });
  });

  it("rejecting queues the rejection e-mail in the applicant's language", async () => {
    const applicant = await t.createUser({ status: "pending", name: "Dariush", locale: "fa" });
    await admin.approval.review({ userId: applicant.id, decision: "rejected" });
    expect(await statusOf(applicant.id)).toMatchObject({ approvalStatus: "rejected", approvalNotes: null });
    const mails = await outboxFor(applicant.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("نتیجهٔ بررسی درخواست عضویت در باشگاه صادرات");
    expect(mails[0]!.htmlBody).toContain('dir="rtl"');
  });

  it("reviewing an applicant who is not pending is a CONFLICT and queues nothing", async () => {
    const applicant = await t.createUser({ status: "pending" });
    await admin.approval.review({ userId: applicant.id, decision: "approved" });
    const before = await outboxCount();

    const err = await admin.approval.review({ userId: applicant.id, decision: "rejected" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "CONFLICT", message: Msg.applicantNotPending });
    expect(await outboxCount()).toBe(before);
    expect(await outboxFor(applicant.id)).toHaveLength(1);
    expect((await statusOf(applicant.id)).approvalStatus).toBe("approved");

    for (const status of ["approved", "rejected"] as const) {
      const other = await t.createUser({ status });
      expect(
        (await expectTRPCError(() => admin.approval.review({ userId: other.id, decision: "approved" }))).code,
      ).toBe("CONFLICT");
    }
    expect(await outboxCount()).toBe(before);
  });

  it("an unknown applicant is NOT_FOUND; a malformed id is BAD_REQUEST", async () => {
    const before = await outboxCount();
    expect(
      (
        await expectTRPCError(() =>
          admin.approval.review({ userId: "00000000-0000-4000-8000-000000000000", decision: "approved" }),
        )
      ).code,
    ).toBe("NOT_FOUND");
    expect((await expectTRPCError(() => admin.approval.review({ userId: "nope", decision: "approved" }))).code).toBe(
      "BAD_REQUEST",
    );
    expect(
      (
        await expectTRPCError(() =>
          // @ts-expect-error: not a decision
          admin.approval.review({ userId: "00000000-0000-4000-8000-000000000000", decision: "maybe" }),
        )
      ).code,
    ).toBe("BAD_REQUEST");
    expect(await outboxCount()).toBe(before);
  });

  it("the e-mail and the status change commit together: a failure later in the transaction rolls back both", async () => {
    const applicant = await t.createUser({ status: "pending" });
    const before = await outboxCount();
    // Make the last write of the review transaction (its security event) fail.
    await t.db.execute(sql`
      create function fail_approval_event() returns trigger language plpgsql as $$
      begin
        if new.event_type = 'approval_changed' then raise exception 'injected failure'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger fail_approval_event before insert on security_events
      for each row execute function fail_approval_event()`);
    try {
      expect(
        (await expectTRPCError(() => admin.approval.review({ userId: applicant.id, decision: "approved" }))).code,
      ).toBe("INTERNAL_SERVER_ERROR");
    } finally {
      await t.db.execute(sql`drop trigger fail_approval_event on security_events`);
      await t.db.execute(sql`drop function fail_approval_event()`);
    }
    expect((await statusOf(applicant.id)).approvalStatus).toBe("pending");
    expect(await outboxFor(applicant.id)).toHaveLength(0);
    expect(await outboxCount()).toBe(before);

    // Without the failure the same review goes through.
    await admin.approval.review({ userId: applicant.id, decision: "approved" });
    expect(await outboxFor(applicant.id)).toHaveLength(1);
  });
});

describe("delivery of the approval e-mail", () => {
  it("the worker delivers it over SMTP, retrying while the server is down", async () => {
    // Only this test's message is due.
    await t.db.update(emailOutbox).set({ status: "sent", sentAt: new Date() }).where(eq(emailOutbox.status, "pending"));

    const applicant = await t.createUser({ status: "pending", name: "Grace" });
    await admin.approval.review({ userId: applicant.id, decision: "approved", notes: "See you inside" });
    const [queued] = await outboxFor(applicant.id);
    expect(queued).toMatchObject({ status: "pending", attempts: 0 });

    const port = await freePort();
    const config = loadConfig({ NODE_ENV: "test", SMTP_URL: `smtp://127.0.0.1:${port}` });
    const transport = createMailTransport(config, log);
    expect(transport.kind).toBe("smtp");
    const worker = startMailWorker({ db: t.db, config, log, pollMs: 3_600_000, transport });
    let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
    try {
      // The server is down: the attempt fails and is rescheduled.
      const startedAt = Date.now();
      expect(await worker.runOnce()).toBe(0);
      const [failed] = await outboxFor(applicant.id);
      expect(failed).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
      expect(failed!.lastError).toBeTruthy();
      expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(startedAt);
      expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

      // Not due yet: nothing happens.
      expect(await worker.runOnce()).toBe(0);
      expect((await outboxFor(applicant.id))[0]!.attempts).toBe(1);

      // Fails again while still down (when due), with a longer backoff on average.
      await t.db.update(emailOutbox).set({ nextAttemptAt: new Date() }).where(eq(emailOutbox.id, failed!.id));
      expect(await worker.runOnce()).toBe(0);
      expect((await outboxFor(applicant.id))[0]).toMatchObject({ status: "pending", attempts: 2 });

      // The server comes up; once due, the message goes out.
      smtp = await startSmtpServer(port);
      await t.db.update(emailOutbox).set({ nextAttemptAt: new Date() }).where(eq(emailOutbox.id, failed!.id));
      expect(await worker.runOnce()).toBe(1);
      expect(await worker.runOnce()).toBe(0);

      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.to).toEqual([applicant.email]);
      expect(mail.from).toBe("no-reply@export-club.local");
      expect(mail.raw).toContain("Subject: Your Export Club membership is approved");
      expect(mail.raw).toContain("Dear Grace,");
      expect(mail.raw).toContain("See you inside");

      const [sent] = await outboxFor(applicant.id);
      expect(sent).toMatchObject({ status: "sent", attempts: 2 });
      expect(sent!.sentAt).toBeInstanceOf(Date);
    } finally {
      await worker.stop();
      transport.close();
      await smtp?.close();
    }
  });
});

describe("the live pending-applicants badge (badges.onChange)", () => {
  it("yields the current count, then the new count after each sign-up and review", async () => {
    const ac = new AbortController();
    const a = await t.actor("admin", { signal: ac.signal });
    const iterable = await a.caller.badges.onChange();
    const it = iterable[Symbol.asyncIterator]();
    try {
      const first = await withTimeout(it.next(), 5_000, "the first badges");
      const start = await countPendingApplicants(t.db);
      expect(first.value?.admin?.applicants).toBe(start);

      // Ask for the next value before the change, as the WebSocket adapter does.
      const second = it.next();
      const signUp = await t.mutation<{ userId: string }>("auth.signUp", {
        name: "Live Badge",
        email: `live-${Date.now()}@example.com`,
        password: DEFAULT_PASSWORD,
        activity: "export_expert",
        userType: "individual",
      });
      expect(signUp.status).toBe(200);
      expect((await withTimeout(second, 5_000, "the badges after a sign-up")).value?.admin?.applicants).toBe(start + 1);

      const third = it.next();
      await admin.approval.review({ userId: signUp.data!.userId, decision: "approved" });
      expect((await withTimeout(third, 5_000, "the badges after a review")).value?.admin?.applicants).toBe(start);

      // Aborting ends the subscription.
      const fourth = it.next();
      ac.abort();
      expect(await withTimeout(fourth, 5_000, "the end after abort")).toMatchObject({ done: true });
    } finally {
      ac.abort();
      await it.return?.();
    }
  });

  it("stops yielding once the session is signed out", async () => {
    const ac = new AbortController();
    const a = await t.actor("admin", { signal: ac.signal });
    const iterable = await a.caller.badges.onChange();
    const it = iterable[Symbol.asyncIterator]();
    try {
      await withTimeout(it.next(), 5_000, "the first badges");
      const next = it.next();
      await a.caller.auth.signOut();
      expect(await withTimeout(next, 5_000, "the end of the subscription")).toMatchObject({ done: true });
    } finally {
      ac.abort();
      await it.return?.();
    }
  });

  it("members get no admin counts; applicants are refused before any value", async () => {
    const member = await t.callerFor("member");
    const iterable = await member.badges.onChange();
    const it = iterable[Symbol.asyncIterator]();
    try {
      expect((await withTimeout(it.next(), 5_000, "the first badges")).value?.admin).toBeNull();
    } finally {
      await it.return?.();
    }
    for (const kind of ["anonymous", "pending", "rejected"] as const) {
      const caller = await t.callerFor(kind);
      const code = (
        await expectTRPCError(async () => {
          const subscription = await caller.badges.onChange();
          await subscription[Symbol.asyncIterator]().next();
        })
      ).code;
      expect(code).toBe(kind === "anonymous" ? "UNAUTHORIZED" : "FORBIDDEN");
    }
  });
});
