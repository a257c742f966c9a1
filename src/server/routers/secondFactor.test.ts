/**
 * Two-step sign-in on a real database (docs/architecture.md "Security model"; ADR 27):
 * enrolment of an authenticator app with a fixed clock, replay, the second sign-in step over HTTP
 * with its pending-sign-in cookie, recovery codes, the rate limit, the admins' rule after the
 * grace period, and the admin's reset.
 */
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { ADMIN_SECOND_FACTOR_GRACE_MS, PENDING_SIGN_IN_TTL_MS, TOTP_PERIOD_SECONDS } from "../../common/secondFactor";
import { createTestApp, expectTRPCError, type Member, type TestApp } from "../../test/app";
import { securityEventsOf } from "../../test/fixtures";
import { createPendingSignIn } from "../auth/pendingSignIn";
import { emailOutbox, sessions, userRoles } from "../db/schema";
import { beginTotpEnrolment, completeSecondStep, confirmTotpEnrolment } from "../domain/secondFactor";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

/** The authenticator's code for `secret` at `at` (what the member's phone shows then). */
function codeAt(secret: string, at: Date | number): string {
  const ms = typeof at === "number" ? at : at.getTime();
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(ms / STEP_MS)), 6);
}

/** A code of `secret` different from every code of the ±1 window around `at`. */
function wrongCodeAt(secret: string, at: Date): string {
  const taken = new Set([-1, 0, 1].map((d) => codeAt(secret, at.getTime() + d * STEP_MS)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!taken.has(candidate)) return candidate;
  }
}

/** A member with an active authenticator, enrolled through the router now; its secret and recovery codes. */
async function enrolled(member?: Member) {
  const m = member ?? (await t.member());
  const { secret } = await m.caller.secondFactor.beginTotp();
  const { recoveryCodes } = await m.caller.secondFactor.confirmTotp({ code: codeAt(secret, Date.now()) });
  return { m, secret, recoveryCodes };
}

const PENDING_COOKIE = "pending_sign_in";

/** Signs in with the password over HTTP; returns the response and the pending sign-in cookie. */
async function firstStep(m: { email: string; password: string }, remoteAddress?: string) {
  const res = await t.mutation<{ secondStep: { methods: string[] } | null }>(
    "auth.signIn",
    { email: m.email, password: m.password },
    remoteAddress ? { remoteAddress } : {},
  );
  const pending = res.response.cookies.find((c) => c.name === PENDING_COOKIE)?.value;
  return { res, pending };
}

function secondStep(pending: string | undefined, input: unknown, remoteAddress?: string) {
  return t.mutation<{ userId: string }>("auth.signInSecondStep", input, {
    headers: pending ? { cookie: `${PENDING_COOKIE}=${pending}` } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

describe("enrolment (fixed clock)", () => {
  it("activates only with a current code (±1 step), returns ten recovery codes once, and logs totp_enabled", async () => {
    const m = await t.member();
    const now = new Date("2026-03-01T10:00:10Z");
    const { secret, keyUri } = await beginTotpEnrolment(t.db, { id: m.id, email: m.email }, now);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(keyUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(keyUri.startsWith(`otpauth://totp/Export%20Club:${encodeURIComponent(m.email)}?`)).toBe(true);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: "Export Club",
      secret,
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });

    // Not yet a factor: sign-in needs no second step.
    expect((await firstStep(m)).res.data?.secondStep).toBeNull();

    await expectTRPCError(
      confirmTotpEnrolment(t.db, m.id, wrongCodeAt(secret, now), null, now),
      "BAD_REQUEST",
      Msg.secondFactorWrong,
    );
    // Two steps away is outside the window.
    await expectTRPCError(
      confirmTotpEnrolment(t.db, m.id, codeAt(secret, now.getTime() + 2 * STEP_MS), null, now),
      "BAD_REQUEST",
      Msg.secondFactorWrong,
    );
    expect(await securityEventsOf(t.db, "second_factor_failed", { userId: m.id })).toHaveLength(2);

    // The previous step (a phone clock 30 s behind) is accepted.
    const { recoveryCodes } = await confirmTotpEnrolment(
      t.db,
      m.id,
      codeAt(secret, now.getTime() - STEP_MS),
      null,
      now,
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(await securityEventsOf(t.db, "totp_enabled", { userId: m.id })).toHaveLength(1);

    const status = await m.caller.secondFactor.status();
    expect(status).toMatchObject({ totp: { enabled: true }, recoveryCodesLeft: 10, adminDue: null });
    expect(JSON.stringify(status)).not.toContain(secret);
    await expectTRPCError(m.caller.secondFactor.beginTotp(), "CONFLICT", Msg.totpAlreadyEnabled);
    await expectTRPCError(m.caller.secondFactor.confirmTotp({ code: "123456" }), "CONFLICT", Msg.totpAlreadyEnabled);
  });

  it("refuses a code reused within its window (replay), and accepts the next step's code", async () => {
    const m = await t.member();
    const now = new Date("2026-03-01T10:00:00Z");
    const { secret } = await beginTotpEnrolment(t.db, { id: m.id, email: m.email }, now);
    const used = codeAt(secret, now);
    await confirmTotpEnrolment(t.db, m.id, used, null, now);

    const later = new Date(now.getTime() + 5_000);
    const pending = await createPendingSignIn(t.db, m.id, later);
    await expectTRPCError(
      completeSecondStep(t.db, pending.token, { method: "totp", code: used }, { ip: null }, later),
      "UNAUTHORIZED",
      Msg.secondFactorWrong,
    );
    // The code of the step before the one used is older still: refused as well.
    await expectTRPCError(
      completeSecondStep(
        t.db,
        pending.token,
        { method: "totp", code: codeAt(secret, now.getTime() - STEP_MS) },
        { ip: null },
        later,
      ),
      "UNAUTHORIZED",
      Msg.secondFactorWrong,
    );
    const next = new Date(now.getTime() + STEP_MS);
    const ok = await completeSecondStep(
      t.db,
      pending.token,
      { method: "totp", code: codeAt(secret, next) },
      { ip: null },
      next,
    );
    expect(ok).toMatchObject({ kind: "session", userId: m.id });
  });

  it("takes the code in Persian digits and with spaces", async () => {
    const m = await t.member();
    const { secret } = await m.caller.secondFactor.beginTotp();
    const persian = codeAt(secret, Date.now())
      .replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)))
      .replace(/^(...)/, "$1 ");
    const { recoveryCodes } = await m.caller.secondFactor.confirmTotp({ code: persian });
    expect(recoveryCodes).toHaveLength(10);
    await expectTRPCError(
      m.caller.secondFactor.confirmTotp({ code: "12a456" }),
      "BAD_REQUEST",
      Msg.invalidSecondFactorCode,
    );
  });
});

describe("the second sign-in step", () => {
  it("needs the code: no session after the password, then a session after the code; the pending sign-in is single-use", async () => {
    const { m, secret } = await enrolled();
    const { res, pending } = await firstStep(m);
    expect(res.status).toBe(200);
    expect(res.data?.secondStep?.methods).toEqual(["totp", "recovery_code"]);
    expect(res.sessionCookie).toBeUndefined();
    expect(pending).toBeTruthy();
    const cookie = res.response.cookies.find((c) => c.name === PENDING_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(await securityEventsOf(t.db, "login_successful", { userId: m.id })).toHaveLength(0);

    const next = Date.now() + STEP_MS; // the current step was used to enrol
    const wrong = await secondStep(pending, { method: "totp", code: wrongCodeAt(secret, new Date(next)) });
    expect(wrong.status).toBe(401);
    expect(wrong.error?.message).toBe(Msg.secondFactorWrong);
    expect(wrong.sessionCookie).toBeUndefined();

    const noCookie = await secondStep(undefined, { method: "totp", code: codeAt(secret, next) });
    expect(noCookie.error?.message).toBe(Msg.pendingSignInExpired);

    const ok = await secondStep(pending, { method: "totp", code: codeAt(secret, next) });
    expect(ok.status).toBe(200);
    expect(ok.data?.userId).toBe(m.id);
    expect((await t.authOf(ok.sessionCookie!))?.viewer.id).toBe(m.id);
    expect(ok.response.cookies.find((c) => c.name === PENDING_COOKIE)?.value).toBe("");
    const [logged] = await securityEventsOf(t.db, "login_successful", { userId: m.id });
    expect(logged?.eventDetails).toMatchObject({ secondFactor: "totp" });

    // Used once: the same pending sign-in cannot sign in again.
    const again = await secondStep(pending, { method: "recovery_code", code: "aaaaa-aaaaa" });
    expect(again.status).toBe(401);
    expect(again.error?.message).toBe(Msg.pendingSignInExpired);
  });

  it("a pending sign-in expires after five minutes", async () => {
    const { m, secret } = await enrolled();
    const start = new Date();
    const pending = await createPendingSignIn(t.db, m.id, start);
    const late = new Date(start.getTime() + PENDING_SIGN_IN_TTL_MS + 1_000);
    await expectTRPCError(
      completeSecondStep(t.db, pending.token, { method: "totp", code: codeAt(secret, late) }, { ip: null }, late),
      "UNAUTHORIZED",
      Msg.pendingSignInExpired,
    );
  });

  it("a recovery code signs in exactly once and logs recovery_code_used", async () => {
    const { m, recoveryCodes } = await enrolled();
    const code = recoveryCodes[3]!;
    const first = await firstStep(m);
    const ok = await secondStep(first.pending, { method: "recovery_code", code: code.toUpperCase() });
    expect(ok.status).toBe(200);
    const [used] = await securityEventsOf(t.db, "recovery_code_used", { userId: m.id });
    expect(used?.eventDetails).toMatchObject({ left: 9 });
    expect((await m.caller.secondFactor.status()).recoveryCodesLeft).toBe(9);

    const second = await firstStep(m);
    const reused = await secondStep(second.pending, { method: "recovery_code", code });
    expect(reused.status).toBe(401);
    expect(reused.error?.message).toBe(Msg.secondFactorWrong);
  });

  it("is rate limited: after five wrong codes even the right one waits, and each is logged", async () => {
    const { m, secret } = await enrolled();
    const ip = "198.51.100.77";
    const { pending } = await firstStep(m, ip);
    const next = new Date(Date.now() + STEP_MS);
    for (let i = 0; i < 5; i++) {
      const res = await secondStep(pending, { method: "totp", code: wrongCodeAt(secret, next) }, ip);
      expect(res.status).toBe(401);
    }
    const limited = await secondStep(pending, { method: "totp", code: codeAt(secret, next) }, ip);
    expect(limited.status).toBe(429);
    expect(limited.error?.message).toBe(Msg.secondFactorRateLimited);
    expect(limited.error?.data.retryAfterSeconds).toBeGreaterThan(0);
    const failed = await securityEventsOf(t.db, "second_factor_failed", { userId: m.id });
    expect(failed).toHaveLength(6);
    expect(failed.filter((e) => (e.eventDetails as { reason?: string }).reason === "rate_limited")).toHaveLength(1);
  });
});

describe("recovery codes and removal", () => {
  it("regenerating (with the password) invalidates every old code; a wrong password is refused", async () => {
    const { m, recoveryCodes: old } = await enrolled();
    await expectTRPCError(
      m.caller.secondFactor.regenerateRecoveryCodes({ proof: "password", password: "Wrong!Passw0rd" }),
      "BAD_REQUEST",
      Msg.currentPasswordWrong,
    );
    const { recoveryCodes: fresh } = await m.caller.secondFactor.regenerateRecoveryCodes({
      proof: "password",
      password: m.password,
    });
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => old.includes(c))).toBe(false);
    expect(await securityEventsOf(t.db, "recovery_codes_regenerated", { userId: m.id })).toHaveLength(1);

    const { pending } = await firstStep(m);
    expect((await secondStep(pending, { method: "recovery_code", code: old[0] })).status).toBe(401);
    expect((await secondStep(pending, { method: "recovery_code", code: fresh[0] })).status).toBe(200);
  });

  it("regenerating with a code works once per step", async () => {
    const { m, secret } = await enrolled();
    const code = codeAt(secret, Date.now() + STEP_MS);
    await m.caller.secondFactor.regenerateRecoveryCodes({ proof: "totp", code });
    await expectTRPCError(
      m.caller.secondFactor.regenerateRecoveryCodes({ proof: "totp", code }),
      "BAD_REQUEST",
      Msg.secondFactorWrong,
    );
  });

  it("removal needs the password and a code, or a recovery code; then sign-in has one step again", async () => {
    const { m, secret, recoveryCodes } = await enrolled();
    const code = codeAt(secret, Date.now() + STEP_MS);
    await expectTRPCError(
      m.caller.secondFactor.disableTotp({ proof: "totp", password: "Wrong!Passw0rd", code }),
      "BAD_REQUEST",
      Msg.currentPasswordWrong,
    );
    await expectTRPCError(
      m.caller.secondFactor.disableTotp({ proof: "recovery_code", code: "aaaaa-aaaaa" }),
      "BAD_REQUEST",
      Msg.secondFactorWrong,
    );
    expect(await m.caller.secondFactor.disableTotp({ proof: "recovery_code", code: recoveryCodes[0]! })).toEqual({
      ok: true,
    });
    expect(await securityEventsOf(t.db, "totp_disabled", { userId: m.id })).toHaveLength(1);
    expect(await m.caller.secondFactor.status()).toMatchObject({ totp: { enabled: false }, recoveryCodesLeft: 0 });
    expect((await firstStep(m)).res.data?.secondStep).toBeNull();

    // Enrolled again, removed with password and code.
    const again = await enrolled(m);
    await m.caller.secondFactor.disableTotp({
      proof: "totp",
      password: m.password,
      code: codeAt(again.secret, Date.now() + STEP_MS),
    });
    expect((await m.caller.secondFactor.status()).totp.enabled).toBe(false);
    await expectTRPCError(
      m.caller.secondFactor.disableTotp({ proof: "recovery_code", code: again.recoveryCodes[0]! }),
      "BAD_REQUEST",
      Msg.totpNotEnabled,
    );
  });
});

describe("admins must have a second factor", () => {
  async function adminGrantedAgo(ms: number) {
    const admin = await t.actor("admin");
    await t.db
      .update(userRoles)
      .set({ grantedAt: new Date(Date.now() - ms) })
      .where(and(eq(userRoles.userId, admin.user!.id), eq(userRoles.role, "admin")));
    return admin;
  }

  it("within the grace period an admin without one keeps admin rights and is told when it ends", async () => {
    const admin = await adminGrantedAgo(ADMIN_SECOND_FACTOR_GRACE_MS - 60 * 60 * 1000);
    expect((await admin.caller.adminMembers.list({})).items.length).toBeGreaterThan(0);
    const { adminDue } = await admin.caller.secondFactor.status();
    expect(adminDue?.overdue).toBe(false);
    expect(adminDue!.graceEndsAt.getTime() - Date.now()).toBeGreaterThan(50 * 60 * 1000);
  });

  it("after it, every admin procedure is refused until they enrol; enrolling works", async () => {
    const admin = await adminGrantedAgo(ADMIN_SECOND_FACTOR_GRACE_MS + 1000);
    await expectTRPCError(admin.caller.adminMembers.list({}), "FORBIDDEN", Msg.adminSecondFactorRequired);
    await expectTRPCError(admin.caller.approval.listPending(), "FORBIDDEN", Msg.adminSecondFactorRequired);
    const over = await t.query("inbox.counts", undefined, { token: admin.token });
    expect(over.status).toBe(403);
    expect(over.error?.message).toBe(Msg.adminSecondFactorRequired);
    expect((await admin.caller.secondFactor.status()).adminDue?.overdue).toBe(true);

    const { secret } = await admin.caller.secondFactor.beginTotp();
    await admin.caller.secondFactor.confirmTotp({ code: codeAt(secret, Date.now()) });
    expect((await admin.caller.adminMembers.list({})).items.length).toBeGreaterThan(0);
    expect((await admin.caller.secondFactor.status()).adminDue).toBeNull();
  });
});

describe("an admin resets a member's second factor", () => {
  it("removes the factors, ends every session, mails the member and leaves an audit row", async () => {
    const admin = await t.actor("admin");
    const { m } = await enrolled(await t.member({ locale: "fa" }));
    const other = await t.sessionFor({ ...m, status: "approved", admin: false });
    const res = await t.mutation("adminMembers.resetSecondFactor", { userId: m.id }, { token: admin.token });
    expect(res.status).toBe(200);

    expect(await t.db.select().from(sessions).where(eq(sessions.userId, m.id))).toEqual([]);
    expect(await t.authOf(other.token)).toBeNull();
    expect(await t.authOf(m.token)).toBeNull();
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, `second-factor-reset:${m.id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: m.email });
    expect(mails[0]?.subject).toContain("ورود دومرحله‌ای");
    const [audit] = await securityEventsOf(t.db, "second_factor_reset", { userId: m.id });
    expect(audit).toMatchObject({ actorId: admin.user!.id, eventDetails: { totp: true } });

    // Signs in with the password alone now.
    expect((await firstStep(m)).res.data?.secondStep).toBeNull();
  });

  it("is refused for one's own account and for an unknown one", async () => {
    const admin = await t.actor("admin");
    await expectTRPCError(
      admin.caller.adminMembers.resetSecondFactor({ userId: admin.user!.id }),
      "BAD_REQUEST",
      Msg.cannotResetOwnSecondFactor,
    );
    await expectTRPCError(
      admin.caller.adminMembers.resetSecondFactor({ userId: "00000000-0000-4000-8000-000000000000" }),
      "NOT_FOUND",
    );
  });
});
