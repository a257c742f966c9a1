import { defineConfig } from "vitest/config";

/**
 * Unit and integration tests (server and common code). Integration tests use the real
 * Postgres of DATABASE_URL when set (CI), else embedded PGlite; each file gets its own database.
 */
export default defineConfig({
  test: {
    root: ".",
    include: ["src/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["./src/test/setup.ts"],
    pool: "forks",
  },
});
