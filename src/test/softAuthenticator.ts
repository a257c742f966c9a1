/**
 * A software WebAuthn authenticator for tests (docs/architecture.md "Passkeys"): an ES256 key
 * pair from Node's crypto, and the bytes a real authenticator and browser would send — the
 * `clientDataJSON`, the `authenticatorData`, a "none" attestation object (CBOR, with
 * `@simplewebauthn/server`'s own encoder) and DER ECDSA signatures — so the real library
 * verifies them. Every field a test wants to get wrong can be overridden.
 */
import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";
import type { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from "../common/passkeys";

/** A value `isoCBOR.encode` takes. */
type Cbor = Parameters<typeof isoCBOR.encode>[0];

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

function sha256(data: Uint8Array | string): Uint8Array {
  return new Uint8Array(createHash("sha256").update(data).digest());
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function u32(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
}

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));

/** What a test may change in one ceremony's answer. */
export interface CeremonyOverrides {
  /** Origin named in clientDataJSON (default: the authenticator's). */
  origin?: string;
  /** RP ID whose hash starts authenticatorData (default: the authenticator's). */
  rpID?: string;
  /** The challenge named in clientDataJSON (default: the one asked for). */
  challenge?: string;
  /** Set the user-verified flag (default true). */
  userVerified?: boolean;
  /** Signature counter (default: the authenticator's next). */
  counter?: number;
  /** `userHandle` of an assertion (default: the one stored at registration). */
  userHandle?: string | null;
}

/** One credential on a software authenticator, for one RP. */
export class SoftAuthenticator {
  readonly credentialId: Uint8Array;
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Uint8Array;
  private userHandle: string | undefined;
  /** The counter the next assertion will carry. */
  counter = 0;

  constructor(
    readonly rp: { origin: string; rpID: string },
    opts: { counter?: number } = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: "jwk" });
    const coordinate = (v: string | undefined) => isoBase64URL.toBuffer(v ?? "");
    this.cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, coordinate(jwk.x)],
        [-3, coordinate(jwk.y)],
      ]),
    );
    this.credentialId = new Uint8Array(randomBytes(32));
    this.counter = opts.counter ?? 0;
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private authenticatorData(o: CeremonyOverrides, attested: boolean): Uint8Array<ArrayBuffer> {
    const uv = o.userVerified ?? true;
    const flags = FLAG_UP | (uv ? FLAG_UV : 0) | FLAG_BE | FLAG_BS | (attested ? FLAG_AT : 0);
    const head = concat(sha256(o.rpID ?? this.rp.rpID), new Uint8Array([flags]), u32(o.counter ?? this.counter));
    if (!attested) return head;
    const idLength = new Uint8Array(2);
    new DataView(idLength.buffer).setUint16(0, this.credentialId.length);
    return concat(head, new Uint8Array(16), idLength, this.credentialId, this.cosePublicKey);
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, o: CeremonyOverrides): Uint8Array {
    return new TextEncoder().encode(
      JSON.stringify({
        type,
        challenge: o.challenge ?? challenge,
        origin: o.origin ?? this.rp.origin,
        crossOrigin: false,
      }),
    );
  }

  /** What `startRegistration` would return for `options` (a "none" attestation). */
  register(
    options: { challenge: string; user: { id: string } },
    o: CeremonyOverrides = {},
  ): PasskeyRegistrationResponse {
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData("webauthn.create", options.challenge, o);
    const authData = this.authenticatorData(o, true);
    const attestationObject = isoCBOR.encode(
      new Map<string, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map<string, Cbor>()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: b64(clientDataJSON),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** What `startAuthentication` would return for `options`; the counter moves forward by one. */
  authenticate(options: { challenge: string }, o: CeremonyOverrides = {}): PasskeyAuthenticationResponse {
    this.counter += 1;
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, o);
    const authData = this.authenticatorData(o, false);
    const signer = createSign("SHA256");
    signer.update(concat(authData, sha256(clientDataJSON)));
    const signature = new Uint8Array(signer.sign(this.privateKey));
    const userHandle = o.userHandle === undefined ? this.userHandle : (o.userHandle ?? undefined);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(userHandle ? { userHandle } : {}),
      },
    };
  }
}
