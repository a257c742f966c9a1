/**
 * Reading a zod schema's verdict in unit tests: what a refused input's issues say, so a test
 * names the spec text it expects. Each returns `[]` (or `{}`) when the input is accepted.
 */
import type { z } from "zod";

/** The issues of a refused input as `path: message` lines. */
export function issuesOf(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

/** Every message of a refused input. */
export function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

/** The messages of a refused input by field path (`"a.b"`). */
export function fieldMessagesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) {
    const key = i.path.join(".");
    out[key] = [...(out[key] ?? []), i.message];
  }
  return out;
}
