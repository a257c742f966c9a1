/**
 * Points and tiers (spec part 1 §4 Tier upgrade, §9; part 2 §4, §9; DESIGN.md §6).
 * Every change is a ledger row (unique per reason and source) plus the balance on the profile,
 * in one transaction with the profile row locked.
 */
import { eq, sql } from "drizzle-orm";
import { TIER_COST, TIERS, type Tier } from "../../common/constants";
import { Msg } from "../../common/messages";
import type { Db, DbOrTx } from "../db/client";
import { pointsLedger, profiles } from "../db/schema";
import { publish } from "../live/events";
import { DomainError } from "./errors";
import { notify } from "./notifications";

type Reason = (typeof pointsLedger.$inferInsert)["reason"];

/**
 * Credits `points` to `userId` once per (reason, sourceId); returns false when it was already
 * credited. Must run inside the caller's transaction.
 */
export async function creditPoints(
  tx: DbOrTx,
  award: { userId: string; points: number; reason: Reason; sourceId: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(pointsLedger)
    .values({ userId: award.userId, delta: award.points, reason: award.reason, sourceId: award.sourceId })
    .onConflictDoNothing()
    .returning({ id: pointsLedger.id });
  if (inserted.length === 0) return false;
  await tx
    .update(profiles)
    .set({ points: sql`${profiles.points} + ${award.points}` })
    .where(eq(profiles.userId, award.userId));
  await publish(tx, { type: "member.changed", userIds: [award.userId] });
  return true;
}

/**
 * Upgrades to `tier`, spending its cost (Silver 500, Gold 1200). No downgrade or same tier.
 * The profile row is locked, so two concurrent upgrades cannot spend the same points.
 * @throws BAD_REQUEST 'You already have this tier or a higher one.' or 'You do not have enough
 *   points for this tier.'
 */
export async function upgradeTier(db: Db, userId: string, tier: Tier): Promise<{ tier: Tier; points: number }> {
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({ tier: profiles.tier, points: profiles.points })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for("update");
    if (!p) throw new DomainError("NOT_FOUND", Msg.notFound);
    if (TIERS.indexOf(tier) <= TIERS.indexOf(p.tier)) {
      throw new DomainError("BAD_REQUEST", Msg.noDowngrade);
    }
    const cost = TIER_COST[tier];
    if (p.points < cost) throw new DomainError("BAD_REQUEST", Msg.notEnoughPoints);
    await tx
      .insert(pointsLedger)
      .values({ userId, delta: -cost, reason: "tier_upgrade", sourceId: `${userId}:${tier}` });
    const [updated] = await tx
      .update(profiles)
      .set({ tier, points: sql`${profiles.points} - ${cost}` })
      .where(eq(profiles.userId, userId))
      .returning({ tier: profiles.tier, points: profiles.points });
    await publish(tx, { type: "member.changed", userIds: [userId] });
    if (!updated) throw new DomainError("NOT_FOUND", Msg.notFound);
    await notify(tx, { userId, kind: "tier_changed", params: { tier: updated.tier } });
    return updated;
  });
}
