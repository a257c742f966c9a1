/**
 * Vitest setup: a `console.error` that a test did not expect fails it (DESIGN.md §7).
 * A test that expects one spies on console.error itself (vi.spyOn(console, "error")).
 */
import { afterEach, vi } from "vitest";

let unexpected: unknown[][] = [];
const original = console.error;

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
