/**
 * Rate limits kept in Postgres so they hold across processes (DESIGN.md §4; spec part 1 §7
 * check_rate_limit_with_delay). A sliding window: each attempt is a row; an attempt is allowed
 * while fewer than `max` rows of the key are newer than `windowMs`.
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimitHits } from "../db/schema";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the next attempt would be allowed; 0 when allowed. */
  delaySeconds: number;
}

/**
 * Counts one attempt for `key` and says whether it is allowed. A refused attempt is not
 * recorded, so waiting the delay always works. Serialised per key with an advisory lock.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: { max: number; windowMs: number },
  now: Date = new Date(),
): Promise<RateLimitResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const since = new Date(now.getTime() - limit.windowMs);
    const rows = await tx
      .select({ at: rateLimitHits.at })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.at, since)))
      .orderBy(rateLimitHits.at);
    if (rows.length >= limit.max) {
      // The oldest attempts must leave the window before a new one fits.
      const freeing = rows[rows.length - limit.max];
      const retryAt = (freeing?.at.getTime() ?? now.getTime()) + limit.windowMs;
      return { allowed: false, delaySeconds: Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)) };
    }
    await tx.insert(rateLimitHits).values({ key, at: now });
    return { allowed: true, delaySeconds: 0 };
  });
}

/** Deletes attempts older than `olderThanMs` (housekeeping; the longest window is an hour). */
export async function pruneRateLimits(db: Db, olderThanMs = 2 * 60 * 60 * 1000): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(Date.now() - olderThanMs)));
}
