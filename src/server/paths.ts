/**
 * Folders the server reads at run time, found from the project root so that the same code works
 * from its TypeScript sources (`src/server/…`, run by tsx or Vitest) and from the bundle
 * (`dist/server/main.js`, ADR 0011): the root is the nearest folder above this module that holds
 * a package.json.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** Absolute path of the project (or image) root: the folder of package.json. */
export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
/** The committed drizzle-kit migrations (`drizzle/`). */
export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, "drizzle");
/** The built client (`npm run build` → `dist/client`). */
export const CLIENT_DIR = path.join(PROJECT_ROOT, "dist/client");
/**
 * A migrated and seeded embedded database (`PGlite.dumpDataDir`), made by `npm run build:server`
 * (scripts/pglite-template.ts) with its PGlite version beside it (`.json`); a first start on the
 * embedded database loads it instead of running initdb (ADR 0011).
 */
export const PGLITE_TEMPLATE = path.join(PROJECT_ROOT, "dist/server/pglite-template.tar.gz");
