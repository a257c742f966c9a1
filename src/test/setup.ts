/**
 * Vitest setup: a `console.error` that a test did not expect fails it (DESIGN.md §7).
 * A test that expects one spies on console.error itself (vi.spyOn(console, "error")).
 */
import { afterEach, vi } from "vitest";

let unexpected: unknown[][] = [];
// Test files share a worker's modules (vitest.config.ts, `isolate: false`) and this file runs again
// before each of them: the console's own error function is kept once, so wrappers never stack.
const ORIGINAL = Symbol.for("export-club.console.error");
const holder = globalThis as { [ORIGINAL]?: typeof console.error };
holder[ORIGINAL] ??= console.error;
const original = holder[ORIGINAL];

console.error = (...args: unknown[]) => {
  unexpected.push(args);
  original(...args);
};

afterEach(() => {
  const errors = unexpected;
  unexpected = [];
  if (errors.length > 0 && !vi.isMockFunction(console.error)) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});
