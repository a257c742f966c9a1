/**
 * Notifications through the router on a real database (issue 17 §1, §2): each event creates
 * exactly one notification for the right member and none for others; preferences route a
 * notification to immediate mail (with the RFC 8058 headers), the digest or nothing; the
 * one-click unsubscribe works without a session and changes only its category; paging, read
 * marks and the unread counts; nobody sees or marks another member's notifications.
 */
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { EMAIL_DEFAULTS } from "../../common/notifications";
import { type Caller, createTestApp, expectTRPCError, type TestApp } from "../../test/app";
import { answeredRequest, insertService, pendingSubmission } from "../../test/fixtures";
import { contactMessages, emailOutbox, notificationPreferences, notifications } from "../db/schema";
import {
  countUnread,
  digestNotifications,
  emailDeliveries,
  emailDelivery,
  notify,
  unsubscribeLink,
} from "../domain/notifications";

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

/** The id of the newest notification now (0 when none). */
async function lastNotificationId(): Promise<number> {
  const [row] = await t.db
    .select({ id: notifications.id })
    .from(notifications)
    .orderBy(desc(notifications.id))
    .limit(1);
  return row?.id ?? 0;
}

/** Every notification created after `since`, as (user, kind). */
async function createdSince(since: number) {
  return t.db
    .select({
      userId: notifications.userId,
      kind: notifications.kind,
      params: notifications.params,
      emailDelivery: notifications.emailDelivery,
    })
    .from(notifications)
    .where(gt(notifications.id, since))
    .orderBy(notifications.id);
}

async function mailsTo(address: string, kind?: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(
      kind ? and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)) : eq(emailOutbox.toAddress, address),
    );
}

/** The unsubscribe URL's path and query, from a mail's List-Unsubscribe header. */
function unsubscribePathOf(headers: Record<string, string> | null): string {
  const m = /^<https?:\/\/[^/]+(\/api\/unsubscribe\?token=[A-Za-z0-9_-]{43})>$/.exec(
    headers?.["List-Unsubscribe"] ?? "",
  );
  if (!m) throw new Error(`no List-Unsubscribe header in ${JSON.stringify(headers)}`);
  return m[1]!;
}

describe("each event notifies exactly its member", () => {
  it("a response notifies the requester (linking to the offer), and mails them at once by default", async () => {
    const before = await lastNotificationId();
    const { requester, responder, responseId, requestId } = await answeredRequest(t, "NL");
    expect(await createdSince(before)).toEqual([
      {
        userId: requester.id,
        kind: "response_received",
        params: { responseId, postId: requestId, postKind: "request" },
        emailDelivery: "immediate",
      },
    ]);
    const [item] = (await requester.caller.notifications.list({})).items;
    expect(item).toMatchObject({ kind: "response_received", isRead: false, params: { responseId } });
    expect((await responder.caller.notifications.list({})).items).toEqual([]);

    const [mail] = await mailsTo(requester.email, "notification:response_received");
    expect(mail).toMatchObject({ subject: "Response to Your Request" });
    expect(mail!.textBody).toMatch(/https?:\/\/[^\s]+\/offers\/received/);
    expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.textBody).toContain(unsubscribePathOf(mail!.headers));
    expect(await mailsTo(responder.email)).toEqual([]);
  });

  it("a rating notifies the responder only", async () => {
    const { requester, responder, responseId, requestId } = await answeredRequest(t, "BE");
    const before = await lastNotificationId();
    await requester.caller.offers.rate({ responseId, rating: 2 });
    expect(await createdSince(before)).toEqual([
      {
        userId: responder.id,
        kind: "rating_received",
        params: { responseId, postId: requestId, rating: 2 },
        emailDelivery: EMAIL_DEFAULTS.rating_received,
      },
    ]);
    expect(await mailsTo(responder.email, "notification:rating_received")).toHaveLength(1);
  });

  it("a knowledge review notifies the author, with the points", async () => {
    const { author, id } = await pendingSubmission(t, { title: "Incoterms in practice" });
    const before = await lastNotificationId();
    await admin.inbox.review({ id, decision: "approved", points: 100 });
    expect(await createdSince(before)).toEqual([
      {
        userId: author.id,
        kind: "knowledge_reviewed",
        params: { submissionId: id, title: "Incoterms in practice", decision: "approved", points: 100 },
        emailDelivery: "immediate",
      },
    ]);
    const [mail] = await mailsTo(author.email, "notification:knowledge_reviewed");
    expect(mail!.subject).toBe("Your knowledge submission was approved");
    expect(mail!.textBody).toContain("100 points");
  });

  it("a tier upgrade notifies the member, in-app only", async () => {
    const m = await t.member({ points: 600 });
    const before = await lastNotificationId();
    await m.caller.points.upgrade({ tier: "silver" });
    expect(await createdSince(before)).toEqual([
      { userId: m.id, kind: "tier_changed", params: { tier: "silver" }, emailDelivery: null },
    ]);
    expect(await mailsTo(m.email)).toEqual([]);
  });

  it("an approval decision notifies the applicant; its mail stays the one transactional mail", async () => {
    const applicant = await t.createUser({ status: "pending" });
    const before = await lastNotificationId();
    await admin.approval.review({ userId: applicant.id, decision: "approved" });
    expect(await createdSince(before)).toEqual([
      { userId: applicant.id, kind: "approval_decided", params: { decision: "approved" }, emailDelivery: null },
    ]);
    const mails = await mailsTo(applicant.email);
    expect(mails.map((m) => m.kind)).toEqual([`approval:${applicant.id}`]);
  });

  it("a service decision notifies the provider; its mail stays the one transactional mail", async () => {
    const provider = await t.member();
    const id = await insertService(t.db, provider.id, { status: "pending", reviewedAt: null, title: "Customs help" });
    const before = await lastNotificationId();
    await admin.services.review({ id, decision: "rejected", notes: "Please add references." });
    expect(await createdSince(before)).toEqual([
      {
        userId: provider.id,
        kind: "service_reviewed",
        params: { serviceId: id, title: "Customs help", decision: "rejected" },
        emailDelivery: null,
      },
    ]);
    expect((await mailsTo(provider.email)).map((m) => m.kind)).toEqual([`service_review:${id}`]);
  });

  it("a contact reply notifies every other admin, not the one who replied nor members", async () => {
    const other = await t.actor("admin");
    await t.callerWith(null, { ip: "10.77.0.1" }).landing.contact({
      name: "Curious Visitor",
      email: "curious.visitor@example.com",
      message: "How do I join as a company?",
    });
    const [message] = await t.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.email, "curious.visitor@example.com"));
    const before = await lastNotificationId();
    await admin.contact.reply({ id: message!.id, body: "Sign up and choose Organization." });
    const created = await createdSince(before);
    expect(created.map((n) => n.userId)).toContain(other.user!.id);
    expect(created.map((n) => n.userId)).not.toContain(adminId);
    expect(created.every((n) => n.kind === "contact_replied")).toBe(true);
    expect(created.filter((n) => n.userId === other.user!.id)).toEqual([
      {
        userId: other.user!.id,
        kind: "contact_replied",
        params: { messageId: message!.id, senderName: "Curious Visitor" },
        emailDelivery: null,
      },
    ]);
  });
});

describe("e-mail preferences", () => {
  it("defaults, then a choice per category; bad input is a 400", async () => {
    const m = await t.member();
    expect(await m.caller.notifications.preferences()).toEqual(EMAIL_DEFAULTS);
    expect(EMAIL_DEFAULTS.routed_posts).toBe("digest");
    const after = await m.caller.notifications.setPreference({ category: "response_received", delivery: "digest" });
    expect(after).toEqual({ ...EMAIL_DEFAULTS, response_received: "digest" });
    expect(await emailDelivery(t.db, m.id, "response_received")).toBe("digest");
    expect(await emailDelivery(t.db, m.id, "rating_received")).toBe(EMAIL_DEFAULTS.rating_received);
    const other = await t.member();
    expect(await other.caller.notifications.preferences()).toEqual(EMAIL_DEFAULTS);
    const batch = await emailDeliveries(t.db, [m.id, other.id], "response_received");
    expect(Object.fromEntries(batch)).toEqual({ [m.id]: "digest", [other.id]: "immediate" });

    const bad = await t.mutation(
      "notifications.setPreference",
      { category: "everything", delivery: "always" },
      { token: m.token },
    );
    expect(bad.status).toBe(400);
    // New routed posts come in the digest or not at all (EMAIL_CHOICES).
    const immediatePosts = await t.mutation(
      "notifications.setPreference",
      { category: "routed_posts", delivery: "immediate" },
      { token: m.token },
    );
    expect(immediatePosts.status).toBe(400);
    expect(immediatePosts.error?.data.fieldErrors).toEqual({ delivery: [Msg.invalidInput] });
    expect(await m.caller.notifications.preferences()).toEqual({ ...EMAIL_DEFAULTS, response_received: "digest" });
  });

  it("digest: the notification is recorded for the digest and not mailed; never: not mailed either", async () => {
    const requester = await t.member();
    await requester.caller.notifications.setPreference({ category: "response_received", delivery: "digest" });
    const before = await lastNotificationId();
    await answeredRequest(t, "AT", requester);
    expect((await createdSince(before)).map((n) => n.emailDelivery)).toEqual(["digest"]);
    expect(await mailsTo(requester.email)).toEqual([]);

    await requester.caller.notifications.setPreference({ category: "response_received", delivery: "never" });
    const next = await lastNotificationId();
    await answeredRequest(t, "DK", requester);
    expect((await createdSince(next)).map((n) => n.emailDelivery)).toEqual(["never"]);
    expect(await mailsTo(requester.email)).toEqual([]);
    // Both are in the notification center all the same.
    expect((await requester.caller.notifications.list({})).items).toHaveLength(2);
    // The digest gets the one routed to it, and nothing created after its `since`.
    const forDigest = await digestNotifications(t.db, requester.id, null);
    expect(forDigest.map((n) => n.kind)).toEqual(["response_received"]);
    expect(await digestNotifications(t.db, requester.id, new Date(Date.now() + 60_000))).toEqual([]);
    expect(await digestNotifications(t.db, (await t.member()).id, null)).toEqual([]);
  });

  it("a mail is in the member's language", async () => {
    const requester = await t.member({ locale: "fa" });
    await answeredRequest(t, "SE", requester);
    const [mail] = await mailsTo(requester.email, "notification:response_received");
    expect(mail!.subject).toBe("پاسخ تازه به درخواست شما در باشگاه صادرات");
    expect(mail!.htmlBody).toContain('dir="rtl"');
  });
});

describe("one-click unsubscribe", () => {
  it("POST without a session sets only that category to never; GET only shows the confirmation", async () => {
    const { requester } = await answeredRequest(t, "FI");
    await requester.caller.notifications.setPreference({ category: "rating_received", delivery: "digest" });
    const [mail] = await mailsTo(requester.email, "notification:response_received");
    const url = unsubscribePathOf(mail!.headers);

    const page = await t.inject({ method: "GET", url, origin: "none" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain('<form method="post">');
    expect(await emailDelivery(t.db, requester.id, "response_received")).toBe("immediate");

    // A mail client's one-click POST: cross-site, no cookie, form-encoded body.
    const res = await t.inject({
      method: "POST",
      url,
      origin: "cross",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(200);
    expect(await requester.caller.notifications.preferences()).toEqual({
      ...EMAIL_DEFAULTS,
      response_received: "never",
      rating_received: "digest",
    });
    // Again: still fine, nothing else changes.
    expect((await t.inject({ method: "POST", url, origin: "none" })).statusCode).toBe(200);
    expect(await emailDelivery(t.db, requester.id, "rating_received")).toBe("digest");
  });

  it("the link is stable per member and category, and a bad token changes nothing (404)", async () => {
    const m = await t.member();
    const a = await unsubscribeLink(t.db, "https://club.example", m.id, "routed_posts");
    expect(await unsubscribeLink(t.db, "https://club.example", m.id, "routed_posts")).toBe(a);
    const b = await unsubscribeLink(t.db, "https://club.example", m.id, "rating_received");
    expect(b).not.toBe(a);
    expect(a).toMatch(/^https:\/\/club\.example\/api\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);

    const wrong = `/api/unsubscribe?token=${"A".repeat(43)}`;
    for (const url of [wrong, "/api/unsubscribe?token=short", "/api/unsubscribe"]) {
      expect((await t.inject({ method: "POST", url, origin: "cross" })).statusCode).toBe(404);
      expect((await t.inject({ method: "GET", url, origin: "none" })).statusCode).toBe(404);
    }
    const rows = await t.db
      .select()
      .from(notificationPreferences)
      .where(inArray(notificationPreferences.userId, [m.id]));
    expect(rows).toEqual([]);
  });
});

describe("the notification center", () => {
  it("pages newest first; marks one or all read; the unread counts follow", async () => {
    const m = await t.member();
    for (let i = 0; i < 5; i++) {
      await t.db.transaction((tx) => notify(tx, { userId: m.id, kind: "tier_changed", params: { tier: "silver" } }));
    }
    const first = await m.caller.notifications.list({ limit: 2 });
    expect(first.items).toHaveLength(2);
    const second = await m.caller.notifications.list({ limit: 2, cursor: first.nextCursor });
    const third = await m.caller.notifications.list({ limit: 2, cursor: second.nextCursor });
    expect(third.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items, ...third.items].map((n) => n.id);
    expect(ids).toHaveLength(5);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    expect(await countUnread(t.db, m.id)).toEqual({ notifications: 5, offers: 0 });
    await m.caller.notifications.markRead({ id: ids[0]! });
    await m.caller.notifications.markRead({ id: ids[0]! }); // again: no-op
    expect(await countUnread(t.db, m.id)).toEqual({ notifications: 4, offers: 0 });
    expect((await m.caller.notifications.list({})).items[0]).toMatchObject({ id: ids[0], isRead: true });

    expect(await m.caller.notifications.markAllRead()).toEqual({ count: 4 });
    expect(await countUnread(t.db, m.id)).toEqual({ notifications: 0, offers: 0 });
  });

  it("another member's notification cannot be listed or marked (NOT_FOUND, unchanged)", async () => {
    const { requester } = await answeredRequest(t, "NO");
    const [mine] = (await requester.caller.notifications.list({})).items;
    const stranger = await t.member();
    expect((await stranger.caller.notifications.list({})).items).toEqual([]);
    expect(await expectTRPCError(() => stranger.caller.notifications.markRead({ id: mine!.id }))).toEqual({
      code: "NOT_FOUND",
      message: Msg.notFound,
    });
    await stranger.caller.notifications.markAllRead();
    expect((await requester.caller.notifications.list({})).items[0]!.isRead).toBe(false);
  });

  it("the badges carry the bell count; opening offers marks only the responses read", async () => {
    const { requester } = await answeredRequest(t, "PT");
    await t.db.transaction((tx) =>
      notify(tx, { userId: requester.id, kind: "tier_changed", params: { tier: "gold" } }),
    );
    const badges = await requester.caller.badges.get();
    expect(badges).toMatchObject({ offers: 1, notifications: 2 });
    await requester.caller.offers.markRead();
    expect(await requester.caller.badges.get()).toMatchObject({ offers: 0, notifications: 1 });
  });
});
