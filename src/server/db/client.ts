/**
 * Database connection: node-postgres (`pg`) when a URL is given, otherwise embedded PGlite
 * persisted in a folder (DESIGN.md §1; ADR 0010 for the driver). Both give the same Drizzle API;
 * `listen` subscribes to NOTIFY. `db.execute` returns `{ rows }` with either driver.
 *
 * A Postgres restart must not end the process (issue #10 §2): every pooled client carries an
 * 'error' listener for its whole life (pg-pool only listens while a client is idle, and an
 * 'error' event without a listener is thrown), the pool's own 'error' event is reported, and
 * the LISTEN connection reconnects by itself (`listener.ts`).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import { MIGRATIONS_FOLDER, PGLITE_TEMPLATE, PROJECT_ROOT } from "../paths";
import { type DbErrorReporter, PgListener } from "./listener";
import * as schema from "./schema";

export { MIGRATIONS_FOLDER };

export type Schema = typeof schema;
/** The Drizzle database (or transaction) type used everywhere. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface ListenOptions {
  /**
   * Called after the LISTEN connection was lost and made again (Postgres only): notifications
   * sent meanwhile are lost, so whatever they would have updated must be reloaded.
   */
  onReconnect?: () => void;
}

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  /**
   * Runs one SQL text with `$n` parameters outside Drizzle, for a library that brings its own SQL
   * (the job queue, pg-boss: jobs/queue.ts). Without parameters the text may hold several
   * statements; the result is the last one's rows.
   */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** How long a request waits for a pooled connection before failing (then answered 503). */
const CONNECT_TIMEOUT_MS = 5_000;
/** How long `close` waits for checked-out clients before giving up on a clean end. */
const CLOSE_TIMEOUT_MS = 5_000;

/** Default reporter: one line on stderr, without the error's query or parameters. */
const warnOnStderr: DbErrorReporter = (err, source) => {
  const code = (err as { code?: unknown }).code;
  console.warn(`database ${source} connection error${typeof code === "string" ? ` (${code})` : ""}: ${err.message}`);
};

/** `fn` run at most once; later calls share the first call's promise (close is idempotent). */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}

/** True when the build's embedded-database template exists and was made by the installed PGlite. */
function pgliteTemplateUsable(): boolean {
  try {
    const made = JSON.parse(readFileSync(PGLITE_TEMPLATE.replace(/\.tar\.gz$/, ".json"), "utf8")) as {
      pglite?: string;
    };
    const installed = JSON.parse(
      readFileSync(path.join(PROJECT_ROOT, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
    ) as { version: string };
    return made.pglite === installed.version && existsSync(PGLITE_TEMPLATE);
  } catch {
    return false;
  }
}

/**
 * Unpacks the build's template (`PGLITE_TEMPLATE`, a PGlite data-folder dump) into the empty folder
 * `dir`: into a sibling folder first, renamed into place when complete, so a start that dies
 * half-way leaves no folder that looks like a database. Unpacking with `tar` on the disk costs
 * about half the CPU time of handing the dump to PGlite (`loadDataDir`, which writes every file
 * through Emscripten's file system). Returns false, doing nothing, when there is no usable
 * template or `dir` is not empty.
 */
async function unpackPgliteTemplate(dir: string): Promise<boolean> {
  if (!pgliteTemplateUsable() || readdirSync(dir).length > 0) return false;
  const { x } = await import("tar");
  const staging = `${dir}.unpacking-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  try {
    // Synchronously: node-tar's async mode spent about 60 % more CPU time on the template's 1,162
    // files (5 paired runs, median 2.6 s against 1.6 s on a loaded machine), and nothing else
    // runs before the database is open.
    x({ file: PGLITE_TEMPLATE, cwd: staging, sync: true });
    rmdirSync(dir);
    renameSync(staging, dir);
    return true;
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
}

const WALKERS = new WeakMap<Db, Db>();

/**
 * The connections of `db` that never plan a bitmap scan (`enable_bitmapscan = off`), for the
 * posts boards' newest-first walks (domain/posts.ts, ADR 16): a second, smaller pool on Postgres;
 * the embedded database has one connection, so it is `db` itself.
 */
export function walkingDb(db: Db): Db {
  return WALKERS.get(db) ?? db;
}

/**
 * Opens the database. `url` = postgres connection string; else PGlite in `dataDir/pglite`
 * (or in memory when `dataDir` is `memory://`). `onError` hears connection errors that belong
 * to no query (an idle pooled client or the LISTEN connection lost); default: a stderr line.
 * Connecting is lazy on Postgres: a server that is down fails the first query, not this call.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  poolSize?: number;
  onError?: DbErrorReporter;
  /**
   * Embedded database only: a new data folder starts from the build's migrated and seeded
   * template (`PGLITE_TEMPLATE`) when there is one, which saves initdb (about two thirds of a
   * first start's CPU time). The server sets it; tests and tools start empty.
   */
  fromTemplate?: boolean;
}): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const report = opts.onError ?? warnOnStderr;
    const connection = {
      connectionString: opts.url,
      application_name: "export-club",
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // TCP keep-alive, so a peer that vanished without a FIN is noticed.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    };
    const pool: Pool = new pg.Pool({ ...connection, max: opts.poolSize ?? 10 });
    // An idle client's error (e.g. 57P01 on a restart) is emitted on the pool; pg-pool has
    // already removed that client, so reporting it is all there is to do.
    pool.on("error", (err) => report(err, "pool"));
    // A checked-out client between two queries (inside a transaction, say) has no listener of
    // pg-pool's: without this one its 'error' event would be thrown and end the process. The
    // error also makes the client unqueryable, so its next query fails and the pool drops it.
    pool.on("connect", (client) => {
      client.on("error", () => {});
    });
    const db = drizzle(pool, { schema, casing: "snake_case" }) as unknown as Db;
    // The board walks of posts (domain/posts.ts; ADR 16): a few connections without bitmap scans.
    const walkPool: Pool = new pg.Pool({
      ...connection,
      options: "-c enable_bitmapscan=off -c plan_cache_mode=force_generic_plan",
      max: Math.max(2, Math.ceil((opts.poolSize ?? 10) / 2)),
    });
    walkPool.on("error", (err) => report(err, "pool"));
    walkPool.on("connect", (client) => {
      client.on("error", () => {});
    });
    WALKERS.set(db, drizzle(walkPool, { schema, casing: "snake_case" }) as unknown as Db);
    const listener = new PgListener(connection, report);
    return {
      db,
      kind: "postgres",
      async query(text, values) {
        const result = await pool.query(text, values);
        // A multi-statement text answers one result per statement.
        const last = Array.isArray(result) ? result[result.length - 1] : result;
        return { rows: last?.rows ?? [] };
      },
      listen: (channel, onPayload, options) => listener.listen(channel, onPayload, options?.onReconnect),
      close: once(async () => {
        await listener.close();
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.all([pool.end(), walkPool.end()]),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
            timer.unref();
          }),
        ]).finally(() => clearTimeout(timer));
      }),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  let dir = opts.dataDir;
  if (dir !== "memory://") {
    dir = path.join(opts.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    if (opts.fromTemplate && !existsSync(path.join(dir, "PG_VERSION"))) await unpackPgliteTemplate(dir);
  }
  return pgliteDatabase(await PGlite.create(dir));
}

/** The `Database` around an open PGlite client (also used by the tests' PGlite template: src/test/db.ts). */
export async function pgliteDatabase(client: PGlite): Promise<Database> {
  const { drizzle } = await import("drizzle-orm/pglite");
  return {
    db: drizzle(client, { schema, casing: "snake_case" }) as unknown as Db,
    kind: "pglite",
    async query(text, values) {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results[results.length - 1]?.rows ?? [] };
    },
    // One process owns the PGlite instance: its notifications cannot be lost to a reconnect.
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return () => unsub();
    },
    close: once(() => client.close()),
  };
}

/**
 * Applies the committed drizzle-kit migrations (idempotent). `migrationsFolder` is for tests that
 * migrate from an older cut of drizzle/ (db/migrations.test.ts).
 */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (database.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // biome-ignore lint/suspicious/noExplicitAny: both drivers share the migrator contract
    await migrate(database.db as any, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // biome-ignore lint/suspicious/noExplicitAny: both drivers share the migrator contract
    await migrate(database.db as any, { migrationsFolder });
  }
}
