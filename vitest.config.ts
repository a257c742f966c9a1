import { defineConfig } from "vitest/config";
import { linguiMacroBabel } from "./scripts/lingui-babel";

/**
 * Unit and integration tests (server, common and client code). Integration tests use the real
 * Postgres of DATABASE_URL when set (CI), else embedded PGlite; each file gets its own database.
 * Client tests (src/client/**\/*.test.ts) cover pure logic in Node; their Lingui macros are
 * compiled by the same Babel plugin as the Vite build (vite.config.ts).
 */
export default defineConfig({
  plugins: [linguiMacroBabel()],
  test: {
    root: ".",
    include: ["src/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["./src/test/setup.ts"],
    pool: "forks",
    // Vitest's default is one worker per CPU less one: a single worker on CI's two cores, idle
    // while each file waits on Postgres. Three keep both cores busy (docs/decisions/0022-a-twelve-minute-suite.md).
    maxWorkers: 3,
  },
});
