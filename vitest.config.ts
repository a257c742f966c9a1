import { defineConfig } from "vitest/config";
import { linguiMacroBabel } from "./scripts/lingui-babel";

const ISOLATED = ["src/server/routers/contact.test.ts", "src/server/files/uploads.test.ts"];
export default defineConfig({
  plugins: [linguiMacroBabel()],
  test: {
    root: ".",
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["./src/test/setup.ts"],
    pool: "forks",
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: "shared", include: ["src/**/*.test.ts"], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: "isolated", include: ISOLATED } },
    ],
  },
});
