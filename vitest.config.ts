import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { linguiMacroBabel } from "./scripts/lingui-babel";

/**
 * The test files that need a process of their own, each with fresh modules:
 * - those that replace a module (`vi.mock`, `vi.doMock`): a mock cannot reach a module another
 *   file in the worker has already imported, nor be undone for the next file;
 * - those that listen to the process itself (`process.on`, e.g. for unhandled rejections while a
 *   private Postgres restarts): in a shared worker they also hear what earlier files left running.
 * Found by reading the files, so a new one needs no list.
 */
const ISOLATED = readdirSync("src", { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith(".test.ts"))
  .map((e) => path.relative(".", path.join(e.parentPath, e.name)))
  .filter((file) => /\bvi\.(mock|doMock)\(|\bprocess\.on\(/.test(readFileSync(file, "utf8")))
  .sort();

/**
 * Unit and integration tests (server, common and client code). Integration tests use the real
 * Postgres of DATABASE_URL when set (CI), else embedded PGlite; each file gets its own database.
 * Client tests (src/client/**\/*.test.ts) cover pure logic in Node; their Lingui macros are
 * compiled by the same Babel plugin as the Vite build (vite.config.ts).
 *
 * Every other file shares its worker's modules (`isolate: false`): the server is imported once per
 * worker instead of once per file, which was half of the workers' time
 * (docs/decisions/0029-the-suite-on-a-slower-machine.md). The server's state lives in each test
 * app's deps, not in its modules; src/test/setup.ts runs again before each file.
 */
export default defineConfig({
  plugins: [linguiMacroBabel()],
  test: {
    root: ".",
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["./src/test/setup.ts"],
    pool: "forks",
    // Vitest's default is one worker per CPU less one: a single worker on CI's two cores, idle
    // while each file waits on Postgres. Three keep both cores busy (docs/decisions/0022-a-twelve-minute-suite.md).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: { name: "shared", include: ["src/**/*.test.ts"], exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: "isolated", include: ISOLATED } },
    ],
  },
});
