/**
 * End-to-end tests (DESIGN.md §7): the built server (`npm run build` first — `npm run test:e2e`
 * does it) on a fresh database, driven through the system Chromium.
 *
 * The fresh database is made by e2e/support/serve.mjs, the webServer command: Postgres of
 * DATABASE_URL when set (a new database, dropped afterwards), else PGlite in a temporary
 * DATA_DIR. Screenshots are written by the tests under e2e/artifacts/screenshots/.
 */
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { ADMIN } from "./e2e/support/people";

/**
 * The browser: CHROMIUM_PATH, else Debian's headless shell (package chromium-headless-shell: the
 * same engine without the browser's UI, about a fifth less CPU per test than the full browser on
 * this suite, docs/decisions/0022-a-twelve-minute-suite.md), else Debian's full chromium.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)) ??
  "/usr/bin/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3123);
/**
 * `localhost`, not `127.0.0.1`: WebAuthn refuses an IP address as the relying party's ID, and the
 * passkeys spec signs in with Chromium's virtual authenticator for PUBLIC_ORIGIN's host. The server
 * listens on 127.0.0.1, and Chromium resolves localhost there (`--host-resolver-rules`).
 */
const BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "e2e/artifacts/test-results",
  // Two browsers at once by default (E2E_WORKERS): the specs that count things other tests
  // change (front-door's first admin and applicant, knowledge's pending count, requests' badge)
  // run first, through the project chain below; every other test stands alone and runs in parallel.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A failing test runs once more, traced (`trace: "on-first-retry"`), and a test that passes only
  // on its retry still fails the run (failOnFlakyTests): recording a trace of every test cost a
  // third of the suite's time, docs/decisions/0022-a-twelve-minute-suite.md.
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The accessibility spec runs axe on every route and dialog in both languages (one width each).
  globalTimeout: 60 * 60 * 1000,
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    locale: "en-US",
    timezoneId: "UTC",
    viewport: { width: 1280, height: 800 },
    screenshot: "only-on-failure",
    trace: "on-first-retry",
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--host-resolver-rules=MAP localhost 127.0.0.1",
      ],
    },
  },
  projects: [
    {
      // The first admin and applicant (front-door's "joining the club", serial), beside tests
      // that change no count, so the second browser is not idle while the chain runs: the other
      // front-door tests (fullyParallel) and the byte budgets.
      name: "front-door",
      testMatch: [/front-door\.spec\.ts/, /budgets\.spec\.ts/],
      fullyParallel: true,
      use: { browserName: "chromium" },
    },
    {
      // Counts that any other test may change: the admin inbox's pending count, and a member's
      // requests badge (which every matching request raises; a consultation request that matches
      // no service reaches every consultant), and the landing page's active PDF and video (the
      // content spec activates them for a while; fixes.spec expects none). The diamond spec changes
      // none of them and fills the time a browser would wait for the longest of these files.
      name: "knowledge",
      testMatch: [
        /knowledge\.spec\.ts/,
        /requests\.spec\.ts/,
        /posts\.spec\.ts/,
        /consultancy\.spec\.ts/,
        /content\.spec\.ts/,
        /diamond\.spec\.ts/,
      ],
      dependencies: ["front-door"],
      use: { browserName: "chromium" },
    },
    {
      name: "chromium",
      testIgnore: [
        /front-door\.spec\.ts/,
        /budgets\.spec\.ts/,
        /knowledge\.spec\.ts/,
        /requests\.spec\.ts/,
        /\/posts\.spec\.ts/,
        /consultancy\.spec\.ts/,
        /content\.spec\.ts/,
        /diamond\.spec\.ts/,
      ],
      dependencies: ["knowledge"],
      fullyParallel: true,
      use: { browserName: "chromium" },
    },
  ],
  webServer: {
    command: "node e2e/support/serve.mjs",
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: ADMIN.email,
      DEMO_ADMIN: "false",
      PUBLIC_ORIGIN: BASE_URL,
      SMTP_URL: "",
      TRUST_PROXY: "false",
    },
  },
});
