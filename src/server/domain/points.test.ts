/**
 * Points and tiers (spec part 1 §4, §9; part 2 §4, §9; DESIGN.md §6; issue #5 §3) on a real
 * database: every change is one ledger row, unique per (reason, source), with the balance on the
 * profile changed in the same transaction; an upgrade spends the tier's cost once, even when
 * two run at the same time, and never leaves the balance negative.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIER_COST } from "../../common/constants";
import { Msg } from "../../common/messages";
import { createMember, outcome } from "../../test/app";
import { createTestDatabase, type TestDatabase } from "../../test/db";
import { ledgerOf, standingOf } from "../../test/fixtures";
import type { Db } from "../db/client";
import { profiles } from "../db/schema";
import { creditPoints, upgradeTier } from "./points";

let tdb: TestDatabase;
let db: Db;

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = tdb.database.db;
});

afterAll(async () => {
  await tdb?.close();
});

describe("creditPoints", () => {
  it("credits once per (reason, source): a ledger row and the balance in one go", async () => {
    const id = (await createMember(db, { points: 10 })).id;
    const award = { userId: id, points: 100, reason: "knowledge_approved", sourceId: "k-1" } as const;
    expect(await db.transaction((tx) => creditPoints(tx, award))).toBe(true);
    expect(await standingOf(db, id)).toEqual({ tier: "turquoise", points: 110 });

    // The same award again pays nothing.
    expect(await db.transaction((tx) => creditPoints(tx, award))).toBe(false);
    expect(await db.transaction((tx) => creditPoints(tx, { ...award, points: 200 }))).toBe(false);
    expect(await standingOf(db, id)).toEqual({ tier: "turquoise", points: 110 });

    // Another source, or the same source id under another reason, is a separate award.
    expect(await db.transaction((tx) => creditPoints(tx, { ...award, sourceId: "k-2", points: 50 }))).toBe(true);
    expect(await db.transaction((tx) => creditPoints(tx, { ...award, reason: "helpful_answer", points: 15 }))).toBe(
      true,
    );
    expect(await standingOf(db, id)).toEqual({ tier: "turquoise", points: 175 });
    expect((await ledgerOf(db, id)).map((r) => [r.reason, r.sourceId, r.delta])).toEqual([
      ["knowledge_approved", "k-1", 100],
      ["knowledge_approved", "k-2", 50],
      ["helpful_answer", "k-1", 15],
    ]);
  });

  it("the (reason, source) key is global: the same source cannot pay a second member", async () => {
    const a = (await createMember(db)).id;
    const b = (await createMember(db)).id;
    const award = { points: 50, reason: "knowledge_approved", sourceId: "shared-source" } as const;
    expect(await db.transaction((tx) => creditPoints(tx, { ...award, userId: a }))).toBe(true);
    expect(await db.transaction((tx) => creditPoints(tx, { ...award, userId: b }))).toBe(false);
    expect((await standingOf(db, a)).points).toBe(50);
    expect((await standingOf(db, b)).points).toBe(0);
    expect(await ledgerOf(db, b)).toEqual([]);
  });

  it("two concurrent credits of the same award pay once", async () => {
    const id = (await createMember(db)).id;
    const award = { userId: id, points: 200, reason: "knowledge_approved", sourceId: "race-1" } as const;
    const results = await Promise.all([
      db.transaction((tx) => creditPoints(tx, award)),
      db.transaction((tx) => creditPoints(tx, award)),
    ]);
    expect(results.sort()).toEqual([false, true]);
    expect((await standingOf(db, id)).points).toBe(200);
    expect(await ledgerOf(db, id)).toHaveLength(1);
  });

  it("rolls back with the caller's transaction", async () => {
    const id = (await createMember(db)).id;
    await expect(
      db.transaction(async (tx) => {
        await creditPoints(tx, { userId: id, points: 100, reason: "knowledge_approved", sourceId: "rolled-back" });
        throw new Error("later failure");
      }),
    ).rejects.toThrow("later failure");
    expect((await standingOf(db, id)).points).toBe(0);
    expect(await ledgerOf(db, id)).toEqual([]);
    // Nothing was used up: the award can still be paid.
    expect(
      await db.transaction((tx) =>
        creditPoints(tx, { userId: id, points: 100, reason: "knowledge_approved", sourceId: "rolled-back" }),
      ),
    ).toBe(true);
  });
});

describe("upgradeTier", () => {
  it("costs 500 for Silver and 1200 for Gold", () => {
    expect(TIER_COST).toEqual({ turquoise: 0, silver: 500, gold: 1200 });
  });

  it("spends the cost, sets the tier and writes one ledger row", async () => {
    const id = (await createMember(db, { points: 530 })).id;
    expect(await upgradeTier(db, id, "silver")).toEqual({ tier: "silver", points: 30 });
    expect(await standingOf(db, id)).toEqual({ tier: "silver", points: 30 });
    const ledger = await ledgerOf(db, id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: -500, reason: "tier_upgrade", sourceId: `${id}:silver` });

    // Silver to Gold costs Gold's price.
    await db.update(profiles).set({ points: 1200 }).where(eq(profiles.userId, id));
    expect(await upgradeTier(db, id, "gold")).toEqual({ tier: "gold", points: 0 });
    expect((await ledgerOf(db, id)).map((r) => r.delta)).toEqual([-500, -1200]);
  });

  it("Turquoise straight to Gold with exactly 1200 points", async () => {
    const id = (await createMember(db, { points: 1200 })).id;
    expect(await upgradeTier(db, id, "gold")).toEqual({ tier: "gold", points: 0 });
  });

  it("without enough points is refused and changes nothing", async () => {
    for (const [tier, points] of [
      ["silver", 499],
      ["gold", 1199],
      ["gold", 0],
    ] as const) {
      const id = (await createMember(db, { points })).id;
      await expect(upgradeTier(db, id, tier)).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: Msg.notEnoughPoints,
      });
      expect(await standingOf(db, id)).toEqual({ tier: "turquoise", points });
      expect(await ledgerOf(db, id)).toEqual([]);
    }
    const silver = (await createMember(db, { tier: "silver", points: 1000 })).id;
    await expect(upgradeTier(db, silver, "gold")).rejects.toMatchObject({ message: Msg.notEnoughPoints });
    expect(await standingOf(db, silver)).toEqual({ tier: "silver", points: 1000 });
  });

  it("the same tier or a lower one is refused, whatever the balance", async () => {
    for (const [from, to] of [
      ["turquoise", "turquoise"],
      ["silver", "silver"],
      ["silver", "turquoise"],
      ["gold", "gold"],
      ["gold", "silver"],
      ["gold", "turquoise"],
    ] as const) {
      const id = (await createMember(db, { tier: from, points: 5000 })).id;
      await expect(upgradeTier(db, id, to), `${from} → ${to}`).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: Msg.noDowngrade,
      });
      expect(await standingOf(db, id)).toEqual({ tier: from, points: 5000 });
      expect(await ledgerOf(db, id)).toEqual([]);
    }
  });

  it("an unknown member is NOT_FOUND", async () => {
    await expect(upgradeTier(db, "00000000-0000-4000-8000-000000000000", "silver")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  /** Balance and ledger agree, never negative, at most one upgrade per tier. */
  async function expectConsistent(id: string, startPoints: number) {
    const { points } = await standingOf(db, id);
    const ledger = await ledgerOf(db, id);
    expect(points).toBeGreaterThanOrEqual(0);
    expect(ledger.reduce((s, r) => s + r.delta, 0)).toBe(points - startPoints);
    const tiers = ledger.map((r) => r.sourceId.split(":")[1]);
    expect(new Set(tiers).size).toBe(tiers.length);
    return { points, ledger };
  }

  it("two concurrent Gold upgrades with 1200 points spend once", async () => {
    const id = (await createMember(db, { points: 1200 })).id;
    const results = await Promise.allSettled([upgradeTier(db, id, "gold"), upgradeTier(db, id, "gold")]);
    expect(results.map(outcome).sort()).toEqual([`BAD_REQUEST: ${Msg.noDowngrade}`, "OK"]);
    expect(await standingOf(db, id)).toEqual({ tier: "gold", points: 0 });
    const { ledger } = await expectConsistent(id, 1200);
    expect(ledger).toHaveLength(1);
  });

  it("Silver and Gold at once with 1200 points: exactly one of the two valid outcomes", async () => {
    const id = (await createMember(db, { points: 1200 })).id;
    const [silver, gold] = (await Promise.allSettled([upgradeTier(db, id, "silver"), upgradeTier(db, id, "gold")])).map(
      outcome,
    );
    const standing = await standingOf(db, id);
    const { ledger } = await expectConsistent(id, 1200);
    expect(ledger).toHaveLength(1);
    if (silver === "OK") {
      // Silver first: 700 left is not enough for Gold.
      expect(gold).toBe(`BAD_REQUEST: ${Msg.notEnoughPoints}`);
      expect(standing).toEqual({ tier: "silver", points: 700 });
    } else {
      // Gold first: Silver is then a downgrade.
      expect([silver, gold]).toEqual([`BAD_REQUEST: ${Msg.noDowngrade}`, "OK"]);
      expect(standing).toEqual({ tier: "gold", points: 0 });
    }
  });

  it("Silver and Gold at once with 1700 points: either both (Silver first) or Gold alone", async () => {
    const id = (await createMember(db, { points: 1700 })).id;
    const [silver, gold] = (await Promise.allSettled([upgradeTier(db, id, "silver"), upgradeTier(db, id, "gold")])).map(
      outcome,
    );
    const standing = await standingOf(db, id);
    await expectConsistent(id, 1700);
    expect(gold).toBe("OK");
    expect(standing.tier).toBe("gold");
    if (silver === "OK") expect(standing.points).toBe(0);
    else {
      expect(silver).toBe(`BAD_REQUEST: ${Msg.noDowngrade}`);
      expect(standing.points).toBe(500);
    }
  });

  it("many concurrent upgrades of many members keep every balance consistent", async () => {
    const starts = [0, 499, 500, 1000, 1200, 1699, 1700, 2400];
    const ids = await Promise.all(starts.map((points) => createMember(db, { points }).then((u) => u.id)));
    await Promise.allSettled(
      ids.flatMap((id) => [
        upgradeTier(db, id, "gold"),
        upgradeTier(db, id, "silver"),
        upgradeTier(db, id, "gold"),
        upgradeTier(db, id, "silver"),
      ]),
    );
    for (const [i, id] of ids.entries()) {
      const { ledger } = await expectConsistent(id, starts[i]!);
      expect(ledger.length).toBeLessThanOrEqual(2);
    }
    // A balance can never go below zero through an upgrade.
    const [neg] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(and(sql`${profiles.points} < 0`));
    expect(neg?.n).toBe(0);
  });
});
