/**
 * A small tagged-template SQL client over node-postgres for the benchmarks (the app's driver
 * since ADR 0010): `` await sql`select … where id = ${id}` `` resolves to the rows, every
 * interpolated value is a bind parameter ($1, $2 …). Not for the app: it goes through Drizzle.
 */
import pg from "pg";

export interface BenchSql {
  /**
   * Runs the statement with the interpolated values as parameters; resolves to its rows. `T` is
   * the type of the rows array, as with postgres.js (`` sql<{ id: number }[]>`…` ``).
   */
  <T extends readonly unknown[] = Record<string, unknown>[]>(
    strings: TemplateStringsArray,
    ...values: unknown[]
  ): Promise<T>;
  /** Runs `text` as given, with `$n` parameters when `params` is given; resolves to its rows. */
  unsafe<T extends readonly unknown[] = Record<string, unknown>[]>(text: string, params?: unknown[]): Promise<T>;
  /** LISTENs on `channel` on a connection of its own until `unlisten`. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<{ unlisten(): Promise<void> }>;
  /** Closes every connection. */
  end(): Promise<void>;
  /** The pool underneath (for Drizzle). */
  pool: pg.Pool;
}

/**
 * A client of at most `max` connections to `url`. With `max: 1` every statement runs on the
 * same connection as long as it is not idle for `idleTimeoutMs` (default 60 s), so session
 * settings and temporary tables carry from one statement to the next.
 */
export function connectSql(url: string, opts: { max?: number; idleTimeoutMs?: number } = {}): BenchSql {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 4,
    idleTimeoutMillis: opts.idleTimeoutMs ?? 60_000,
  });
  // A lost idle connection is dropped by the pool; the next statement opens a new one.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const listeners: pg.Client[] = [];
  const run = async <T extends readonly unknown[]>(text: string, params?: unknown[]) =>
    (await pool.query(text, params)).rows as unknown as T;
  const sql = (<T extends readonly unknown[]>(strings: TemplateStringsArray, ...values: unknown[]) =>
    run<T>(
      strings.reduce((text, part, i) => `${text}$${i}${part}`),
      values,
    )) as BenchSql;
  sql.unsafe = run;
  sql.pool = pool;
  sql.listen = async (channel, onPayload) => {
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {});
    await client.connect();
    listeners.push(client);
    client.on("notification", (msg) => {
      if (msg.channel === channel) onPayload(msg.payload ?? "");
    });
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    return { unlisten: () => client.end() };
  };
  sql.end = async () => {
    await Promise.all(listeners.map((c) => c.end().catch(() => {})));
    await pool.end();
  };
  return sql;
}
