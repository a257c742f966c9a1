/**
 * `npm test`: every check of the project, in order, stopping at the first that fails — the type
 * check, Biome, Vitest, the build, Playwright — and then a table of how long each phase took, so
 * a CI log shows where its time went (the budget: docs/decisions/0022-a-twelve-minute-suite.md).
 *
 * Each phase is an npm script of package.json, run with the environment as given (DATABASE_URL,
 * CI, CHROMIUM_PATH …). Exits with the failing phase's exit code.
 */
import { spawnSync } from "node:child_process";

const PHASES = [
  ["type check", "typecheck"],
  ["lint", "lint"],
  ["unit and integration (Vitest)", "test:unit"],
  ["build", "build"],
  ["end to end (Playwright)", "test:playwright"],
];

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const done = [];
let failed = null;
const started = Date.now();

for (const [name, script] of PHASES) {
  const t = Date.now();
  const { status, signal } = spawnSync(npm, ["run", "-s", script], { stdio: "inherit" });
  const code = status ?? (signal ? 1 : 0);
  done.push({ name, seconds: Math.round((Date.now() - t) / 1000), ok: code === 0 });
  if (code !== 0) {
    failed = { name, code };
    break;
  }
}

console.log("\nnpm test, by phase:");
for (const { name, seconds, ok } of done) {
  console.log(`  ${name.padEnd(32)} ${String(seconds).padStart(5)} s  ${ok ? "ok" : "FAILED"}`);
}
console.log(`  ${"total".padEnd(32)} ${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s`);
if (failed) {
  console.log(`  stopped at: ${failed.name} (exit ${failed.code})`);
  process.exit(failed.code);
}
