/**
 * Prepared statements per database (DESIGN.md §9 performance). Drizzle binds a prepared
 * statement to the client it was built on; `perDatabase` builds it on first use for each
 * `Db` (the app's, a test's) and reuses it. node-postgres parses a named statement once per
 * connection and then only binds and executes it; it refuses one name for two different texts,
 * which this rules out (one statement per name and `Db`). Arrays are single parameters, so the
 * text never depends on the values.
 *
 * Only for the pool (`Db`), never for a transaction: a statement prepared on the pool runs
 * outside any transaction.
 */
import type { Db } from "./client";

export function perDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    const cached = cache.get(db);
    if (cached !== undefined) return cached;
    const built = prepare(db);
    cache.set(db, built);
    return built;
  };
}
