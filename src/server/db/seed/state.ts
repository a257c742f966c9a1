/**
 * Start-up seeds that skip themselves when nothing changed. The reference lists and the product
 * catalogue are upserted at every start (DESIGN.md §6); with ~650 rows that is most of a start on
 * the embedded database. Each seed records the SHA-256 of its rows in `seed_state`, and a start
 * whose rows hash the same reads one row instead of upserting them all.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../client";
import { seedState } from "../schema/reference";

/** SHA-256 (hex) of `rows` as JSON: the same rows give the same hash in every process. */
export function hashRows(rows: unknown): string {
  return createHash("sha256").update(JSON.stringify(rows)).digest("hex");
}

/**
 * Runs `apply` in one transaction, with the record of `hash` for `name`, unless `hash` is already
 * recorded. Two processes starting at once may both apply: the seeds are idempotent upserts.
 * Returns true when `apply` ran. A row edited by hand is therefore not restored until the seed's
 * rows change (or its `seed_state` row is deleted).
 */
export async function seedIfChanged(
  db: Db,
  name: string,
  hash: string,
  apply: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  const [recorded] = await db.select({ hash: seedState.hash }).from(seedState).where(eq(seedState.name, name));
  if (recorded?.hash === hash) return false;
  await db.transaction(async (tx) => {
    await apply(tx);
    await tx
      .insert(seedState)
      .values({ name, hash })
      .onConflictDoUpdate({ target: seedState.name, set: { hash, appliedAt: new Date() } });
  });
  return true;
}
