/**
 * The leaderboard through the router on a real database (spec part 2 §2; DESIGN.md §8.1): ranks
 * come from real balances and this month's ledger rows.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { pointsLedger, profiles, users } from "../db/schema";
import { monthStart } from "../domain/help";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe("leaderboard.list", () => {
  // Far above anything the other tests award, so these members lead.
  const BIG = 10_000_000;

  it("allTime ranks approved, active members by balance with ties, and shows the viewer", async () => {
    const first = await t.member({ points: BIG + 2000, name: "Zz Leader" });
    const tieB = await t.member({ points: BIG + 1000, name: "Bb Tied" });
    const tieA = await t.member({ points: BIG + 1000, name: "Aa Tied" });
    const fourth = await t.member({ points: BIG, name: "Fourth" });
    const pendingRich = await t.createUser({ status: "pending", name: "Pending Rich" });
    await t.db
      .update(profiles)
      .set({ points: BIG * 5 })
      .where(eq(profiles.userId, pendingRich.id));
    const suspended = await t.member({ points: BIG * 5, name: "Suspended Rich" });
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    const viewer = await t.member({ points: 7 });

    const board = await viewer.caller.leaderboard.list({ period: "allTime", limit: 4 });
    expect(board.top.map((r) => [r.name, r.rank, r.points])).toEqual([
      ["Zz Leader", 1, BIG + 2000],
      ["Aa Tied", 2, BIG + 1000],
      ["Bb Tied", 2, BIG + 1000],
      ["Fourth", 4, BIG],
    ]);
    expect(board.top[0]).toMatchObject({ userId: first.id, tier: "turquoise", activities: [] });
    expect(board.top.map((r) => r.userId)).toEqual([first.id, tieA.id, tieB.id, fourth.id]);
    for (const r of board.top) {
      expect(typeof r.rank).toBe("number");
      expect(typeof r.points).toBe("number");
    }

    // The viewer's own rank: one more than the active members with more points.
    const all = await t.db
      .select({ points: profiles.points, suspendedAt: users.suspendedAt, status: profiles.approvalStatus })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId));
    const expectedRank =
      all.filter((r) => r.status === "approved" && r.suspendedAt === null && r.points > 7).length + 1;
    expect(board.me).toMatchObject({ userId: viewer.id, points: 7, rank: expectedRank });

    const leaderView = await first.caller.leaderboard.list({ period: "allTime" });
    expect(leaderView.me).toMatchObject({ userId: first.id, rank: 1, points: BIG + 2000 });
    expect(leaderView.top.length).toBeLessThanOrEqual(20);
    expect(leaderView.top.map((r) => r.userId)).not.toContain(suspended.id);
    expect(leaderView.top.map((r) => r.userId)).not.toContain(pendingRich.id);
    // A suspended member is not ranked, even for themselves.
    await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, suspended.id));
    const back = await t.callerOf(suspended.token);
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    expect((await back.leaderboard.list({ period: "allTime" })).me).toBeNull();
  });

  it("month counts the points earned this month: every ledger row but tier upgrades, withdrawn likes netted", async () => {
    const now = Date.now();
    const lastMonth = new Date(monthStart().getTime() - 24 * 3600_000);
    const earner = await t.member({ name: "Month Earner" });
    const spender = await t.member({ name: "Month Spender", points: 999 });
    const veteran = await t.member({ name: "Veteran", points: BIG * 10 });
    const viewer = await t.member();
    await t.db.insert(pointsLedger).values([
      // earner: 3 000 000 this month
      { userId: earner.id, delta: 2_000_000, reason: "knowledge_approved", sourceId: `m-${now}-1` },
      { userId: earner.id, delta: 1_000_000, reason: "helpful_answer", sourceId: `m-${now}-2` },
      // spender: 2 000 000 earned this month, a spend this month, a big award last month
      { userId: spender.id, delta: 2_000_000, reason: "knowledge_approved", sourceId: `m-${now}-3` },
      { userId: spender.id, delta: -1_500_000, reason: "tier_upgrade", sourceId: `m-${now}-4` },
      // earner: a like credited and withdrawn this month counts for nothing
      { userId: earner.id, delta: 2, reason: "knowledge_liked", sourceId: `m-${now}-7` },
      { userId: earner.id, delta: -2, reason: "knowledge_like_withdrawn", sourceId: `m-${now}-7` },
      {
        userId: spender.id,
        delta: 5_000_000,
        reason: "knowledge_approved",
        sourceId: `m-${now}-5`,
        createdAt: lastMonth,
      },
      // veteran: everything last month
      {
        userId: veteran.id,
        delta: BIG * 10,
        reason: "knowledge_approved",
        sourceId: `m-${now}-6`,
        createdAt: lastMonth,
      },
    ]);

    const board = await viewer.caller.leaderboard.list({ period: "month", limit: 2 });
    expect(board.top.map((r) => [r.userId, r.rank, r.points])).toEqual([
      [earner.id, 1, 3_000_000],
      [spender.id, 2, 2_000_000],
    ]);
    expect(typeof board.top[0]!.points).toBe("number");
    const full = await viewer.caller.leaderboard.list({ period: "month", limit: 100 });
    expect(full.top.map((r) => r.userId)).not.toContain(veteran.id);
    expect(full.top.every((r) => r.points > 0)).toBe(true);
    expect((await spender.caller.leaderboard.list({ period: "month" })).me).toMatchObject({
      userId: spender.id,
      rank: 2,
      points: 2_000_000,
    });
    // Nothing earned this month: not ranked.
    expect(board.me).toBeNull();
    // The all-time board still ranks the veteran by balance.
    expect((await veteran.caller.leaderboard.list({ period: "allTime" })).me).toMatchObject({ rank: 1 });
  });

  it("allTime ranks by points earned: spending points on an upgrade does not drop a member", async () => {
    const BIGGER = BIG * 100;
    const buyer = await t.member({ name: "Upgrade Buyer", points: BIGGER });
    const saver = await t.member({ name: "Saver", points: BIGGER - 100 });
    const viewer = await t.member();
    const before = await viewer.caller.leaderboard.list({ period: "allTime", limit: 2 });
    expect(before.top.map((r) => r.userId)).toEqual([buyer.id, saver.id]);

    // The buyer spends 600 on Silver through the real upgrade: the balance falls below the saver's.
    await buyer.caller.points.upgrade({ tier: "silver" });
    const [row] = await t.db.select({ points: profiles.points }).from(profiles).where(eq(profiles.userId, buyer.id));
    expect(row!.points).toBeLessThan(BIGGER - 100);

    const after = await viewer.caller.leaderboard.list({ period: "allTime", limit: 2 });
    expect(after.top.map((r) => [r.userId, r.rank, r.points])).toEqual([
      [buyer.id, 1, BIGGER],
      [saver.id, 2, BIGGER - 100],
    ]);
    expect((await buyer.caller.leaderboard.list({ period: "allTime" })).me).toMatchObject({ rank: 1, points: BIGGER });
  });
});
