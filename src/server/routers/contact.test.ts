/**
 * The admins' contact inbox (issue #16 §3): the landing form's messages listed per filter
 * (unread / open / handled / all) with their counts, newest first and paged; opening one reads
 * it; a reply is recorded and its e-mail queued in one transaction (a failing outbox leaves
 * neither), in the signed-in sender's language or English; handled / reopen; hard delete; the
 * live admin badge; members and anonymous callers are refused; bad input is a 400 with its text.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONTACT_PAGE_SIZE } from "../../common/contact";
import { Msg } from "../../common/messages";
import { type Caller, createTestApp, expectTRPCError, type TestApp, withTimeout } from "../../test/app";
import { contactMessages, contactReplies, emailOutbox } from "../db/schema";
import { countUnreadContact } from "../domain/contact";
import { BadgeHub, type Badges } from "../live/badges";

/** Set to make the next outbox insert fail (the reply must then leave nothing behind). */
const outboxFailure = vi.hoisted(() => ({ fail: false }));
vi.mock("../mail/outbox", async (importOriginal) => {
  const real = await importOriginal<typeof import("../mail/outbox")>();
  return {
    ...real,
    enqueueMail: async (...args: Parameters<typeof real.enqueueMail>) => {
      if (outboxFailure.fail) throw new Error("the outbox is unavailable");
      return real.enqueueMail(...args);
    },
  };
});

let t: TestApp;
let admin: Caller;
let adminId: string;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.actor("admin");
  admin = a.caller;
  adminId = a.user!.id;
});

afterAll(async () => {
  await t?.close();
});

/** A visitor (a fresh address, so the form's rate limit never refuses) sends a message; its id. */
async function visitorSends(over: { name?: string; email?: string; message?: string } = {}): Promise<number> {
  ipCounter += 1;
  const email = over.email ?? `visitor${ipCounter}.${Date.now()}@example.com`;
  await t.callerWith(null, { ip: `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` }).landing.contact({
    name: over.name ?? "Visiting Person",
    email,
    message: over.message ?? "Hello, how do I join the club as a company?",
  });
  const [row] = await t.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.email, email.toLowerCase()))
    .orderBy(desc(contactMessages.id))
    .limit(1);
  if (!row) throw new Error("contact message not stored");
  return row.id;
}

async function row(id: number) {
  const [r] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return r;
}

async function mailsTo(address: string) {
  return t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
}

describe("list, filters and counts", () => {
  it("lists newest first per filter, with the counts of every filter", async () => {
    const a = await visitorSends({ name: "First Sender" });
    const b = await visitorSends({ name: "Second Sender" });
    const c = await visitorSends({ name: "Third Sender" });
    await admin.contact.markRead({ id: b }); // read, still open
    await admin.contact.markHandled({ id: c }); // handled (and read)

    const ids = async (filter: "unread" | "open" | "handled" | "all") =>
      (await admin.contact.list({ filter })).items.map((m) => m.id).filter((id) => [a, b, c].includes(id));
    expect(await ids("all")).toEqual([c, b, a]);
    expect(await ids("unread")).toEqual([a]);
    expect(await ids("open")).toEqual([b, a]);
    expect(await ids("handled")).toEqual([c]);
    // The default filter is "open".
    expect((await admin.contact.list({})).items.map((m) => m.id)).toEqual(
      (await admin.contact.list({ filter: "open" })).items.map((m) => m.id),
    );

    const { counts, items } = await admin.contact.list({ filter: "all" });
    const all = await t.db.select().from(contactMessages);
    expect(counts).toEqual({
      all: all.length,
      unread: all.filter((m) => !m.readAt).length,
      open: all.filter((m) => !m.handledAt).length,
      handled: all.filter((m) => m.handledAt).length,
    });
    expect(counts.unread).toBe(await countUnreadContact(t.db));
    expect(items.find((m) => m.id === a)).toMatchObject({
      name: "First Sender",
      message: "Hello, how do I join the club as a company?",
      readAt: null,
      handledAt: null,
    });
  });

  it("pages with a cursor", async () => {
    for (let i = 0; i <= CONTACT_PAGE_SIZE; i++) await visitorSends();
    const first = await admin.contact.list({ filter: "all" });
    expect(first.items).toHaveLength(CONTACT_PAGE_SIZE);
    expect(first.nextCursor).toBe(first.items.at(-1)!.id);
    const second = await admin.contact.list({ filter: "all", cursor: first.nextCursor! });
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items[0]!.id).toBeLessThan(first.nextCursor!);
    expect(new Set([...first.items, ...second.items].map((m) => m.id)).size).toBe(
      first.items.length + second.items.length,
    );
  });
});

describe("a message", () => {
  it("get returns it with its replies and changes nothing; markRead marks it read once", async () => {
    const id = await visitorSends({ name: "Reader Test" });
    const opened = await admin.contact.get({ id });
    expect(opened).toMatchObject({ id, name: "Reader Test", replies: [] });
    expect((await row(id))?.readAt).toBeNull();
    await admin.contact.markRead({ id });
    const readAt = (await row(id))?.readAt;
    expect(readAt).toBeInstanceOf(Date);
    await admin.contact.markRead({ id });
    expect((await row(id))?.readAt).toEqual(readAt);
    await expectTRPCError(admin.contact.get({ id: 987654321 }), "NOT_FOUND", Msg.notFound);
    await expectTRPCError(admin.contact.markRead({ id: 987654321 }), "NOT_FOUND", Msg.notFound);
  });

  it("a reply is recorded and exactly one e-mail queued to the sender, in English for a visitor", async () => {
    const email = `reply.${Date.now()}@example.com`;
    const id = await visitorSends({ email, name: "Mina Visitor", message: "Do you help with exports to Germany?" });
    const reply = "Yes, we do. Join the club and use Request Help.";
    const { id: replyId } = await admin.contact.reply({ id, body: `  ${reply}  ` });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: "Re: your message to Export Club", kind: `contact_reply:${id}` });
    expect(mails[0]!.textBody).toContain("Dear Mina Visitor,");
    expect(mails[0]!.textBody).toContain(reply);
    expect(mails[0]!.textBody).toContain("> Do you help with exports to Germany?");
    const replies = await t.db.select().from(contactReplies).where(eq(contactReplies.messageId, id));
    expect(replies).toEqual([expect.objectContaining({ id: replyId, adminId, body: reply })]);
    // Replying reads it; it stays open until marked handled.
    expect(await row(id)).toMatchObject({ readAt: expect.any(Date), handledAt: null });
    const opened = await admin.contact.get({ id });
    expect(opened.replies).toEqual([expect.objectContaining({ id: replyId, body: reply })]);
  });

  it("a signed-in sender is answered in their account language", async () => {
    const member = await t.member({ locale: "fa" });
    await member.caller.landing.contact({
      name: "Sara Ahmadi",
      email: member.email,
      message: "سلام، چطور می‌توانم خدمت منتشر کنم؟",
    });
    const [m] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, member.id))
      .orderBy(desc(contactMessages.id));
    await admin.contact.reply({ id: m!.id, body: "از بخش «خدمات من» استفاده کنید." });
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, member.email), eq(emailOutbox.kind, `contact_reply:${m!.id}`)));
    expect(mail?.subject).toBe("پاسخ به پیام شما به باشگاه صادرات");
    expect(mail?.htmlBody).toContain('dir="rtl"');
  });

  it("the reply and its e-mail are one transaction: a failing outbox leaves neither", async () => {
    const email = `atomic.${Date.now()}@example.com`;
    const id = await visitorSends({ email });
    outboxFailure.fail = true;
    try {
      await expect(admin.contact.reply({ id, body: "This one is lost" })).rejects.toThrow();
    } finally {
      outboxFailure.fail = false;
    }
    expect(await t.db.select().from(contactReplies).where(eq(contactReplies.messageId, id))).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
    expect((await row(id))?.readAt).toBeNull();
    await expectTRPCError(admin.contact.reply({ id: 987654321, body: "Nobody" }), "NOT_FOUND", Msg.notFound);
  });

  it("mark handled, reopen, delete", async () => {
    const id = await visitorSends();
    await admin.contact.markHandled({ id });
    expect(await row(id)).toMatchObject({ handledAt: expect.any(Date), handledBy: adminId, readAt: expect.any(Date) });
    // Again: no change, the first handler stays.
    const other = await t.actor("admin");
    await other.caller.contact.markHandled({ id });
    expect((await row(id))?.handledBy).toBe(adminId);
    await admin.contact.reopen({ id });
    expect(await row(id)).toMatchObject({ handledAt: null, handledBy: null, readAt: expect.any(Date) });
    await admin.contact.reply({ id, body: "Thanks!" });
    await admin.contact.delete({ id });
    expect(await row(id)).toBeUndefined();
    expect(await t.db.select().from(contactReplies).where(eq(contactReplies.messageId, id))).toEqual([]);
    await expectTRPCError(admin.contact.delete({ id }), "NOT_FOUND", Msg.notFound);
    await expectTRPCError(admin.contact.markHandled({ id }), "NOT_FOUND", Msg.notFound);
    await expectTRPCError(admin.contact.reopen({ id }), "NOT_FOUND", Msg.notFound);
  });
});

describe("who may", () => {
  it("members get FORBIDDEN, anonymous callers UNAUTHORIZED, on every procedure", async () => {
    const id = await visitorSends();
    const member = await t.member();
    const anonymous = t.callerWith(null);
    for (const [caller, code, message] of [
      [member.caller, "FORBIDDEN", Msg.adminOnly],
      [anonymous, "UNAUTHORIZED", Msg.signInRequired],
    ] as const) {
      await expectTRPCError(caller.contact.list({}), code, message);
      await expectTRPCError(caller.contact.get({ id }), code, message);
      await expectTRPCError(caller.contact.markRead({ id }), code, message);
      await expectTRPCError(caller.contact.reply({ id, body: "Hi" }), code, message);
      await expectTRPCError(caller.contact.markHandled({ id }), code, message);
      await expectTRPCError(caller.contact.reopen({ id }), code, message);
      await expectTRPCError(caller.contact.delete({ id }), code, message);
    }
    expect(await row(id)).toMatchObject({ readAt: null, handledAt: null });
  });

  it("bad input is a 400 with a clear message", async () => {
    const id = await visitorSends();
    const token = (await t.actor("admin")).token;
    const empty = await t.mutation("contact.reply", { id, body: "   " }, { token });
    expect(empty.status).toBe(400);
    expect(empty.error?.message).toBe(Msg.contactReplyRequired);
    const long = await t.mutation("contact.reply", { id, body: "x".repeat(5001) }, { token });
    expect(long.status).toBe(400);
    expect(long.error?.message).toBe(Msg.contactReplyTooLong);
    const exact = await t.mutation("contact.reply", { id, body: "x".repeat(5000) }, { token });
    expect(exact.status).toBe(200);
    const badFilter = await t.query("contact.list", { filter: "spam" }, { token });
    expect(badFilter.status).toBe(400);
    const badId = await t.mutation("contact.delete", { id: -1 }, { token });
    expect(badId.status).toBe(400);
  });
});

describe("the live admin badge", () => {
  it("rises when a visitor writes and falls when an admin opens the message", async () => {
    const a = await t.actor("admin");
    const hub = new BadgeHub(t.db, t.deps.events);
    const ac = new AbortController();
    const it = hub.subscribe(a.auth!.session, ac.signal);
    try {
      const first = (await withTimeout(it.next(), 5_000, "the first badges")).value as Badges;
      const start = first.admin!.contact;
      expect(start).toBe(await countUnreadContact(t.db));
      const next = it.next();
      const id = await visitorSends();
      expect(((await withTimeout(next, 5_000, "the badges after a message")).value as Badges).admin?.contact).toBe(
        start + 1,
      );
      const after = it.next();
      await admin.contact.markRead({ id });
      expect(((await withTimeout(after, 5_000, "the badges after reading")).value as Badges).admin?.contact).toBe(
        start,
      );
      expect((await admin.badges.get()).admin?.contact).toBe(start);
    } finally {
      ac.abort();
      await it.return(undefined);
    }
  });
});
