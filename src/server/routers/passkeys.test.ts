/**
 * Passkeys (docs/architecture.md "Passkeys"): registration (`passkeys.*`) and passwordless
 * sign-in (`auth.passkeyOptions`, `auth.passkeySignIn`), with real attestations and assertions
 * from a software authenticator (src/test/softAuthenticator.ts) that `@simplewebauthn/server`
 * verifies. Sign-in goes over HTTP, so the flow cookie and the session cookie are the real ones.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { MAX_PASSKEYS } from "../../common/passkeys";
import { createTestApp, expectTRPCError, type Member, type TestApp } from "../../test/app";
import { securityEventsOf } from "../../test/fixtures";
import { SoftAuthenticator } from "../../test/softAuthenticator";
import { passkeyFlowCookieName, relyingPartyOf } from "../auth/passkeys";
import { passkeys, users, webauthnChallenges } from "../db/schema";

let t: TestApp;
let rp: { origin: string; rpID: string };
let flowCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  rp = relyingPartyOf(t.config);
  flowCookie = passkeyFlowCookieName(t.config.isProduction);
});

afterAll(async () => {
  await t?.close();
});

/** Adds a passkey for `m` through both steps; returns the authenticator holding it. */
async function enrol(m: Member, name = "Laptop"): Promise<SoftAuthenticator> {
  const authenticator = new SoftAuthenticator(rp);
  const options = await m.caller.passkeys.registrationOptions({ name, currentPassword: m.password });
  await m.caller.passkeys.register({ response: authenticator.register(options) });
  return authenticator;
}

/** A browser's step 1 of a passkey sign-in: the options and the flow cookie it was given. */
async function signInOptions(opts: { ip?: string } = {}) {
  const res = await t.mutation<{ challenge: string; rpId: string; userVerification: string; allowCredentials?: [] }>(
    "auth.passkeyOptions",
    undefined,
    opts.ip ? { remoteAddress: opts.ip } : {},
  );
  expect(res.status).toBe(200);
  const cookie = res.response.cookies.find((c) => c.name === flowCookie);
  expect(cookie?.value).toBeTruthy();
  return { options: res.data!, flow: cookie!.value, cookie: cookie! };
}

/** Step 2 from the browser holding `flow` (and the session `token`, if any). */
function signIn(response: unknown, flow: string | null, token?: string) {
  const cookies = [flow ? `${flowCookie}=${flow}` : "", token ? `${t.cookieName}=${token}` : ""].filter(Boolean);
  return t.mutation<{ userId: string }>(
    "auth.passkeySignIn",
    { response },
    { headers: { cookie: cookies.join("; ") } },
  );
}

describe("adding a passkey", () => {
  it("asks for the current password, then stores the verified credential and logs passkey_added", async () => {
    const m = await t.member();
    await expectTRPCError(
      m.caller.passkeys.registrationOptions({ name: "Laptop", currentPassword: "Wrong!Passw0rd" }),
      "BAD_REQUEST",
      Msg.currentPasswordWrong,
    );
    const options = await m.caller.passkeys.registrationOptions({ name: "Laptop", currentPassword: m.password });
    // The relying party is PUBLIC_ORIGIN's host; user verification and a discoverable credential are required.
    expect(options.rp).toEqual({ id: rp.rpID, name: "Export Club" });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(options.attestation).toBe("none");
    expect(options.timeout).toBe(5 * 60 * 1000);

    const authenticator = new SoftAuthenticator(rp);
    const added = await m.caller.passkeys.register({ response: authenticator.register(options) });
    expect(added).toMatchObject({ name: "Laptop", lastUsedAt: null, backedUp: true });

    const list = await m.caller.passkeys.list();
    expect(list).toEqual([added]);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, added.id));
    expect(row).toMatchObject({
      userId: m.id,
      credentialId: authenticator.id,
      counter: 0,
      transports: ["internal"],
      deviceType: "multiDevice",
      backedUp: true,
    });
    const events = await securityEventsOf(t.db, "passkey_added", { userId: m.id });
    expect(events).toHaveLength(1);
    expect(events[0]?.eventDetails).toMatchObject({ passkeyId: added.id, name: "Laptop" });
    // The next options exclude the credential, so the authenticator is not registered twice.
    const again = await m.caller.passkeys.registrationOptions({ name: "Phone", currentPassword: m.password });
    expect(again.excludeCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
  });

  it.each([
    ["a wrong challenge", { challenge: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }],
    ["another origin", { origin: "https://evil.example" }],
    ["another RP ID", { rpID: "evil.example" }],
    ["no user verification", { userVerified: false }],
  ])("refuses an attestation with %s, and the challenge is used up", async (_case, overrides) => {
    const m = await t.member();
    const options = await m.caller.passkeys.registrationOptions({ name: "Key", currentPassword: m.password });
    const authenticator = new SoftAuthenticator(rp);
    await expectTRPCError(
      m.caller.passkeys.register({ response: authenticator.register(options, overrides) }),
      "BAD_REQUEST",
      Msg.passkeyNotVerified,
    );
    // The right answer to the same challenge no longer works either: it was single-use.
    await expectTRPCError(
      m.caller.passkeys.register({ response: authenticator.register(options) }),
      "BAD_REQUEST",
      Msg.passkeyNotVerified,
    );
    expect(await m.caller.passkeys.list()).toEqual([]);
  });

  it("refuses a replayed attestation, another session's challenge and an expired one", async () => {
    const m = await t.member();
    const options = await m.caller.passkeys.registrationOptions({ name: "Key", currentPassword: m.password });
    const authenticator = new SoftAuthenticator(rp);
    const response = authenticator.register(options);
    await m.caller.passkeys.register({ response });
    await expectTRPCError(m.caller.passkeys.register({ response }), "BAD_REQUEST", Msg.passkeyNotVerified);

    // The challenge belongs to the session (the browser) that asked for it.
    const user = {
      id: m.id,
      email: m.email,
      password: m.password,
      name: m.name,
      status: "approved" as const,
      admin: false,
    };
    const other = t.callerWith((await t.sessionFor(user)).auth);
    const second = await m.caller.passkeys.registrationOptions({ name: "Key 2", currentPassword: m.password });
    await expectTRPCError(
      other.passkeys.register({ response: new SoftAuthenticator(rp).register(second) }),
      "BAD_REQUEST",
      Msg.passkeyNotVerified,
    );

    // Five minutes later it has expired.
    const third = await m.caller.passkeys.registrationOptions({ name: "Key 3", currentPassword: m.password });
    await t.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.sessionId, m.auth.session.id));
    await expectTRPCError(
      m.caller.passkeys.register({ response: new SoftAuthenticator(rp).register(third) }),
      "BAD_REQUEST",
      Msg.passkeyNotVerified,
    );
    expect(await m.caller.passkeys.list()).toHaveLength(1);
  });

  it("refuses a credential that another member registered already", async () => {
    const a = await t.member();
    const b = await t.member();
    const authenticator = await enrol(a);
    const options = await b.caller.passkeys.registrationOptions({ name: "Stolen", currentPassword: b.password });
    await expectTRPCError(
      b.caller.passkeys.register({ response: authenticator.register(options) }),
      "CONFLICT",
      Msg.passkeyAlreadyRegistered,
    );
    expect(await b.caller.passkeys.list()).toEqual([]);
  });

  it(`keeps at most ${MAX_PASSKEYS} passkeys per member`, async () => {
    const m = await t.member();
    const rows = Array.from({ length: MAX_PASSKEYS }, (_, i) => ({
      userId: m.id,
      credentialId: `cred-${m.id}-${i}`,
      publicKey: "AA",
      deviceType: "singleDevice",
      backedUp: false,
      name: `Key ${i}`,
    }));
    await t.db.insert(passkeys).values(rows);
    await expectTRPCError(
      m.caller.passkeys.registrationOptions({ name: "One more", currentPassword: m.password }),
      "CONFLICT",
      Msg.passkeyLimitReached,
    );
  });

  it("validates the name in the user's language keys", async () => {
    const m = await t.member();
    await expectTRPCError(
      m.caller.passkeys.registrationOptions({ name: "  ", currentPassword: m.password }),
      "BAD_REQUEST",
      Msg.passkeyNameRequired,
    );
    await expectTRPCError(
      m.caller.passkeys.registrationOptions({ name: "x".repeat(51), currentPassword: m.password }),
      "BAD_REQUEST",
      Msg.passkeyNameTooLong,
    );
  });
});

describe("renaming and removing", () => {
  it("renames a passkey; another member's is not found", async () => {
    const a = await t.member();
    const b = await t.member();
    await enrol(a, "Laptop");
    const [key] = await a.caller.passkeys.list();
    expect(await a.caller.passkeys.rename({ id: key!.id, name: "Work laptop" })).toMatchObject({ name: "Work laptop" });
    await expectTRPCError(b.caller.passkeys.rename({ id: key!.id, name: "Mine" }), "NOT_FOUND", Msg.notFound);
    expect((await a.caller.passkeys.list())[0]?.name).toBe("Work laptop");
  });

  it("removes a passkey only with the current password, only the member's own, and logs passkey_removed", async () => {
    const a = await t.member();
    const b = await t.member();
    await enrol(a);
    const [key] = await a.caller.passkeys.list();
    await expectTRPCError(
      a.caller.passkeys.remove({ id: key!.id, currentPassword: "Wrong!Passw0rd" }),
      "BAD_REQUEST",
      Msg.currentPasswordWrong,
    );
    await expectTRPCError(
      b.caller.passkeys.remove({ id: key!.id, currentPassword: b.password }),
      "NOT_FOUND",
      Msg.notFound,
    );
    expect(await a.caller.passkeys.list()).toHaveLength(1);
    expect(await a.caller.passkeys.remove({ id: key!.id, currentPassword: a.password })).toEqual({ ok: true });
    expect(await a.caller.passkeys.list()).toEqual([]);
    expect(await securityEventsOf(t.db, "passkey_removed", { userId: a.id })).toHaveLength(1);
  });
});

describe("signing in with a passkey", () => {
  it("signs in without a password: session cookie, login_passkey, counter and last use recorded", async () => {
    const m = await t.member();
    const authenticator = await enrol(m);
    const { options, cookie } = await signInOptions();
    expect(options.rpId).toBe(rp.rpID);
    expect(options.userVerification).toBe("required");
    expect(options.allowCredentials ?? []).toEqual([]);
    // The flow cookie: HttpOnly, SameSite=Strict, 5 minutes.
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/", maxAge: 300 });

    const res = await signIn(authenticator.authenticate(options), cookie.value);
    expect(res.status).toBe(200);
    expect(res.data?.userId).toBe(m.id);
    expect((await t.authOf(res.sessionCookie!))?.viewer.id).toBe(m.id);
    // The flow cookie is cleared: the browser holds no challenge any more.
    expect(res.response.cookies.find((c) => c.name === flowCookie)?.value).toBe("");
    const events = await securityEventsOf(t.db, "login_passkey", { userId: m.id });
    expect(events).toHaveLength(1);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, m.id));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    expect((await m.caller.passkeys.list())[0]?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("ends the browser's previous session, as a password sign-in does (ASVS V7.2.4)", async () => {
    const before = await t.member();
    const m = await t.member();
    const authenticator = await enrol(m);
    const { options, flow } = await signInOptions();
    const res = await signIn(authenticator.authenticate(options), flow, before.token);
    expect(res.status).toBe(200);
    expect(await t.authOf(before.token)).toBeNull();
    expect((await t.authOf(res.sessionCookie!))?.viewer.id).toBe(m.id);
  });

  it("refuses a replayed challenge: one assertion signs in once", async () => {
    const m = await t.member();
    const authenticator = await enrol(m);
    const { options, flow } = await signInOptions();
    const response = authenticator.authenticate(options);
    expect((await signIn(response, flow)).status).toBe(200);
    const again = await signIn(response, flow);
    expect(again.status).toBe(401);
    expect(again.error?.message).toBe(Msg.passkeyNotAccepted);
    expect(again.sessionCookie).toBeUndefined();
  });

  it.each([
    ["a wrong challenge", { challenge: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }],
    ["another origin", { origin: "https://evil.example" }],
    ["another RP ID", { rpID: "evil.example" }],
    ["no user verification", { userVerified: false }],
    ["another member's user handle", { userHandle: "AAAAAAAAAAAAAAAAAAAAAA" }],
  ])("refuses an assertion with %s and logs login_failed", async (_case, overrides) => {
    const m = await t.member();
    const authenticator = await enrol(m);
    const failedBefore = (await securityEventsOf(t.db, "login_failed")).length;
    const { options, flow } = await signInOptions();
    const res = await signIn(authenticator.authenticate(options, overrides), flow);
    expect(res.status).toBe(401);
    expect(res.error?.message).toBe(Msg.passkeyNotAccepted);
    expect(res.sessionCookie).toBeUndefined();
    expect(await securityEventsOf(t.db, "login_passkey", { userId: m.id })).toHaveLength(0);
    const failed = await securityEventsOf(t.db, "login_failed");
    expect(failed.length).toBe(failedBefore + 1);
    expect(failed.at(-1)?.eventDetails).toMatchObject({ method: "passkey" });
  });

  it("refuses a signature counter that did not move forward (a cloned authenticator)", async () => {
    const m = await t.member();
    const authenticator = await enrol(m);
    const first = await signInOptions();
    expect((await signIn(authenticator.authenticate(first.options, { counter: 5 }), first.flow)).status).toBe(200);
    for (const counter of [5, 4]) {
      const next = await signInOptions();
      const res = await signIn(authenticator.authenticate(next.options, { counter }), next.flow);
      expect(res.status).toBe(401);
    }
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, m.id));
    expect(row?.counter).toBe(5);
  });

  it("refuses an unknown credential and a removed one", async () => {
    const stranger = new SoftAuthenticator(rp);
    const first = await signInOptions();
    expect((await signIn(stranger.authenticate(first.options), first.flow)).status).toBe(401);

    const m = await t.member();
    const authenticator = await enrol(m);
    const [key] = await m.caller.passkeys.list();
    await m.caller.passkeys.remove({ id: key!.id, currentPassword: m.password });
    const second = await signInOptions();
    const res = await signIn(authenticator.authenticate(second.options), second.flow);
    expect(res.status).toBe(401);
    expect(res.error?.message).toBe(Msg.passkeyNotAccepted);
  });

  it("binds the challenge to the browser: no flow cookie, or another browser's, is refused", async () => {
    const m = await t.member();
    const authenticator = await enrol(m);
    const mine = await signInOptions();
    expect((await signIn(authenticator.authenticate(mine.options), null)).status).toBe(401);
    // Another browser's cookie carries another challenge: the signed one is not it.
    const theirs = await signInOptions();
    const again = await signInOptions();
    expect((await signIn(authenticator.authenticate(again.options), theirs.flow)).status).toBe(401);
    // A forged cookie value names no challenge.
    expect((await signIn(authenticator.authenticate(again.options), "forged")).status).toBe(401);
  });

  it("refuses an expired challenge", async () => {
    const m = await t.member();
    const authenticator = await enrol(m);
    const { options, flow } = await signInOptions();
    await t.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, options.challenge));
    expect((await signIn(authenticator.authenticate(options), flow)).status).toBe(401);
  });

  it("refuses a suspended member with the password sign-in's answer", async () => {
    const m = await t.member();
    const authenticator = await enrol(m);
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, m.id));
    const { options, flow } = await signInOptions();
    const res = await signIn(authenticator.authenticate(options), flow);
    expect(res.status).toBe(403);
    expect(res.error?.message).toBe(Msg.accountSuspended);
    expect(res.sessionCookie).toBeUndefined();
  });

  it("signs in a rejected applicant too, as a password does (they see their status screen)", async () => {
    const m = await t.member();
    const authenticator = await enrol(m);
    const { profiles } = await import("../db/schema");
    await t.db.update(profiles).set({ approvalStatus: "rejected" }).where(eq(profiles.userId, m.id));
    const { options, flow } = await signInOptions();
    const res = await signIn(authenticator.authenticate(options), flow);
    expect(res.status).toBe(200);
    expect((await t.authOf(res.sessionCookie!))?.viewer.approvalStatus).toBe("rejected");
  });

  it("refuses malformed answers with 400, never 500", async () => {
    const { flow } = await signInOptions();
    for (const response of [null, {}, { id: "x", rawId: "x", type: "public-key" }, { id: "!!", rawId: "!!" }]) {
      const res = await signIn(response, flow);
      expect(res.status).toBe(400);
    }
  });

  it("limits sign-ins begun from one IP address (30 per 15 minutes)", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < 30; i++) await signInOptions({ ip });
    const res = await t.mutation("auth.passkeyOptions", undefined, { remoteAddress: ip });
    expect(res.status).toBe(429);
    expect(res.error?.data.retryAfterSeconds).toBeGreaterThan(0);
  });
});
