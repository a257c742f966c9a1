/**
 * Digits typed on a Persian (or Arabic) keyboard: Extended Arabic-Indic "۰–۹" (U+06F0–U+06F9) and
 * Arabic-Indic "٠–٩" (U+0660–U+0669). The server's rules and number inputs take Latin digits.
 */
const EXTENDED = /[\u06F0-\u06F9]/g;
const ARABIC = /[\u0660-\u0669]/g;

/** Whether `text` holds a Persian or Arabic-Indic digit. */
export function hasEasternDigits(text: string): boolean {
  return /[\u06F0-\u06F9\u0660-\u0669]/.test(text);
}

/** `text` with every Persian and Arabic-Indic digit replaced by its Latin digit: "۱۲" → "12". */
export function latinDigits(text: string): string {
  return text
    .replace(EXTENDED, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(ARABIC, (d) => String(d.charCodeAt(0) - 0x0660));
}

/**
 * A phone or WhatsApp number as the server's rule takes it (`PHONE_PATTERN`): Latin digits, without
 * the spaces, dashes, dots and brackets people type in them. "+۹۸ (۹۱۲) ۳۴۵-۶۷۸۹" → "+989123456789".
 */
export function normalizePhone(value: string): string {
  return latinDigits(value).replace(/[\s\-().]/g, "");
}
