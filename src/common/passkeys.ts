/**
 * Passkey inputs (WebAuthn; docs/architecture.md "Passkeys"). The browser's answers are the JSON
 * forms of the WebAuthn Level 3 credentials (`RegistrationResponseJSON`,
 * `AuthenticationResponseJSON`): every binary field is base64url, bounded in length so a forged
 * answer costs the server nothing before the library verifies it.
 */
import { z } from "zod";
import { LIMITS } from "./constants";
import { Msg } from "./messages";
import { plainText } from "./validation";

/** Passkeys one member may keep. */
export const MAX_PASSKEYS = 10;

/** A base64url string of at most `max` characters (WebAuthn's JSON encoding of bytes). */
const b64url = (max: number) =>
  z
    .string()
    .min(1, Msg.passkeyNotVerified)
    .max(max, Msg.passkeyNotVerified)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, Msg.passkeyNotVerified);

const transports = z
  .array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]))
  .max(8)
  .optional();

const clientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** The name a member gives a passkey ("Laptop", "Phone"): 1–50 characters of plain text. */
export const passkeyNameSchema = plainText()
  .trim()
  .min(1, Msg.passkeyNameRequired)
  .max(LIMITS.passkeyNameMax, Msg.passkeyNameTooLong);

const currentPassword = z.string().min(1, Msg.currentPasswordWrong).max(LIMITS.passwordMax, Msg.currentPasswordWrong);

/** Step 1 of adding a passkey: the name and the current password (the re-authentication). */
export const passkeyRegistrationOptionsInput = z.object({ name: passkeyNameSchema, currentPassword });
export type PasskeyRegistrationOptionsInput = z.input<typeof passkeyRegistrationOptionsInput>;

/** Step 2 of adding a passkey: the authenticator's attestation. */
export const passkeyRegisterInput = z.object({
  response: z.object({
    id: b64url(1400),
    rawId: b64url(1400),
    type: z.literal("public-key"),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
    clientExtensionResults,
    response: z.object({
      clientDataJSON: b64url(4096),
      attestationObject: b64url(65_536),
      authenticatorData: b64url(16_384).optional(),
      transports,
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url(4096).optional(),
    }),
  }),
});

/** Sign-in with a passkey: the authenticator's assertion. */
export const passkeySignInInput = z.object({
  response: z.object({
    id: b64url(1400),
    rawId: b64url(1400),
    type: z.literal("public-key"),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
    clientExtensionResults,
    response: z.object({
      clientDataJSON: b64url(4096),
      authenticatorData: b64url(16_384),
      signature: b64url(2048),
      userHandle: b64url(256).optional(),
    }),
  }),
});

export const passkeyIdInput = z.object({ id: z.uuid(Msg.notFound) });

export const passkeyRenameInput = z.object({ id: z.uuid(Msg.notFound), name: passkeyNameSchema });
export type PasskeyRenameInput = z.input<typeof passkeyRenameInput>;

/** Removing a passkey needs the current password in the same request (re-authentication). */
export const passkeyRemoveInput = z.object({ id: z.uuid(Msg.notFound), currentPassword });
export type PasskeyRemoveInput = z.input<typeof passkeyRemoveInput>;

/** A registration answer as the browser sends it. */
export type PasskeyRegistrationResponse = z.input<typeof passkeyRegisterInput>["response"];
/** A sign-in answer as the browser sends it. */
export type PasskeyAuthenticationResponse = z.input<typeof passkeySignInInput>["response"];
