/**
 * The message catalogs are complete: every message of the English catalog is in the Persian one
 * with a translation (`npm run extract` adds new messages with an empty Persian text; this test
 * fails until someone writes it).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** msgctxt + msgid → msgstr of a .po file (multi-line strings joined; the header skipped). */
function readCatalog(locale: "en" | "fa"): Map<string, string> {
  const file = path.resolve(import.meta.dirname, `../locales/${locale}/messages.po`);
  const entries = new Map<string, string>();
  const joined = (block: string, key: string) => {
    const m = new RegExp(`^${key} ((?:".*"\\n?)+)`, "m").exec(`${block}\n`);
    return m ? [...m[1]!.matchAll(/"(.*)"/g)].map((x) => x[1]).join("") : null;
  };
  for (const block of readFileSync(file, "utf8").split(/\n\s*\n/)) {
    const id = joined(block, "msgid");
    if (id === null || id === "") continue;
    entries.set(`${joined(block, "msgctxt") ?? ""}\u0004${id}`, joined(block, "msgstr") ?? "");
  }
  return entries;
}

describe("message catalogs", () => {
  const en = readCatalog("en");
  const fa = readCatalog("fa");

  it("hold the same messages in English and Persian", () => {
    expect(en.size).toBeGreaterThan(500);
    expect([...en.keys()].filter((k) => !fa.has(k))).toEqual([]);
    expect([...fa.keys()].filter((k) => !en.has(k))).toEqual([]);
  });

  it("translate every message into Persian", () => {
    const untranslated = [...fa].filter(([, text]) => text.trim() === "").map(([key]) => key.split("\u0004")[1]);
    expect(untranslated).toEqual([]);
  });
});
