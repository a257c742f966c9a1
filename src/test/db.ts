/**
 * Test databases (DESIGN.md §7): every test file gets a database of its own, migrated and
 * seeded with the reference data, that no other file sees.
 *
 * - With `DATABASE_URL` (CI): one template database per migration set,
 *   `export_club_template_<hash>`, is built once (migrate + seed) under a Postgres advisory
 *   lock, so parallel Vitest workers never race; each file then gets
 *   `CREATE DATABASE export_club_test_<time>_<random> TEMPLATE export_club_template_<hash>` (a file
 *   copy, much faster than migrating) and drops it `WITH (FORCE)` on close.
 * - Without it: PGlite in memory. Creating a PGlite instance runs initdb, which takes seconds;
 *   so the first worker that needs one migrates and seeds it and dumps its data folder to a
 *   tarball in the OS temp folder (same hash in the name), and every later instance loads that.
 *
 * The hash covers the migration files, the reference-data seed and the PGlite version, so a
 * new migration or changed seed builds a new template by itself.
 */
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Database, MIGRATIONS_FOLDER, migrateDatabase, openDatabase, pgliteDatabase } from "../server/db/client";
import { seedCatalog } from "../server/db/seed/catalog";
import { seedReferenceData } from "../server/db/seed/reference";

export interface TestDatabase {
  database: Database;
  /** Closes the connections and drops the database (Postgres) or the instance (PGlite). */
  close(): Promise<void>;
}

const SEED_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../server/db/seed");
const PGLITE_PACKAGE_JSON = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../node_modules/@electric-sql/pglite/package.json",
);

/** Every file under `dir`, recursively, as sorted relative paths. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

let schemaHash: string | undefined;
/** 16 hex characters identifying the migrations, the seed and the PGlite build. */
export function testSchemaHash(): string {
  if (schemaHash) return schemaHash;
  const h = createHash("sha256");
  for (const [label, dir, filter] of [
    ["drizzle", MIGRATIONS_FOLDER, () => true],
    ["seed", SEED_FOLDER, (f: string) => f.endsWith(".ts") && !f.endsWith(".test.ts")],
  ] as const) {
    for (const file of listFiles(dir).filter(filter)) {
      h.update(`${label}/${file}\0`);
      h.update(readFileSync(path.join(dir, file)));
      h.update("\0");
    }
  }
  try {
    h.update(JSON.parse(readFileSync(PGLITE_PACKAGE_JSON, "utf8")).version as string);
  } catch {
    // Not fatal: the PGlite version only guards the tarball cache.
  }
  h.update(readFileSync(fileURLToPath(import.meta.url))); // seedTestData lives here
  schemaHash = h.digest("hex").slice(0, 16);
  return schemaHash;
}

/**
 * The data every test database starts with: what `main.ts` seeds at start (reference lists).
 * Keep in step with main.ts; the template hash covers the seed folder, so a change rebuilds.
 */
async function seedTestData(database: Database): Promise<void> {
  await seedReferenceData(database.db);
  await seedCatalog(database.db);
}

/** The rows of a `db.execute` result (`{ rows }` with both node-postgres and PGlite). */
export function rowsOf<T>(result: unknown): T[] {
  const withRows = result as { rows?: T[] };
  if (!Array.isArray(withRows.rows)) throw new Error("db.execute result without rows");
  return withRows.rows;
}

/** Opens a fresh, migrated, seeded database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  return url ? createPostgresTestDatabase(url) : createPgliteTestDatabase();
}

// ── Postgres ────────────────────────────────────────────────────────────────────────────

const TEMPLATE_PREFIX = "export_club_template_";
const TEST_PREFIX = "export_club_test_";

function withDatabase(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function quoteIdent(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  return `"${name}"`;
}

let templateReady: Promise<string> | undefined;

/** Databases of ours older than this are left over from another run (a suite takes a minute). */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

type Client = import("pg").Client;

/**
 * A single connection to `url` for administration (create, drop, lock). It carries an 'error'
 * listener, so a server going away between two statements rejects the next one instead of
 * throwing out of the socket handler.
 */
export async function connectAdmin(url: string): Promise<Client> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, application_name: "export-club-test" });
  client.on("error", () => {});
  await client.connect();
  return client;
}

/** Records when a database was made, in its comment (pg_database has no creation time). */
async function stampCreation(conn: Client, name: string): Promise<void> {
  await conn.query(`COMMENT ON DATABASE ${quoteIdent(name)} IS 'export-club test ${new Date().toISOString()}'`);
}

/**
 * Drops templates of other migration sets and test databases that crashed runs left behind,
 * once they are an hour old: a younger one may belong to a run going on right now (another
 * checkout sharing this server).
 */
async function dropOrphans(conn: Client, currentTemplate: string): Promise<void> {
  const { rows } = await conn.query<{ datname: string; note: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as note from pg_database
     where (datname like $1 or datname like $2) and datname <> $3`,
    [`${TEMPLATE_PREFIX}%`, `${TEST_PREFIX}%`, currentTemplate],
  );
  for (const { datname, note } of rows) {
    // Test databases carry their creation time in the name (no window without it), templates
    // in the comment (set under the advisory lock, which this runs under too).
    const made = datname.startsWith(TEST_PREFIX)
      ? Number.parseInt(datname.slice(TEST_PREFIX.length).split("_")[0] ?? "", 36)
      : Date.parse(note?.replace(/^export-club test /, "") ?? "");
    if (Number.isFinite(made) && Date.now() - made < ORPHAN_AGE_MS) continue;
    await conn.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`).catch(() => {});
  }
}

/**
 * Builds `export_club_template_<hash>` if it does not exist yet, under a session advisory lock
 * (one builder at a time across processes). It is built under a temporary name and renamed
 * when complete, so a crash never leaves a half-migrated template behind. Databases of ours
 * left over from older runs are dropped on the way (`dropOrphans`).
 */
function ensureTemplate(baseUrl: string): Promise<string> {
  templateReady ??= (async () => {
    const template = `${TEMPLATE_PREFIX}${testSchemaHash()}`;
    const conn = await connectAdmin(baseUrl);
    try {
      await conn.query("select pg_advisory_lock(hashtextextended('export_club_test_template', 0))");
      try {
        const { rowCount } = await conn.query("select 1 from pg_database where datname = $1", [template]);
        if (!rowCount) {
          const building = `${template}_wip`;
          await conn.query(`DROP DATABASE IF EXISTS ${quoteIdent(building)} WITH (FORCE)`);
          await conn.query(`CREATE DATABASE ${quoteIdent(building)}`);
          const database = await openDatabase({
            url: withDatabase(baseUrl, building),
            dataDir: "unused",
            poolSize: 2,
          });
          try {
            await migrateDatabase(database);
            await seedTestData(database);
          } finally {
            await database.close();
          }
          await conn.query(`ALTER DATABASE ${quoteIdent(building)} RENAME TO ${quoteIdent(template)}`);
          await stampCreation(conn, template);
        }
        await dropOrphans(conn, template);
      } finally {
        await conn.query("select pg_advisory_unlock(hashtextextended('export_club_test_template', 0))");
      }
    } finally {
      await conn.end();
    }
    return template;
  })();
  // A failed build may be retried by the next file.
  templateReady.catch(() => {
    templateReady = undefined;
  });
  return templateReady;
}

/**
 * An empty database, neither migrated nor seeded, for tests of the migrations themselves; named
 * like the others, so a crashed run's copy is dropped as an orphan.
 */
export async function createBlankTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: "memory://" });
    return { database, close: () => database.close() };
  }
  return createPostgresTestDatabase(url, { blank: true });
}

async function createPostgresTestDatabase(baseUrl: string, opts: { blank?: boolean } = {}): Promise<TestDatabase> {
  const name = `${TEST_PREFIX}${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  // A connection of its own for the drop at the end: one held open for the whole file would
  // have to outlive whatever the tests do to the server.
  const drop = async () => {
    const admin = await connectAdmin(baseUrl);
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
  let database: Database | undefined;
  try {
    const admin = await connectAdmin(baseUrl);
    try {
      await admin.query(
        opts.blank
          ? `CREATE DATABASE ${quoteIdent(name)}`
          : `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(await ensureTemplate(baseUrl))}`,
      );
    } catch (err) {
      // 3D000: the template went away since this process built or found it; build it again.
      if ((err as { code?: string }).code !== "3D000") throw err;
      templateReady = undefined;
      await admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(await ensureTemplate(baseUrl))}`);
    } finally {
      await admin.end();
    }
    database = await openDatabase({ url: withDatabase(baseUrl, name), dataDir: "unused", poolSize: 4 });
  } catch (err) {
    await drop().catch(() => {});
    throw err;
  }
  const opened = database;
  let closed = false;
  return {
    database: opened,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await opened.close();
      } finally {
        await drop();
      }
    },
  };
}

// ── PGlite ──────────────────────────────────────────────────────────────────────────────

let pgliteTemplate: Promise<Blob | undefined> | undefined;

function pgliteTarballPath(): string {
  return path.join(os.tmpdir(), `export-club-pglite-${testSchemaHash()}.tar`);
}

/** The migrated and seeded data folder as a tarball, built once and cached on disk. */
function loadPgliteTemplate(): Promise<Blob | undefined> {
  pgliteTemplate ??= (async () => {
    const file = pgliteTarballPath();
    try {
      return new Blob([await readFile(file)]);
    } catch {
      // Not built yet: build it below.
    }
    const { PGlite } = await import("@electric-sql/pglite");
    const client = await PGlite.create("memory://");
    try {
      const database = await pgliteDatabase(client);
      await migrateDatabase(database);
      await seedTestData(database);
      const dump = await client.dumpDataDir("none");
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
      await writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
      await rename(tmp, file); // atomic: a concurrent reader sees all of it or nothing
      await removeStaleTarballs(path.basename(file));
      return dump;
    } finally {
      await client.close();
    }
  })();
  pgliteTemplate.catch(() => {
    pgliteTemplate = undefined;
  });
  return pgliteTemplate;
}

async function removeStaleTarballs(keep: string): Promise<void> {
  try {
    const dir = os.tmpdir();
    for (const f of readdirSync(dir)) {
      if (f.startsWith("export-club-pglite-") && f.endsWith(".tar") && f !== keep) {
        await rm(path.join(dir, f), { force: true });
      }
    }
  } catch {
    // Housekeeping only.
  }
}

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  let blob: Blob | undefined;
  try {
    blob = await loadPgliteTemplate();
  } catch (err) {
    console.warn(`test database: no PGlite template (${String(err)}); migrating from scratch`);
    blob = undefined;
  }
  if (!blob) {
    // Fallback: the plain path (initdb + migrations + seed).
    const database = await openDatabase({ dataDir: "memory://" });
    await migrateDatabase(database);
    await seedTestData(database);
    return { database, close: () => database.close() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  let client: import("@electric-sql/pglite").PGlite;
  try {
    client = await PGlite.create({ loadDataDir: blob });
  } catch (err) {
    // A damaged cache file: forget it so the next run rebuilds it.
    await rm(pgliteTarballPath(), { force: true });
    throw err;
  }
  const database = await pgliteDatabase(client);
  let closed = false;
  return {
    database,
    async close() {
      if (closed) return;
      closed = true;
      await database.close();
    },
  };
}
