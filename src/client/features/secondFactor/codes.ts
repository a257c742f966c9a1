/**
 * What the two-step sign-in forms do with codes (docs/architecture.md "Security model"): a code
 * field shows Persian digits on Persian pages and takes Latin or Persian digits; recovery codes
 * are copied and downloaded as plain text, one a line, exactly as the server checks them.
 */
import { normalizeCode, TOTP_DIGITS } from "../../../common/secondFactor";

/** `text` with Latin digits shown as Persian ones on Persian pages ("12" → "۱۲"); other text unchanged. */
export function localDigits(text: string, locale: string): string {
  return locale === "fa" ? text.replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d))) : text;
}

/**
 * What the 6-digit field shows while typing: digits only (Latin or Persian typed, in the page's
 * digits), at most `TOTP_DIGITS`, spaces and anything else dropped.
 */
export function codeFieldValue(typed: string, locale: string): string {
  const digits = normalizeCode(typed).replace(/\D/g, "").slice(0, TOTP_DIGITS);
  return localDigits(digits, locale);
}

/** Whether the field holds a whole authenticator code (in either digits). */
export function isWholeTotpCode(value: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalizeCode(value));
}

/** The recovery codes as the downloaded file holds them: a heading line, then one code a line. */
export function recoveryCodesFile(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join("\n")}\n`;
}
