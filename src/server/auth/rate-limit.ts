/**
 * Rate limits kept in Postgres so they hold across processes (DESIGN.md §4; spec part 1 §7
 * check_rate_limit_with_delay). A sliding window: each attempt is a row of `rate_limit_hits`;
 * an attempt is allowed while fewer than `max` rows of the key are newer than `windowMs`.
 * Every limit, with its numbers, is listed in docs/architecture.md (Security model).
 */
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimitHits } from "../db/schema";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the next attempt would be allowed; 0 when allowed. */
  delaySeconds: number;
  /** Ids of the attempts recorded (none when refused), for `refundRateLimit`. */
  hitIds: number[];
  /** The key that refused the attempt; null when allowed. */
  refusedBy: string | null;
}

/** One limit: at most `max` attempts of `key` per `windowMs` milliseconds. */
export interface RateLimitRule {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Counts one attempt for every rule's key, all or nothing: the attempt is allowed only when
 * every key has room, and then one row is recorded per key. A refused attempt is not recorded,
 * so waiting the delay (the longest of the refusing keys) always works. Serialised per key with
 * advisory locks, taken in key order (no deadlock between two callers sharing keys).
 */
export async function hitRateLimits(db: Db, rules: RateLimitRule[], now: Date = new Date()): Promise<RateLimitResult> {
  return db.transaction(async (tx) => {
    const sorted = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    let delaySeconds = 0;
    let refusedBy: string | null = null;
    for (const rule of sorted) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${rule.key}, 0))`);
      const since = new Date(now.getTime() - rule.windowMs);
      const rows = await tx
        .select({ at: rateLimitHits.at })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, rule.key), gt(rateLimitHits.at, since)))
        .orderBy(rateLimitHits.at);
      if (rows.length >= rule.max) {
        // The oldest attempts must leave the window before a new one fits.
        const freeing = rows[rows.length - rule.max];
        const retryAt = (freeing?.at.getTime() ?? now.getTime()) + rule.windowMs;
        const delay = Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000));
        if (delay > delaySeconds) {
          delaySeconds = delay;
          refusedBy = rule.key;
        }
      }
    }
    if (refusedBy !== null) return { allowed: false, delaySeconds, hitIds: [], refusedBy };
    if (sorted.length === 0) return { allowed: true, delaySeconds: 0, hitIds: [], refusedBy: null };
    const inserted = await tx
      .insert(rateLimitHits)
      .values(sorted.map((r) => ({ key: r.key, at: now })))
      .returning({ id: rateLimitHits.id });
    return { allowed: true, delaySeconds: 0, hitIds: inserted.map((r) => r.id), refusedBy: null };
  });
}

/** `hitRateLimits` for one key. */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: { max: number; windowMs: number },
  now: Date = new Date(),
): Promise<RateLimitResult> {
  return hitRateLimits(db, [{ key, ...limit }], now);
}

/**
 * Takes back attempts recorded by `hitRateLimits` (e.g. a sign-in that succeeded: only failed
 * sign-ins count). Recording first and refunding after keeps concurrent attempts counted.
 */
export async function refundRateLimit(db: Db, hitIds: number[]): Promise<void> {
  if (hitIds.length === 0) return;
  await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, hitIds));
}

/** Deletes attempts older than `olderThanMs` (housekeeping; the longest window, `RATE_LIMITS.qaAsk`, is a day). */
export async function pruneRateLimits(db: Db, olderThanMs = 25 * 60 * 60 * 1000): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(Date.now() - olderThanMs)));
}
