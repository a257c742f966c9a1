/**
 * Passkeys (WebAuthn Level 3 through `@simplewebauthn/server`; docs/architecture.md "Passkeys",
 * ASVS 5.0 V6.1.3, V7.2.4, V7.5.1). Two ceremonies, each in two steps:
 *
 * - registration: `startPasskeyRegistration` (needs the current password) returns the options
 *   for `navigator.credentials.create`, `finishPasskeyRegistration` verifies the attestation
 *   and stores the credential;
 * - authentication: `startPasskeyAuthentication` returns the options for
 *   `navigator.credentials.get` and a random flow key for the browser's cookie,
 *   `finishPasskeyAuthentication` verifies the assertion and returns the member it proves.
 *
 * The relying party (rpID and origin) comes from `PUBLIC_ORIGIN` only, never from the request.
 * Every challenge is kept server-side, used once (its row is deleted before it is checked),
 * valid 5 minutes and bound to the browser (the session for a registration, the flow cookie for
 * a sign-in). User verification is required in both ceremonies.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, asc, count, eq, lt, sql } from "drizzle-orm";
import { RATE_LIMITS } from "../../common/constants";
import { Msg } from "../../common/messages";
import { MAX_PASSKEYS } from "../../common/passkeys";
import type { Db, DbOrTx } from "../db/client";
import { passkeys, webauthnChallenges } from "../db/schema";
import { requireCurrentPassword } from "../domain/account";
import { DomainError, tooManyRequests } from "../domain/errors";
import { hitRateLimit } from "./rate-limit";
import { logSecurityEvent } from "./security-events";

/** A challenge is answered within this many milliseconds or not at all. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** The sign-in flow cookie's name: `__Host-` prefixed (and Secure) in production, as the session's. */
export function passkeyFlowCookieName(secure: boolean): string {
  return secure ? "__Host-passkey_flow" : "passkey_flow";
}

/** Who the credentials are for: the club at `PUBLIC_ORIGIN`. */
export interface RelyingParty {
  /** `PUBLIC_ORIGIN`, the only origin a client's answer may name. */
  origin: string;
  /** Its host name (WebAuthn's RP ID). */
  rpID: string;
  /** Shown by the authenticator. */
  rpName: string;
}

/** The relying party of `PUBLIC_ORIGIN` (`config.publicOrigin`). */
export function relyingPartyOf(config: { publicOrigin: string }): RelyingParty {
  const url = new URL(config.publicOrigin);
  return { origin: url.origin, rpID: url.hostname, rpName: "Export Club" };
}

/** A passkey as its owner sees it in the list. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** True when the authenticator says the passkey is synced (backed up) to other devices. */
  backedUp: boolean;
}

function sha256Hex(value: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(value)));
}

/** The WebAuthn user handle of a member: the 16 bytes of their account id (no personal data). */
function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  const hex = userId.replace(/-/g, "");
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

const notVerified = () => new DomainError("BAD_REQUEST", Msg.passkeyNotVerified);
const notAccepted = () => new DomainError("UNAUTHORIZED", Msg.passkeyNotAccepted);

/** The member's passkeys, oldest first. */
export async function listPasskeys(db: DbOrTx, userId: string): Promise<PasskeySummary[]> {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
      backedUp: passkeys.backedUp,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** How many passkeys the member has (for the second-factor summary). */
export async function countPasskeys(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/**
 * Step 1 of adding a passkey: checks the current password (the re-authentication; 5 wrong tries
 * per 15 minutes, shared with the password and e-mail changes), then returns the creation
 * options. The challenge is bound to `viewer.sessionId`; a newer one replaces it.
 * @throws BAD_REQUEST 'Your current password is incorrect.'; TOO_MANY_REQUESTS (10 starts per
 *   hour, or wrong passwords); CONFLICT 'You can keep at most 10 passkeys…'.
 */
export async function startPasskeyRegistration(
  db: Db,
  rp: RelyingParty,
  viewer: { id: string; sessionId: string; email: string; name: string },
  input: { name: string; currentPassword: string },
  now: Date = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const limit = await hitRateLimit(db, `passkey-register:${viewer.id}`, RATE_LIMITS.passkeyRegister, now);
  if (!limit.allowed) throw tooManyRequests(Msg.tooManyAttempts, limit.delaySeconds);
  await requireCurrentPassword(db, viewer.id, input.currentPassword);
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, viewer.id));
  if (existing.length >= MAX_PASSKEYS) throw new DomainError("CONFLICT", Msg.passkeyLimitReached);
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userID: userHandleOf(viewer.id),
    userName: viewer.email,
    userDisplayName: viewer.name,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: "none",
    // The same authenticator is not registered twice.
    excludeCredentials: existing.map((c) => ({
      id: c.credentialId,
      transports: c.transports as AuthenticatorTransport[],
    })),
    // A discoverable credential signs in without an e-mail; user verification (PIN, biometrics)
    // makes it a multi-factor authenticator on its own.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await db.transaction(async (tx) => {
    await tx
      .delete(webauthnChallenges)
      .where(and(eq(webauthnChallenges.sessionId, viewer.sessionId), eq(webauthnChallenges.ceremony, "registration")));
    await tx.insert(webauthnChallenges).values({
      ceremony: "registration",
      challenge: options.challenge,
      userId: viewer.id,
      sessionId: viewer.sessionId,
      passkeyName: input.name,
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
    });
  });
  return options;
}

/**
 * Step 2 of adding a passkey: takes (and so uses up) the session's registration challenge,
 * verifies the attestation against it, `PUBLIC_ORIGIN` and its RP ID with user verification
 * required, and stores the credential. Logs `passkey_added`.
 * @throws BAD_REQUEST 'The passkey could not be verified…' (no, expired or another session's
 *   challenge; a response that does not verify); CONFLICT when the credential is registered
 *   already, or the member has 10.
 */
export async function finishPasskeyRegistration(
  db: Db,
  rp: RelyingParty,
  viewer: { id: string; sessionId: string },
  response: RegistrationResponseJSON,
  opts: { ip?: string | null; now?: Date } = {},
): Promise<PasskeySummary> {
  const now = opts.now ?? new Date();
  const [challenge] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.sessionId, viewer.sessionId), eq(webauthnChallenges.ceremony, "registration")))
    .returning();
  if (!challenge || challenge.userId !== viewer.id || challenge.expiresAt <= now) throw notVerified();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
  } catch {
    throw notVerified();
  }
  const info = verification.registrationInfo;
  if (!verification.verified || !info) throw notVerified();
  return db.transaction(async (tx) => {
    // One registration at a time per member decides whether the limit has room.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`passkeys:${viewer.id}`}, 0))`);
    if ((await countPasskeys(tx, viewer.id)) >= MAX_PASSKEYS) {
      throw new DomainError("CONFLICT", Msg.passkeyLimitReached);
    }
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: viewer.id,
        credentialId: info.credential.id,
        publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name: challenge.passkeyName ?? "Passkey",
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({
        id: passkeys.id,
        name: passkeys.name,
        createdAt: passkeys.createdAt,
        lastUsedAt: passkeys.lastUsedAt,
        backedUp: passkeys.backedUp,
      });
    if (!row) throw new DomainError("CONFLICT", Msg.passkeyAlreadyRegistered);
    await logSecurityEvent(tx, {
      type: "passkey_added",
      userId: viewer.id,
      ip: opts.ip,
      details: { passkeyId: row.id, name: row.name, deviceType: info.credentialDeviceType },
    });
    return row;
  });
}

/**
 * Renames one of the member's passkeys.
 * @throws NOT_FOUND when the member has no passkey of that id.
 */
export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<PasskeySummary> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
      backedUp: passkeys.backedUp,
    });
  if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
  return row;
}

/**
 * Removes one of the member's passkeys after checking the current password (in the same
 * request). Logs `passkey_removed`.
 * @throws BAD_REQUEST 'Your current password is incorrect.'; TOO_MANY_REQUESTS; NOT_FOUND when
 *   the member has no passkey of that id (another member's included).
 */
export async function removePasskey(
  db: Db,
  userId: string,
  input: { id: string; currentPassword: string },
  ip: string | null,
): Promise<void> {
  await requireCurrentPassword(db, userId, input.currentPassword);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id, name: passkeys.name });
    if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
    await logSecurityEvent(tx, { type: "passkey_removed", userId, ip, details: { passkeyId: row.id, name: row.name } });
  });
}

/**
 * Step 1 of a passkey sign-in: the request options (no credentials listed, so the browser offers
 * the discoverable passkeys it holds for the club; or only `userId`'s, when a caller that already
 * knows the member uses a passkey as a second step) and a fresh random flow key. The caller puts
 * the flow key in the browser's HttpOnly flow cookie; only its SHA-256 is stored with the
 * challenge.
 * @throws TOO_MANY_REQUESTS after 30 starts per 15 minutes from one IP address.
 */
export async function startPasskeyAuthentication(
  db: Db,
  rp: RelyingParty,
  opts: { ip?: string | null; userId?: string; now?: Date } = {},
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; flowKey: string }> {
  const now = opts.now ?? new Date();
  if (opts.ip) {
    const limit = await hitRateLimit(db, `passkey-signin-ip:${opts.ip}`, RATE_LIMITS.passkeySignInPerIp, now);
    if (!limit.allowed) throw tooManyRequests(Msg.loginRateLimited, limit.delaySeconds);
  }
  const allow = opts.userId
    ? await db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, opts.userId))
    : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: "required",
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    allowCredentials: allow.map((c) => ({
      id: c.credentialId,
      transports: c.transports as AuthenticatorTransport[],
    })),
  });
  const flowKey = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  await db.insert(webauthnChallenges).values({
    ceremony: "authentication",
    challenge: options.challenge,
    userId: opts.userId ?? null,
    browserKeyHash: sha256Hex(flowKey),
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
  });
  return { options, flowKey };
}

/**
 * Step 2 of a passkey sign-in: takes (uses up) the challenge of `flowKey`, finds the credential,
 * verifies the assertion against the challenge, `PUBLIC_ORIGIN` and its RP ID with user
 * verification required, and moves the signature counter forward (compare-and-set, so two uses
 * of one assertion cannot both pass). Returns the member the passkey belongs to; whether that
 * member may sign in (suspended, …) is the caller's decision (domain/auth.ts `signInWithPasskey`).
 * @param expectedUserId refuses another member's passkey (a passkey as a second step).
 * @throws UNAUTHORIZED 'This passkey was not accepted…' for every failure alike: no, unknown,
 *   expired or used challenge, unknown or removed credential, another member's credential,
 *   a response that does not verify, a signature counter that did not increase.
 */
export async function finishPasskeyAuthentication(
  db: Db,
  rp: RelyingParty,
  flowKey: string | undefined,
  response: AuthenticationResponseJSON,
  opts: { expectedUserId?: string; now?: Date } = {},
): Promise<{ userId: string; passkeyId: string }> {
  const now = opts.now ?? new Date();
  if (!flowKey || flowKey.length > 64) throw notAccepted();
  const [challenge] = await db
    .delete(webauthnChallenges)
    .where(
      and(eq(webauthnChallenges.browserKeyHash, sha256Hex(flowKey)), eq(webauthnChallenges.ceremony, "authentication")),
    )
    .returning();
  if (!challenge || challenge.expiresAt <= now) throw notAccepted();
  const [credential] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).limit(1);
  if (!credential) throw notAccepted();
  if (opts.expectedUserId !== undefined && credential.userId !== opts.expectedUserId) throw notAccepted();
  if (challenge.userId !== null && credential.userId !== challenge.userId) throw notAccepted();
  // A discoverable credential names its member: it must be the one the credential was stored for.
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== isoBase64URL.fromBuffer(userHandleOf(credential.userId))) throw notAccepted();
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: credential.credentialId,
        publicKey: isoBase64URL.toBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
  } catch {
    throw notAccepted();
  }
  if (!verification.verified) throw notAccepted();
  const info = verification.authenticationInfo;
  const updated = await db
    .update(passkeys)
    .set({ counter: info.newCounter, backedUp: info.credentialBackedUp, lastUsedAt: now })
    .where(and(eq(passkeys.id, credential.id), eq(passkeys.counter, credential.counter)))
    .returning({ id: passkeys.id });
  if (updated.length === 0) throw notAccepted();
  return { userId: credential.userId, passkeyId: credential.id };
}

/** Deletes challenges past their 5 minutes (the job queue's `cleanup`). */
export async function prunePasskeyChallenges(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
}
