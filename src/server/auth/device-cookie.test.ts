/**
 * Device cookies against malicious lockout (OWASP "Slow Down Online Guessing Attacks with Device
 * Cookies"; ASVS 5.0 V6.1.1, V6.3.1; docs/architecture.md, Security model): over HTTP against a
 * real database. The owner's browser signs in during an attacker's lockout, the attacker's
 * failures do not consume its budget, its own failures lock only itself, and a device cookie of
 * another account (or a forged, expired one) gives nothing.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { createTestApp, type TestApp, type TestUser } from "../../test/app";
import { securityEventsOf } from "../../test/fixtures";
import { deviceCookies, emailOutbox } from "../db/schema";
import { DEVICE_COOKIE_LIFETIME_MS, MAX_DEVICE_TOKENS, parseDeviceCookie } from "./device-cookie";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** A fresh client address, so the per-IP limit never decides a test. */
function freshIp(): string {
  ipCounter++;
  return `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

const WRONG = "Wrong!Passw0rd";

/** Signs in as `email` from a browser holding the device cookie `device` (a cookie value), or none. */
async function signIn(email: string, password: string, device?: string, ip = freshIp()) {
  const res = await t.mutation(
    "auth.signIn",
    { email, password },
    { remoteAddress: ip, ...(device ? { headers: { cookie: `device=${device}` } } : {}) },
  );
  const cookie = res.response.cookies.find((c) => c.name === "device");
  return { status: res.status, message: res.error?.message, cookie, device: cookie?.value };
}

/** Signs `user` in once from a fresh browser and returns the device cookie it got. */
async function deviceOf(user: TestUser): Promise<string> {
  const first = await signIn(user.email, user.password);
  expect(first.status).toBe(200);
  expect(first.device).toBeDefined();
  return first.device as string;
}

/** The attacker: wrong passwords for `user` from browsers without a device cookie, each from another address. */
async function lockOut(user: TestUser, times = 5) {
  for (let i = 0; i < times; i++) expect((await signIn(user.email, WRONG)).status).toBe(401);
  expect((await signIn(user.email, user.password)).status).toBe(429);
}

describe("the device cookie", () => {
  it("is set after a successful sign-in: HttpOnly, SameSite=Lax, a year, stored only as a hash", async () => {
    const user = await t.createUser({ status: "approved" });
    const res = await signIn(user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.cookie).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      maxAge: DEVICE_COOKIE_LIFETIME_MS / 1000,
    });
    const [token] = parseDeviceCookie(res.device);
    const [id, secret] = (token ?? "").split(".");
    const rows = await t.db.select().from(deviceCookies).where(eq(deviceCookies.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(id);
    expect(rows[0]!.secretHash).toBe(encodeHexLowerCase(sha256(new TextEncoder().encode(secret ?? ""))));
    expect(rows[0]!.secretHash).not.toContain(secret ?? "-");
  });

  it("a sign-in without a device cookie of the account logs login_new_device; with one it does not", async () => {
    const user = await t.createUser({ status: "approved" });
    const device = await deviceOf(user);
    expect(await securityEventsOf(t.db, "login_new_device", { userId: user.id })).toHaveLength(1);
    const again = await signIn(user.email, user.password, device);
    expect(again.status).toBe(200);
    // The same token stays first in the cookie.
    expect(parseDeviceCookie(again.device)[0]).toBe(parseDeviceCookie(device)[0]);
    expect(await securityEventsOf(t.db, "login_new_device", { userId: user.id })).toHaveLength(1);
    const events = await securityEventsOf(t.db, "login_new_device", { userId: user.id });
    expect(events[0]!.ip).toMatch(/^198\.18\./);
    // A second browser is a new device.
    expect((await signIn(user.email, user.password)).status).toBe(200);
    expect(await securityEventsOf(t.db, "login_new_device", { userId: user.id })).toHaveLength(2);
  });

  it("the owner's device signs in with the right password while an attacker has locked the account", async () => {
    const user = await t.createUser({ status: "approved" });
    const device = await deviceOf(user);
    await lockOut(user);
    const owner = await signIn(user.email, user.password, device);
    expect(owner.status).toBe(200);
    // Still locked for everyone else.
    expect((await signIn(user.email, user.password)).status).toBe(429);
  });

  it("the attacker's failures do not consume the device's budget: it still has five of its own", async () => {
    const user = await t.createUser({ status: "approved" });
    const device = await deviceOf(user);
    await lockOut(user);
    for (let i = 0; i < 5; i++) {
      const res = await signIn(user.email, WRONG, device);
      expect(res.status, `device failure ${i + 1}`).toBe(401);
      expect(res.message).toBe(Msg.invalidCredentials);
    }
    // Its own sixth attempt is refused, even with the right password: the device is locked now.
    const locked = await signIn(user.email, user.password, device);
    expect(locked.status).toBe(429);
    expect(locked.message).toBe(Msg.loginRateLimited);
    const limited = await securityEventsOf(t.db, "login_rate_limited", { email: user.email });
    expect(limited.some((e) => (e.eventDetails as { scope?: string }).scope === "device")).toBe(true);
  });

  it("failures with a device cookie lock only that device, not the account nor its other devices", async () => {
    const user = await t.createUser({ status: "approved" });
    const device = await deviceOf(user);
    const other = await deviceOf(user);
    const ip = freshIp();
    // Same address throughout: the per-IP limit does not count a device's failures either.
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, WRONG, device, ip)).status).toBe(401);
    expect((await signIn(user.email, user.password, device, ip)).status).toBe(429);
    expect((await signIn(user.email, user.password, other, ip)).status).toBe(200);
    expect((await signIn(user.email, user.password, undefined, ip)).status).toBe(200);
  });

  it("a device cookie of another account gives nothing", async () => {
    const owner = await t.createUser({ status: "approved" });
    const victim = await t.createUser({ status: "approved" });
    const ownersDevice = await deviceOf(owner);
    await lockOut(victim);
    // The victim's account is locked for a browser that is a device of someone else.
    expect((await signIn(victim.email, victim.password, ownersDevice)).status).toBe(429);
    // Nor does it spare the account's own counter: a fresh account, five failures with the
    // other account's cookie lock the account for every browser without its own cookie.
    const fresh = await t.createUser({ status: "approved" });
    for (let i = 0; i < 5; i++) expect((await signIn(fresh.email, WRONG, ownersDevice)).status).toBe(401);
    expect((await signIn(fresh.email, fresh.password)).status).toBe(429);
  });

  it("a forged or expired device cookie gives nothing", async () => {
    const user = await t.createUser({ status: "approved" });
    const device = await deviceOf(user);
    const [token] = parseDeviceCookie(device);
    const [id] = (token ?? "").split(".");
    const forged = `${id}.${"a".repeat(24)}`;
    await lockOut(user);
    expect((await signIn(user.email, user.password, forged)).status).toBe(429);
    expect((await signIn(user.email, user.password, "not-a-token")).status).toBe(429);
    await t.db
      .update(deviceCookies)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceCookies.id, id ?? ""));
    expect((await signIn(user.email, user.password, device)).status).toBe(429);
  });

  it("one browser is remembered for several accounts, newest first, at most five", async () => {
    const accounts = await Promise.all(
      Array.from({ length: MAX_DEVICE_TOKENS + 1 }, () => t.createUser({ status: "approved" })),
    );
    let device: string | undefined;
    for (const account of accounts) {
      const res = await signIn(account.email, account.password, device);
      expect(res.status).toBe(200);
      device = res.device;
    }
    expect(parseDeviceCookie(device)).toHaveLength(MAX_DEVICE_TOKENS);
    // The newest account's device is trusted during a lockout; the oldest has been dropped.
    const newest = accounts.at(-1)!;
    const oldest = accounts[0]!;
    await lockOut(newest);
    await lockOut(oldest);
    expect((await signIn(newest.email, newest.password, device)).status).toBe(200);
    expect((await signIn(oldest.email, oldest.password, device)).status).toBe(429);
  });

  it("a password change forgets every other device of the account; a password reset forgets them all", async () => {
    const user = await t.createUser({ status: "approved" });
    const kept = await deviceOf(user);
    const forgotten = await deviceOf(user);
    const { token } = await t.sessionFor(user);
    const newPassword = "Lantern?Meadow7Quartz";
    const changed = await t.mutation(
      "account.changePassword",
      { currentPassword: user.password, newPassword, confirmPassword: newPassword },
      { token, headers: { cookie: `device=${kept}` } },
    );
    expect(changed.status).toBe(200);
    const ids = async () =>
      (await t.db.select({ id: deviceCookies.id }).from(deviceCookies).where(eq(deviceCookies.userId, user.id))).map(
        (r) => r.id,
      );
    expect(await ids()).toEqual([parseDeviceCookie(kept)[0]!.split(".")[0]]);
    await lockOut({ ...user, password: newPassword });
    expect((await signIn(user.email, newPassword, forgotten)).status).toBe(429);
    expect((await signIn(user.email, newPassword, kept)).status).toBe(200);

    await t.mutation("passwordReset.request", { email: user.email }, { remoteAddress: freshIp() });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    const reset = /reset-password\?token=([a-z2-7]+\.[a-z2-7]+)/.exec(mail?.textBody ?? "")?.[1] ?? "";
    const again = "Quartz&Meadow8Lantern";
    const done = await t.mutation(
      "passwordReset.complete",
      { token: reset, newPassword: again, confirmPassword: again },
      { remoteAddress: freshIp() },
    );
    expect(done.status).toBe(200);
    expect(await ids()).toEqual([]);
  });
});
