/**
 * The second sign-in step (docs/architecture.md "Security model"; ASVS V6.3.3, V6.5, V6.6):
 * its numbers and the inputs of its procedures. Codes are typed with Latin or Persian digits; the
 * schemas turn them into Latin digits before anything checks them. No Node or DOM imports.
 */
import { z } from "zod";
import { LIMITS } from "./constants";
import { Msg } from "./messages";

/** TOTP parameters (RFC 6238 defaults every authenticator app reads): SHA-1, 6 digits, 30 s. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted on either side of now, for a phone clock that is a little off. */
export const TOTP_DRIFT_STEPS = 1;
/** The issuer an authenticator app shows next to the member's e-mail. */
export const TOTP_ISSUER = "Export Club";
/** Recovery codes made at activation and at each regeneration. */
export const RECOVERY_CODE_COUNT = 10;
/** A pending sign-in (password right, second step not yet done) lasts this long, in milliseconds. */
export const PENDING_SIGN_IN_TTL_MS = 5 * 60 * 1000;
/** An admin without a second factor keeps admin rights this long after becoming admin, in milliseconds. */
export const ADMIN_SECOND_FACTOR_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/** The methods a second step may use; passkeys join this list when they exist. */
export const SECOND_FACTOR_METHODS = ["totp", "recovery_code"] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** "۱۲۳ ۴۵۶" → "123456": Persian and Arabic-Indic digits become Latin; spaces and dashes go. */
export function normalizeCode(text: string): string {
  return text
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\s-]/g, "")
    .toLowerCase();
}

/** A 6-digit authenticator code, in Latin or Persian digits, spaces allowed. */
export const totpCodeSchema = z
  .string()
  .max(32, Msg.invalidSecondFactorCode)
  .transform(normalizeCode)
  .pipe(z.string().regex(/^\d{6}$/, Msg.invalidSecondFactorCode));

/** A recovery code as shown (`abcde-fghij`), any case, dashes and spaces allowed. */
export const recoveryCodeSchema = z
  .string()
  .max(64, Msg.invalidSecondFactorCode)
  .transform(normalizeCode)
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, Msg.invalidSecondFactorCode));

const passwordProof = z.string().min(1, Msg.currentPasswordWrong).max(LIMITS.passwordMax, Msg.currentPasswordWrong);

/** The second sign-in step: the method and its code (the pending sign-in is the browser's cookie). */
export const secondStepInput = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: totpCodeSchema }),
  z.object({ method: z.literal("recovery_code"), code: recoveryCodeSchema }),
]);

/** Confirms enrolment with a current code of the new authenticator. */
export const confirmTotpInput = z.object({ code: totpCodeSchema });

/** New recovery codes need a current authenticator code or the password. */
export const regenerateRecoveryCodesInput = z.discriminatedUnion("proof", [
  z.object({ proof: z.literal("totp"), code: totpCodeSchema }),
  z.object({ proof: z.literal("password"), password: passwordProof }),
]);

/** Removing the authenticator needs the password and a code, or a recovery code. */
export const disableTotpInput = z.discriminatedUnion("proof", [
  z.object({ proof: z.literal("totp"), password: passwordProof, code: totpCodeSchema }),
  z.object({ proof: z.literal("recovery_code"), code: recoveryCodeSchema }),
]);

export type SecondStepInput = z.input<typeof secondStepInput>;
export type DisableTotpInput = z.input<typeof disableTotpInput>;
export type RegenerateRecoveryCodesInput = z.input<typeof regenerateRecoveryCodesInput>;
