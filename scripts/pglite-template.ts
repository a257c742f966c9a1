/**
 * Makes the embedded-database template (ADR 0011), run by `npm run build:server` from its bundle
 * (dist/server/pglite-template.js): a new PGlite database, migrated and seeded as the server
 * does at start, dumped to dist/server/pglite-template.tar.gz, with the PGlite version that
 * made it in pglite-template.json. A first start on the embedded database loads it instead of
 * running initdb (`openDatabase({ fromTemplate: true })`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrateDatabase, openDatabase } from "../src/server/db/client";
import { seedCatalog } from "../src/server/db/seed/catalog";
import { seedReferenceData } from "../src/server/db/seed/reference";
import { PGLITE_TEMPLATE, PROJECT_ROOT } from "../src/server/paths";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "export-club-template-"));
try {
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  await seedCatalog(database.db);
  await database.close();
  const pg = await PGlite.create(path.join(dataDir, "pglite"));
  const dump = await pg.dumpDataDir("gzip");
  await pg.close();
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  const { version } = JSON.parse(
    readFileSync(path.join(PROJECT_ROOT, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string };
  writeFileSync(PGLITE_TEMPLATE.replace(/\.tar\.gz$/, ".json"), `${JSON.stringify({ pglite: version })}\n`);
  console.log(
    `embedded-database template: ${path.relative(PROJECT_ROOT, PGLITE_TEMPLATE)}, ${(dump.size / 1024 / 1024).toFixed(1)} MB`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
