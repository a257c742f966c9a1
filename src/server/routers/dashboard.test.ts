/**
 * Dashboard figures through the router on a real database (spec part 2 §2; DESIGN.md §8.1):
 * member counts and recent activity come from real rows.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Caller, createTestApp, type TestApp } from "../../test/app";
import { helpInput, pendingSubmission } from "../../test/fixtures";
import { posts, profiles, users } from "../db/schema";

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.actor("admin");
  admin = a.caller;
});

afterAll(async () => {
  await t?.close();
});

describe("dashboard.memberCounts", () => {
  it("counts approved, unsuspended members, and those active in the last 30 days", async () => {
    const viewer = await t.member();
    const before = await viewer.caller.dashboard.memberCounts();
    const active = await t.member();
    const dormant = await t.member();
    const suspended = await t.member();
    const pending = await t.createUser({ status: "pending" });
    const day = 24 * 3600_000;
    await t.db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, active.id));
    await t.db
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() - 40 * day) })
      .where(eq(users.id, dormant.id));
    await t.db
      .update(users)
      .set({ lastActiveAt: new Date(), suspendedAt: new Date() })
      .where(eq(users.id, suspended.id));
    await t.db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, pending.id));

    const after = await viewer.caller.dashboard.memberCounts();
    expect(after).toEqual({ total: before.total + 2, active: before.active + 1 });

    // And the figures are the real ones.
    const all = await t.db
      .select({ status: profiles.approvalStatus, suspendedAt: users.suspendedAt, lastActiveAt: users.lastActiveAt })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId));
    const counted = all.filter((r) => r.status === "approved" && r.suspendedAt === null);
    expect(after.total).toBe(counted.length);
    expect(after.active).toBe(
      counted.filter((r) => r.lastActiveAt && r.lastActiveAt.getTime() >= Date.now() - 30 * day).length,
    );
  });
});

describe("dashboard.recentActivity", () => {
  it("lists approved shares, active requests and answers, newest first, with names", async () => {
    const stamp = Date.now().toString(36);
    const sharer = await t.member({ name: `Sharer ${stamp}` });
    const requester = await t.member({ name: `Requester ${stamp}` });
    const helper = await t.member({ name: `Helper ${stamp}`, countries: ["ES"] });

    const approved = await pendingSubmission(t, { title: `Approved tip ${stamp}` }, sharer);
    await admin.inbox.review({ id: approved.id, decision: "approved" });
    const rejected = await pendingSubmission(t, { title: `Rejected tip ${stamp}` }, sharer);
    await admin.inbox.review({ id: rejected.id, decision: "rejected" });
    await pendingSubmission(t, { title: `Pending tip ${stamp}` }, sharer);

    const closed = await requester.caller.memberRequests.submit({
      productId: null,
      countryCode: "ES",
      requestType: "co_marketing",
      description: `Closed request ${stamp}`,
    });
    await t.db.update(posts).set({ status: "closed" }).where(eq(posts.id, closed.id));
    const helpReq = await requester.caller.help.submit(
      helpInput({ title: `Help title ${stamp}`, targetCountry: "ES", description: `Help description ${stamp}` }),
    );
    await helper.caller.memberRequests.respond({
      requestId: helpReq.memberRequestId,
      message: "We know the Spanish market.",
      contactEmail: "es@example.com",
      contactPhone: "",
      contactWhatsapp: "",
    });

    const activity = await helper.caller.dashboard.recentActivity();
    expect(activity.length).toBeLessThanOrEqual(10);
    const times = activity.map((a) => a.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const a of activity) expect(a.at).toBeInstanceOf(Date);

    const mine = activity.filter((a) => a.name.endsWith(stamp)).map((a) => [a.kind, a.name, a.subject]);
    expect(mine).toEqual(
      expect.arrayContaining([
        ["shared", `Sharer ${stamp}`, `Approved tip ${stamp}`],
        ["requested", `Requester ${stamp}`, `Help title ${stamp}`],
        ["helped", `Helper ${stamp}`, `Help description ${stamp}`],
      ]),
    );
    expect(mine).toHaveLength(3);
    // The answer came last, so it leads.
    expect(activity[0]).toMatchObject({ kind: "helped", name: `Helper ${stamp}` });

    // Each row names what it links to (issue #13 §1): the member, and the item or the request.
    const byKind = Object.fromEntries(activity.filter((a) => a.name.endsWith(stamp)).map((a) => [a.kind, a]));
    expect(byKind.shared).toMatchObject({ userId: sharer.id, targetId: approved.id, ownRequest: false });
    expect(byKind.requested).toMatchObject({
      userId: requester.id,
      targetId: helpReq.memberRequestId,
      ownRequest: false,
    });
    expect(byKind.helped).toMatchObject({ userId: helper.id, targetId: helpReq.memberRequestId, ownRequest: false });
    const asRequester = await requester.caller.dashboard.recentActivity();
    expect(asRequester.find((a) => a.kind === "helped" && a.name === `Helper ${stamp}`)).toMatchObject({
      ownRequest: true,
    });

    // An unpublished share leaves the activity.
    await admin.library.unpublish({ id: approved.id, note: "Outdated" });
    const after = await helper.caller.dashboard.recentActivity();
    expect(after.map((a) => a.subject)).not.toContain(`Approved tip ${stamp}`);
  });
});

describe("dashboard.recentActivity shows each member only the requests they may see (issue #10 §7)", () => {
  it("a request routed elsewhere, and the answer to it, are hidden; its author, its routed members and its helper see them", async () => {
    const stamp = `v${Date.now().toString(36)}`;
    const requester = await t.member({ name: `Asker ${stamp}` });
    const routed = await t.member({ name: `Routed ${stamp}`, countries: ["PT"] });
    const helper = await t.member({ name: `Answerer ${stamp}`, countries: ["PT"] });
    const outsider = await t.member({ name: `Outsider ${stamp}`, countries: ["FI"] });
    const description = `Secret plan for Portugal ${stamp}`;
    const { id } = await requester.caller.memberRequests.submit({
      productId: null,
      countryCode: "PT",
      requestType: "co_marketing",
      description,
    });
    const subjectsOf = async (who: typeof requester) =>
      (await who.caller.dashboard.recentActivity()).filter((a) => a.subject.includes(stamp)).map((a) => a.kind);

    expect(await subjectsOf(outsider)).toEqual([]);
    expect(await subjectsOf(routed)).toEqual(["requested"]);
    expect(await subjectsOf(requester)).toEqual(["requested"]);

    await helper.caller.memberRequests.respond({
      requestId: id,
      message: "We can help in Lisbon.",
      contactEmail: "pt@example.com",
      contactPhone: "",
      contactWhatsapp: "",
    });
    expect(await subjectsOf(outsider)).toEqual([]);
    expect(await subjectsOf(requester)).toEqual(["helped", "requested"]);
    expect(await subjectsOf(helper)).toEqual(["helped", "requested"]);
    expect(await subjectsOf(routed)).toEqual(["helped", "requested"]);
  });
});
