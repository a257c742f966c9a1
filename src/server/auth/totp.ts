/**
 * Authenticator-app codes (TOTP, RFC 6238, with `@oslojs/otp`: SHA-1, 6 digits, 30-second steps)
 * and recovery codes (docs/architecture.md "Security model"; ASVS V6.5.1–V6.5.5).
 */
import { sha256 } from "@oslojs/crypto/sha2";
import {
  decodeBase32IgnorePadding,
  encodeBase32LowerCaseNoPadding,
  encodeBase32UpperCaseNoPadding,
  encodeHexLowerCase,
} from "@oslojs/encoding";
import { createTOTPKeyURI, verifyHOTP } from "@oslojs/otp";
import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_DRIFT_STEPS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
} from "../../common/secondFactor";

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 upper case. */
export function newTotpSecret(): string {
  const key = new Uint8Array(20);
  crypto.getRandomValues(key);
  return encodeBase32UpperCaseNoPadding(key);
}

/** The `otpauth://totp/Export%20Club:<email>?…` URI an authenticator app reads from the QR code. */
export function totpKeyUri(secret: string, email: string): string {
  return createTOTPKeyURI(TOTP_ISSUER, email, decodeBase32IgnorePadding(secret), TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

/** The 30-second step `now` falls in (the RFC 6238 counter). */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step whose code `code` is, within `TOTP_DRIFT_STEPS` of now and after `lastUsedStep`
 * (a code of an accepted step or an earlier one is a replay), or null. Every step of the window
 * is compared (in constant time), so the time taken does not tell which one matched.
 */
export function matchTotp(secret: string, code: string, now: Date, lastUsedStep: number | null): number | null {
  const key = decodeBase32IgnorePadding(secret);
  const current = totpStep(now);
  let matched: number | null = null;
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code) && matched === null) matched = step;
  }
  if (matched === null || (lastUsedStep !== null && matched <= lastUsedStep)) return null;
  return matched;
}

/** `RECOVERY_CODE_COUNT` new recovery codes, as shown: 10 base32 characters (50 bits), `abcde-fghij`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = new Uint8Array(7);
    crypto.getRandomValues(bytes);
    const raw = encodeBase32LowerCaseNoPadding(bytes).slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** SHA-256 (hex) of a recovery code after `normalizeCode` (lower case, no dashes). */
export function hashRecoveryCode(normalized: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(normalized.replace(/-/g, ""))));
}
