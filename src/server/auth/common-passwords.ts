/**
 * Common and breached passwords (ASVS 5.0 V6.2.4, V6.2.12): the 49,233 most common passwords of
 * `@zxcvbn-ts/language-common` (`passwords-common`, drawn from breach corpora and kept by the
 * zxcvbn-ts project), matched with the variations people make to pass composition rules.
 * Server-only: the list never reaches the browser ([ADR 23](../../../docs/decisions/0023-common-passwords-refused.md)).
 */
import { dictionary } from "@zxcvbn-ts/language-common";

let list: ReadonlySet<string> | undefined;

/** The list as a set, built on first use (about 3 MB of memory, a few milliseconds once). */
function commonPasswords(): ReadonlySet<string> {
  list ??= new Set(dictionary["passwords-common"]);
  return list;
}

/** Look-alike characters and what they stand for; `1` stands for `i` or `l`. */
const LOOKALIKES: Record<string, string> = {
  "@": "a",
  "4": "a",
  "8": "b",
  "3": "e",
  "6": "g",
  "9": "g",
  "!": "i",
  "0": "o",
  $: "s",
  "5": "s",
  "7": "t",
  "+": "t",
  "2": "z",
};

/** Shorter stems are not looked up: three letters and a random tail are not a common password. */
const MIN_STEM_LENGTH = 4;

/** `text` with look-alikes replaced; `one` is what `1` becomes. */
function unleet(text: string, one: "i" | "l"): string {
  let out = "";
  for (const c of text) out += c === "1" ? one : (LOOKALIKES[c] ?? c);
  return out;
}

/**
 * The forms of `password` that are looked up: case-folded; without the digits and symbols added at
 * its start, its end or both (`Password1!` → `password`, `1qaz2wsx!` → `1qaz2wsx`); and each of
 * these with look-alikes read as letters (`P@ssw0rd` → `password`). Exported for the tests.
 */
export function candidateForms(password: string): Set<string> {
  const folded = password.normalize("NFKC").toLowerCase();
  const forms = new Set<string>();
  const addTrimmed = (text: string) => {
    forms.add(text);
    forms.add(text.replace(/[^\p{L}]+$/u, ""));
    forms.add(text.replace(/^[^\p{L}]+/u, ""));
    forms.add(text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ""));
    // Only the symbols at the end: `qwerty123!` → `qwerty123`.
    forms.add(text.replace(/[^\p{L}\p{N}]+$/u, ""));
  };
  addTrimmed(folded);
  for (const base of [...forms]) {
    addTrimmed(unleet(base, "i"));
    addTrimmed(unleet(base, "l"));
  }
  return new Set([...forms].filter((f) => f.length >= MIN_STEM_LENGTH));
}

/**
 * True when `password`, or one of its `candidateForms`, is on the common-password list. The
 * caller refuses it with `Msg.passwordCommon` (sign-up, reset and change share the policy,
 * `newPasswordSchema` in auth/password.ts).
 */
export function isCommonPassword(password: string): boolean {
  const set = commonPasswords();
  for (const form of candidateForms(password)) if (set.has(form)) return true;
  return false;
}
