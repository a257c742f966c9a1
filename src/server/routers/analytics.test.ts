/**
 * Admin analytics (issue #17 §3): every figure of every chart against data seeded at known times
 * (three ISO weeks of January 2024: the 1st, 8th and 15th are Mondays), rows just outside the
 * range left out, weeks without data as zeros; the default range; members and other callers
 * refused; a range that ends before it starts, spans more than two years or is not a date is a
 * 400 with its text.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_CHARTS, ANALYTICS_DEFAULT_WEEKS, defaultRange } from "../../common/analytics";
import { POST_AREAS } from "../../common/constants";
import { Msg } from "../../common/messages";
import { type Caller, createTestApp, expectTRPCError, type TestApp, type TestUser } from "../../test/app";
import { answeredRequest, RESPONSE_CONTACTS } from "../../test/fixtures";
import { recordActiveDay } from "../domain/analytics";

let t: TestApp;
let admin: Caller;
let adminUser: TestUser;
const RANGE = { from: "2024-01-01", to: "2024-01-21" };

let a1: TestUser; // approved: exporter + export expert, silver, DE and FR
let a4: TestUser; // approved: provider, gold, DE

async function exec(query: ReturnType<typeof sql>) {
  return t.db.execute(query);
}

async function setProfile(user: TestUser, appliedAt: string, reviewedAt: string | null) {
  await exec(sql`update profiles set applied_at = ${appliedAt}::timestamptz, reviewed_at = ${reviewedAt}::timestamptz
                 where user_id = ${user.id}`);
}

async function post(user: TestUser, area: string, kind: string, at: string): Promise<number> {
  const result = await exec(sql`
    insert into posts (user_id, area, kind, request_type, description, created_at, expires_at)
    values (${user.id}, ${area}::post_area, ${kind}::post_kind,
            ${area === "membership" ? "co_marketing" : null}::request_type, 'Analytics test post',
            ${at}::timestamptz, ${at}::timestamptz + interval '30 days')
    returning id`);
  return Number((result as unknown as { rows: { id: number }[] }).rows[0]?.id);
}

async function respond(
  postId: number,
  responder: TestUser,
  afterHours: number,
  rating?: { stars: number; at: string },
) {
  await exec(sql`
    insert into post_responses (post_id, responder_id, requester_id, message, created_at, rating, rated_at)
    select id, ${responder.id}, user_id, 'We can help', created_at + make_interval(hours => ${afterHours}),
           ${rating?.stars ?? null}::smallint, ${rating?.at ?? null}::timestamptz
    from posts where id = ${postId}`);
  // As the response's transaction does (domain/posts.ts respondToPost).
  await exec(sql`update posts set first_response_at = (select min(created_at) from post_responses where post_id = ${postId})
                 where id = ${postId}`);
}

async function active(user: TestUser, at: string) {
  await t.db.transaction((tx) => recordActiveDay(tx, user.id, new Date(at)));
}

beforeAll(async () => {
  t = await createTestApp();
  const actor = await t.actor("admin"); // approved, exporter, turquoise, no target country
  admin = actor.caller;
  adminUser = actor.user as TestUser;

  // Applicants and reviews.
  a1 = await t.createUser({
    status: "approved",
    activities: ["exporter", "export_expert"],
    tier: "silver",
    targetCountries: ["DE", "FR"],
  });
  const a2 = await t.createUser({
    status: "rejected",
    activities: ["export_service_provider"],
    targetCountries: ["DE"],
  });
  const a3 = await t.createUser({ status: "pending" });
  a4 = await t.createUser({
    status: "approved",
    activities: ["export_service_provider"],
    tier: "gold",
    targetCountries: ["DE"],
  });
  const a5 = await t.createUser({ status: "pending" });
  const a6 = await t.createUser({ status: "pending" });
  const suspended = await t.createUser({ status: "approved", tier: "gold", targetCountries: ["FR"] });
  await exec(sql`update users set suspended_at = '2024-01-05T00:00:00Z' where id = ${suspended.id}`);
  await setProfile(a1, "2024-01-02T09:00:00Z", "2024-01-09T12:00:00Z");
  await setProfile(a2, "2024-01-03T09:00:00Z", "2024-01-10T12:00:00Z");
  await setProfile(a3, "2024-01-09T09:00:00Z", null);
  await setProfile(a4, "2023-12-20T09:00:00Z", "2024-01-16T12:00:00Z");
  await setProfile(a5, "2024-01-21T23:59:59Z", null); // the range's last second
  await setProfile(a6, "2024-01-22T00:00:00Z", null); // just after it
  await setProfile(suspended, "2023-01-02T09:00:00Z", "2023-01-03T09:00:00Z");
  await setProfile(adminUser, "2022-01-03T09:00:00Z", "2022-01-04T09:00:00Z");

  // Posts and responses (delays in hours), ratings.
  const p1 = await post(a1, "collaboration", "request", "2024-01-02T10:00:00Z");
  const p2 = await post(a4, "collaboration", "offer", "2024-01-03T10:00:00Z");
  await post(a1, "membership", "request", "2024-01-09T10:00:00Z"); // never answered
  const p4 = await post(a1, "export_services", "request", "2024-01-16T10:00:00Z");
  await post(a4, "information", "offer", "2024-01-16T11:00:00Z"); // never answered
  const p6 = await post(a1, "collaboration", "request", "2023-12-31T23:59:59Z"); // the week before
  await respond(p1, a4, 2, { stars: 3, at: "2024-01-05T00:00:00Z" });
  await respond(p1, adminUser, 6, { stars: 1, at: "2024-01-05T00:00:00Z" });
  await respond(p2, a1, 4, { stars: 3, at: "2024-01-10T00:00:00Z" });
  await respond(p4, a4, 10, { stars: 2, at: "2024-01-25T00:00:00Z" }); // rated after the range
  await respond(p6, a4, 1);

  // Knowledge and the points ledger.
  await exec(sql`
    insert into shared_knowledge (user_id, title, content, share_type, category, status, reviewed_at, created_at) values
      (${a1.id}, 'Approved', 'Text', 'experience', 'x', 'approved', '2024-01-09T08:00:00Z', '2024-01-02T08:00:00Z'),
      (${a1.id}, 'Rejected', 'Text', 'experience', 'x', 'rejected', '2024-01-04T08:00:00Z', '2024-01-03T08:00:00Z'),
      (${a4.id}, 'Pending', 'Text', 'experience', 'x', 'pending', null, '2024-01-17T08:00:00Z'),
      (${a4.id}, 'Earlier', 'Text', 'experience', 'x', 'approved', '2023-12-30T08:00:00Z', '2023-12-29T08:00:00Z')`);
  await exec(sql`
    insert into points_ledger (user_id, delta, reason, source_id, created_at) values
      (${a1.id}, 100, 'knowledge_approved', 'k1', '2024-01-09T08:00:00Z'),
      (${a4.id}, 15, 'helpful_answer', 'r1', '2024-01-10T08:00:00Z'),
      (${a1.id}, 2, 'knowledge_liked', 'l1', '2024-01-16T08:00:00Z'),
      (${a1.id}, -2, 'knowledge_like_withdrawn', 'l1', '2024-01-17T08:00:00Z'),
      (${a4.id}, -500, 'tier_upgrade', 'a4:silver', '2024-01-16T08:00:00Z'),
      (${a1.id}, 2, 'knowledge_liked', 'l2', '2024-01-22T08:00:00Z')`);

  // Activity, as the sign-in and the activity heartbeat record it.
  await active(a1, "2024-01-02T08:00:00Z");
  await active(a1, "2024-01-03T08:00:00Z");
  await active(a1, "2024-01-03T18:00:00Z"); // the same day again
  await active(a4, "2023-12-10T08:00:00Z");
  await active(suspended, "2024-01-03T08:00:00Z"); // suspended when recorded: not counted
  await active(a2, "2024-01-03T08:00:00Z"); // rejected: not counted
  await active(a4, "2024-01-16T09:00:00Z");
  await active(a1, "2024-01-09T08:00:00Z");
});

afterAll(async () => {
  await t?.close();
});

describe("weekly figures", () => {
  it("applicants, approvals and rejections per week", async () => {
    expect(await admin.analytics.applications(RANGE)).toEqual([
      { week: "2024-01-01", applicants: 2, approved: 0, rejected: 0 },
      { week: "2024-01-08", applicants: 1, approved: 1, rejected: 1 },
      { week: "2024-01-15", applicants: 1, approved: 1, rejected: 0 },
    ]);
    // A range that ends on a Tuesday: its last week is partial, the end day included.
    expect(await admin.analytics.applications({ from: "2024-01-08", to: "2024-01-09" })).toEqual([
      { week: "2024-01-08", applicants: 1, approved: 1, rejected: 0 },
    ]);
  });

  it("requests and offers per service area and week, every area of every week", async () => {
    const rows = await admin.analytics.posts(RANGE);
    expect(rows).toHaveLength(3 * POST_AREAS.length);
    const nonZero = rows.filter((r) => r.requests > 0 || r.offers > 0);
    expect(nonZero).toEqual([
      { week: "2024-01-01", area: "collaboration", requests: 1, offers: 1 },
      { week: "2024-01-08", area: "membership", requests: 1, offers: 0 },
      { week: "2024-01-15", area: "export_services", requests: 1, offers: 0 },
      { week: "2024-01-15", area: "information", requests: 0, offers: 1 },
    ]);
    expect(rows.slice(0, POST_AREAS.length).map((r) => r.area)).toEqual([...POST_AREAS]);
  });

  it("response rate and median hours to the first response, per week and over the range", async () => {
    expect(await admin.analytics.responses(RANGE)).toEqual({
      weeks: [
        { week: "2024-01-01", posts: 2, answered: 2, rate: 1, medianHours: 3 },
        { week: "2024-01-08", posts: 1, answered: 0, rate: 0, medianHours: null },
        { week: "2024-01-15", posts: 2, answered: 1, rate: 0.5, medianHours: 10 },
      ],
      total: { posts: 5, answered: 3, rate: 0.6, medianHours: 4 },
    });
    expect(await admin.analytics.responses({ from: "2024-02-05", to: "2024-02-11" })).toEqual({
      weeks: [{ week: "2024-02-05", posts: 0, answered: 0, rate: null, medianHours: null }],
      total: { posts: 0, answered: 0, rate: null, medianHours: null },
    });
  });

  it("ratings given in the range per star, and their average", async () => {
    expect(await admin.analytics.ratings(RANGE)).toEqual({
      stars: [
        { stars: 1, ratings: 1 },
        { stars: 2, ratings: 0 },
        { stars: 3, ratings: 2 },
      ],
      average: 2.33,
    });
    expect(await admin.analytics.ratings({ from: "2024-01-22", to: "2024-01-31" })).toEqual({
      stars: [
        { stars: 1, ratings: 0 },
        { stars: 2, ratings: 1 },
        { stars: 3, ratings: 0 },
      ],
      average: 2,
    });
  });

  it("knowledge submissions, approvals and points credited (tier purchases left out)", async () => {
    expect(await admin.analytics.knowledge(RANGE)).toEqual([
      { week: "2024-01-01", submissions: 2, approved: 0, points: 0 },
      { week: "2024-01-08", submissions: 0, approved: 1, points: 115 },
      { week: "2024-01-15", submissions: 1, approved: 0, points: 0 },
    ]);
  });

  it("active members in the 7 and 30 days up to each week's end (approved, unsuspended only)", async () => {
    expect(await admin.analytics.activeMembers(RANGE)).toEqual([
      { week: "2024-01-01", active7: 1, active30: 2 },
      { week: "2024-01-08", active7: 1, active30: 1 },
      { week: "2024-01-15", active7: 1, active30: 2 },
    ]);
    // Ending on Wednesday the 10th: the last week's windows end with that day.
    expect(await admin.analytics.activeMembers({ from: "2024-01-08", to: "2024-01-10" })).toEqual([
      { week: "2024-01-08", active7: 1, active30: 1 },
    ]);
  });
});

describe("members today", () => {
  it("by activity, tier and target country: approved and unsuspended members only", async () => {
    expect(await admin.analytics.membersByActivity(RANGE)).toEqual([
      { key: "exporter", members: 2 },
      { key: "export_expert", members: 1 },
      { key: "export_service_provider", members: 1 },
    ]);
    expect(await admin.analytics.membersByTier(RANGE)).toEqual([
      { key: "turquoise", members: 1 },
      { key: "silver", members: 1 },
      { key: "gold", members: 1 },
    ]);
    expect(await admin.analytics.membersByCountry(RANGE)).toEqual({
      countries: [
        { key: "DE", members: 2 },
        { key: "FR", members: 1 },
      ],
      members: 3,
      withoutCountry: 1,
    });
  });
});

describe("range", () => {
  it("defaults to the last 12 weeks, this week included", async () => {
    const rows = await admin.analytics.applications();
    expect(rows).toHaveLength(ANALYTICS_DEFAULT_WEEKS);
    expect(rows[0]?.week).toBe(defaultRange().from);
    const today = new Date();
    const monday = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - ((today.getUTCDay() + 6) % 7)),
    );
    expect(rows.at(-1)?.week).toBe(monday.toISOString().slice(0, 10));
  });

  it("refuses a range that ends before it starts, spans over two years or is not a date (400)", async () => {
    for (const chart of ANALYTICS_CHARTS) {
      await expectTRPCError(
        () => admin.analytics[chart]({ from: "2024-01-10", to: "2024-01-09" }),
        "BAD_REQUEST",
        Msg.analyticsRangeOrder,
      );
    }
    await expectTRPCError(
      () => admin.analytics.posts({ from: "2022-01-01", to: "2024-01-03" }),
      "BAD_REQUEST",
      Msg.analyticsRangeTooLong,
    );
    // Exactly two years and a leap day is accepted: Saturday 2022-01-01's week to Tuesday 2024-01-02's.
    const longest = await admin.analytics.knowledge({ from: "2022-01-01", to: "2024-01-02" });
    expect(longest).toHaveLength(106);
    expect([longest[0]?.week, longest.at(-1)?.week]).toEqual(["2021-12-27", "2024-01-01"]);
    await expectTRPCError(
      () => admin.analytics.ratings({ from: "2024-02-30", to: "2024-03-01" }),
      "BAD_REQUEST",
      Msg.invalidDate,
    );
    const admin2 = await t.actor("admin");
    const res = await t.query("analytics.responses", { from: "2024-01-10", to: "2024-01-01" }, { token: admin2.token });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(Msg.analyticsRangeOrder);
  });
});

describe("authorization", () => {
  it("refuses members, applicants and anonymous callers", async () => {
    for (const kind of ["member", "pending", "rejected"] as const) {
      const caller = await t.callerFor(kind);
      await expectTRPCError(() => caller.analytics.applications(RANGE), "FORBIDDEN");
    }
    await expectTRPCError(() => t.callerWith(null).analytics.ratings(RANGE), "UNAUTHORIZED");
    const member = await t.actor("member");
    expect((await t.query("analytics.knowledge", RANGE, { token: member.token })).status).toBe(403);
  });
});

describe("the first response's time", () => {
  it("is kept on the post by the first response only (what the responses chart reads)", async () => {
    const { requestId, responseId } = await answeredRequest(t, "FR");
    const firstOf = async () =>
      (
        (await exec(sql`select p.first_response_at is not null as set, p.first_response_at = r.created_at as same
                        from posts p join post_responses r on r.post_id = p.id where r.id = ${responseId}`)) as unknown as {
          rows: { set: boolean; same: boolean }[];
        }
      ).rows[0];
    expect(await firstOf()).toEqual({ set: true, same: true });
    const second = await t.member({ countries: ["FR"] });
    await second.caller.memberRequests.respond({
      requestId,
      message: "We also distribute there.",
      ...RESPONSE_CONTACTS,
    });
    expect(await firstOf()).toEqual({ set: true, same: true });
  });
});
