/**
 * Search folding shared by server and client (one rule, so a name the directory finds on the
 * server is the name the client's pickers find). Persian typed on Arabic keyboards uses other code
 * points for the same letters: Arabic yeh (U+064A) and alef maksura (U+0649) for Farsi yeh
 * (U+06CC), Arabic kaf (U+0643) for keheh (U+06A9); and the zero-width non-joiner (U+200C) is
 * typed or left out at will. Folding both sides makes «علي» find «علی» and «میخواهم» find
 * «می‌خواهم». Pure.
 */

/** Arabic letters folded to the Persian letter at the same index of `PERSIAN_LETTERS`. */
export const ARABIC_LETTERS = "\u064a\u0649\u0643";
export const PERSIAN_LETTERS = "\u06cc\u06cc\u06a9";
/** Zero-width non-joiner: removed by folding. */
export const ZWNJ = "\u200c";

/**
 * `text` with ZWNJ removed and Arabic yeh/kaf as their Persian forms. The SQL counterpart is
 * `translate(replace(col, ZWNJ, ''), ARABIC_LETTERS, PERSIAN_LETTERS)` (server `foldedSql`).
 */
export function foldPersian(text: string): string {
  let out = "";
  for (const ch of text) {
    if (ch === ZWNJ) continue;
    const i = ARABIC_LETTERS.indexOf(ch);
    out += i >= 0 ? PERSIAN_LETTERS[i] : ch;
  }
  return out;
}

/**
 * Text for matching in the client's pickers and filters: lower case, accents and other
 * combining marks removed (so "Türkiye" matches "turkiye"), then `foldPersian`.
 */
export function foldForSearch(text: string): string {
  return foldPersian(text.toLocaleLowerCase().normalize("NFKD").replace(/\p{M}/gu, ""));
}
