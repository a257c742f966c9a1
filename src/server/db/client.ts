/**
 * Database connection: postgres.js when a URL is given, otherwise embedded PGlite persisted in
 * a folder (DESIGN.md §1). Both give the same Drizzle API; `listen` subscribes to NOTIFY.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Sql } from "postgres";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The Drizzle database (or transaction) type used everywhere. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../drizzle");

/**
 * Opens the database. `url` = postgres connection string; else PGlite in `dataDir/pglite`
 * (or in memory when `dataDir` is `memory://`).
 */
export async function openDatabase(opts: { url?: string; dataDir: string; poolSize?: number }): Promise<Database> {
  if (opts.url) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const sql: Sql = postgres(opts.url, {
      max: opts.poolSize ?? 10,
      onnotice: () => {},
      connection: { application_name: "export-club" },
    });
    const db = drizzle(sql, { schema, casing: "snake_case" }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      async listen(channel, onPayload) {
        const sub = await sql.listen(channel, onPayload);
        return () => sub.unlisten();
      },
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let dir = opts.dataDir;
  if (dir !== "memory://") {
    dir = path.join(opts.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
  }
  const client: PGlite = await PGlite.create(dir);
  const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return () => unsub();
    },
    close: () => client.close(),
  };
}

/** Applies the committed drizzle-kit migrations (idempotent). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    // biome-ignore lint/suspicious/noExplicitAny: both drivers share the migrator contract
    await migrate(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // biome-ignore lint/suspicious/noExplicitAny: both drivers share the migrator contract
    await migrate(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}
