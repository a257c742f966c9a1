/**
 * Password reset over HTTP against a real database (issue #11 §3 "Forgotten passwords"): the same
 * answer whether or not the address has an account, a single-use token kept only as a hash and
 * valid 30 minutes, rate limits per address and per IP, the sign-up password rules, every session
 * ended (and its socket closed) on reset, suspended accounts, and the admin's "Send password reset
 * link".
 */
import type { AddressInfo } from "node:net";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RESET_TTL_MS, RATE_LIMITS } from "../../common/constants";
import { Msg } from "../../common/messages";
import { createTestApp, DEFAULT_PASSWORD, type TestApp } from "../../test/app";
import { securityEventsOf } from "../../test/fixtures";
import { collect, wsTrpc } from "../../test/ws";
import { emailOutbox, passwordResetTokens, rateLimitHits, sessions, users } from "../db/schema";
import type { Badges } from "../live/badges";
import { SESSION_ENDED_CLOSE_CODE } from "../live/connections";

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t?.close();
});

const NEW_PASSWORD = "N3w!Passw0rd";

let ipCounter = 0;
/** A fresh client address, so the per-IP limit of one test does not reach the next. */
function freshIp(): string {
  ipCounter++;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

function requestReset(email: string, opts: { ip?: string; locale?: "en" | "fa" } = {}) {
  return t.mutation<{ ok: true }>(
    "passwordReset.request",
    { email, ...(opts.locale ? { locale: opts.locale } : {}) },
    { remoteAddress: opts.ip ?? freshIp() },
  );
}

function completeReset(token: string, password = NEW_PASSWORD, call: { token?: string | null; ip?: string } = {}) {
  return t.mutation<{ ok: true }>(
    "passwordReset.complete",
    { token, newPassword: password, confirmPassword: password },
    { token: call.token, remoteAddress: call.ip ?? freshIp() },
  );
}

function outboxTo(address: string) {
  return t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(emailOutbox.id);
}

function tokensOf(userId: string) {
  return t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** The token of the reset link in a mail's text. */
function tokenIn(text: string): string {
  const match = /https?:\/\/[^/\s]+\/reset-password\?token=([a-z2-7]+\.[a-z2-7]+)/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

/** The token of the newest reset mail to `address`. */
async function latestToken(address: string): Promise<string> {
  const mails = await outboxTo(address);
  expect(mails.length).toBeGreaterThan(0);
  return tokenIn(mails.at(-1)!.textBody);
}

async function signIn(email: string, password: string) {
  return t.mutation("auth.signIn", { email, password }, { remoteAddress: freshIp() });
}

describe("asking for a link", () => {
  it("answers the same for an unknown address, and mails a link only to an account", async () => {
    const m = await t.member();
    const known = await requestReset(m.email);
    const unknown = await requestReset(`nobody-${Date.now()}@example.com`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.data).toEqual(known.data);
    expect(known.data).toEqual({ ok: true });
    expect(unknown.response.body).toBe(known.response.body);

    const mails = await outboxTo(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: `password-reset:${m.id}`,
      status: "pending",
      subject: "Reset your Export Club password",
    });
    expect(mails[0]!.textBody).toContain("valid for 30 minutes");
    expect(await t.db.select().from(emailOutbox).where(sql`${emailOutbox.toAddress} like 'nobody-%'`)).toEqual([]);

    const events = await securityEventsOf(t.db, "password_reset_requested");
    expect(events.find((e) => e.userId === m.id)?.eventDetails).toMatchObject({ email: m.email, outcome: "sent" });
    expect(events.find((e) => (e.eventDetails as { outcome: string }).outcome === "unknown")).toBeDefined();
  });

  it("keeps only the SHA-256 of the token's secret, valid for 30 minutes", async () => {
    const m = await t.member();
    const before = Date.now();
    await requestReset(`  ${m.email.toUpperCase()} `);
    const token = await latestToken(m.email);
    const [id, secret] = token.split(".") as [string, string];
    const rows = await tokensOf(m.id);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.id).toBe(id);
    expect(row.secretHash).toBe(encodeHexLowerCase(sha256(new TextEncoder().encode(secret))));
    // Neither the secret nor the whole token is stored anywhere in the row.
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.usedAt).toBeNull();
    expect(row.sentBy).toBeNull();
    const ttl = row.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(PASSWORD_RESET_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(PASSWORD_RESET_TTL_MS + 1_000);
  });

  it("writes the mail in the language of the page that asks, else the member's (issue #13 §4)", async () => {
    const fa = await t.member({ locale: "fa" });
    await requestReset(fa.email, { locale: "en" });
    const [enMail] = await outboxTo(fa.email);
    expect(enMail!.subject).toBe("Reset your Export Club password");
    expect(enMail!.htmlBody).not.toContain('dir="rtl"');

    const en = await t.member({ locale: "en" });
    await requestReset(en.email, { locale: "fa" });
    const [faMail] = await outboxTo(en.email);
    expect(faMail!.subject).toBe("بازنشانی رمز عبور باشگاه صادرات");
    expect(faMail!.htmlBody).toContain('dir="rtl"');
    tokenIn(faMail!.textBody);

    const noForm = await t.member({ locale: "fa" });
    await requestReset(noForm.email, {});
    expect((await outboxTo(noForm.email))[0]!.subject).toBe("بازنشانی رمز عبور باشگاه صادرات");
  });

  it("a new request makes the earlier unused link invalid", async () => {
    const m = await t.member();
    await requestReset(m.email);
    const first = await latestToken(m.email);
    await requestReset(m.email);
    const second = await latestToken(m.email);
    expect(second).not.toBe(first);
    expect(await tokensOf(m.id)).toHaveLength(1);

    const old = await completeReset(first);
    expect(old.status).toBe(400);
    expect(old.error?.message).toBe(Msg.resetLinkInvalid);
    expect((await completeReset(second)).status).toBe(200);
  });

  it("sends nothing for a suspended account, with the same answer", async () => {
    const m = await t.member();
    const admin = await t.actor("admin");
    await admin.caller.adminMembers.suspend({ userId: m.id, reason: "Spam in requests" });
    const res = await requestReset(m.email);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true });
    expect(await outboxTo(m.email)).toEqual([]);
    expect(await tokensOf(m.id)).toEqual([]);
    const events = await securityEventsOf(t.db, "password_reset_requested", { userId: m.id });
    expect(events[0]?.eventDetails).toMatchObject({ outcome: "suspended" });
  });

  it("is limited per address, known or not, with the wait", async () => {
    const m = await t.member();
    for (const email of [m.email, `ghost-${Date.now()}@example.com`]) {
      for (let i = 0; i < RATE_LIMITS.passwordReset.max; i++) {
        expect((await requestReset(email)).status).toBe(200);
      }
      const refused = await requestReset(email);
      expect(refused.status).toBe(429);
      expect(refused.error?.message).toBe(Msg.tooManyAttempts);
      expect(refused.error?.data.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.error?.data.retryAfterSeconds).toBeLessThanOrEqual(RATE_LIMITS.passwordReset.windowMs / 1000);
    }
    // Only the allowed requests mailed.
    expect(await outboxTo(m.email)).toHaveLength(RATE_LIMITS.passwordReset.max);
  });

  it("is limited per IP address across addresses", async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.passwordResetPerIp.max; i++) {
      expect((await requestReset(`ip-${i}-${Date.now()}@example.com`, { ip })).status).toBe(200);
    }
    const m = await t.member();
    const refused = await requestReset(m.email, { ip });
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toBe(Msg.tooManyAttempts);
    expect(await outboxTo(m.email)).toEqual([]);
    // Another address is not held up.
    expect((await requestReset(m.email)).status).toBe(200);
  });

  it("refuses a malformed address with the sign-up message", async () => {
    const res = await requestReset("not an address");
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(Msg.invalidEmail);
  });
});

describe("setting the new password", () => {
  it("sets the password, ends every session, closes the sockets, and logs it", async () => {
    const m = await t.member();
    const second = await t.sessionFor({ ...m, status: "approved", admin: false });
    const ws = wsTrpc(port, `${t.cookieName}=${m.token}`);
    try {
      const badges = collect<Badges>((h) => ws.client.badges.onChange.subscribe(undefined, h));
      await badges.next("the first badges");
      await requestReset(m.email);
      const token = await latestToken(m.email);

      const res = await completeReset(token, NEW_PASSWORD, { token: m.token });
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      expect(res.data).toEqual({ ok: true });
      // This browser's session was the account's: its cookie is cleared.
      expect(res.sessionCookie).toBe("");

      expect(await t.db.select().from(sessions).where(eq(sessions.userId, m.id))).toEqual([]);
      expect(await t.authOf(m.token)).toBeNull();
      expect(await t.authOf(second.token)).toBeNull();
      const deadline = Date.now() + 5_000;
      while (!ws.closeCodes.includes(SESSION_ENDED_CLOSE_CODE)) {
        if (Date.now() > deadline) throw new Error(`socket not closed (codes: ${ws.closeCodes})`);
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await ws.close();
    }

    expect((await signIn(m.email, DEFAULT_PASSWORD)).status).toBe(401);
    expect((await signIn(m.email, NEW_PASSWORD)).status).toBe(200);
    const [row] = await tokensOf(m.id);
    expect(row!.usedAt).not.toBeNull();
    const events = await securityEventsOf(t.db, "password_reset_completed", { userId: m.id });
    expect(events).toHaveLength(1);
  });

  it("works once", async () => {
    const m = await t.member();
    await requestReset(m.email);
    const token = await latestToken(m.email);
    expect((await completeReset(token)).status).toBe(200);
    const again = await completeReset(token, "An0ther!Passw0rd");
    expect(again.status).toBe(400);
    expect(again.error?.data.code).toBe("BAD_REQUEST");
    expect(again.error?.message).toBe(Msg.resetLinkInvalid);
    expect((await signIn(m.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses an expired link and leaves the password", async () => {
    const m = await t.member();
    await requestReset(m.email);
    const token = await latestToken(m.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, m.id));
    const res = await completeReset(token);
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(Msg.resetLinkInvalid);
    expect((await signIn(m.email, DEFAULT_PASSWORD)).status).toBe(200);
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, m.id))).length).toBeGreaterThan(0);
  });

  it("refuses a wrong secret with a real id, and malformed tokens, alike", async () => {
    const m = await t.member();
    await requestReset(m.email);
    const token = await latestToken(m.email);
    const [id, secret] = token.split(".") as [string, string];
    const wrongSecret = `${id}.${secret.startsWith("a") ? "b" : "a"}${secret.slice(1)}`;
    for (const bad of [wrongSecret, `${"a".repeat(24)}.${secret}`, "abc", `${token}x`, token.toUpperCase()]) {
      const res = await completeReset(bad);
      expect(res.status, bad).toBe(400);
      expect(res.error?.message, bad).toBe(Msg.resetLinkInvalid);
    }
    // The right token still works after the wrong ones.
    expect((await completeReset(token)).status).toBe(200);
  });

  it("holds the new password to the sign-up rules", async () => {
    const m = await t.member();
    await requestReset(m.email);
    const token = await latestToken(m.email);
    const weak = await completeReset(token, "alllowercase1!");
    expect(weak.status).toBe(400);
    expect(weak.error?.message).toBe(Msg.passwordComposition);
    const short = await completeReset(token, "Aa1!");
    expect(short.error?.message).toBe(Msg.passwordTooShort);
    const mismatch = await t.mutation("passwordReset.complete", {
      token,
      newPassword: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.error?.message).toBe(Msg.passwordMismatch);
    expect(mismatch.error?.data.fieldErrors?.confirmPassword).toEqual([Msg.passwordMismatch]);
    // None of these used the token up.
    expect((await completeReset(token)).status).toBe(200);
  });

  it("refuses a link of an account suspended since", async () => {
    const m = await t.member();
    const admin = await t.actor("admin");
    await requestReset(m.email);
    const token = await latestToken(m.email);
    await admin.caller.adminMembers.suspend({ userId: m.id, reason: "Fraud suspicion" });
    const res = await completeReset(token);
    expect(res.status).toBe(403);
    expect(res.error?.message).toBe(Msg.accountSuspended);
  });

  it("lifts the failed sign-in limit of the address", async () => {
    const m = await t.member();
    for (let i = 0; i < RATE_LIMITS.signIn.max; i++) await signIn(m.email, "Wr0ng!Password");
    expect((await signIn(m.email, DEFAULT_PASSWORD)).status).toBe(429);
    await requestReset(m.email);
    expect((await completeReset(await latestToken(m.email))).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(rateLimitHits)
        .where(eq(rateLimitHits.key, `signin:${m.email}`)),
    ).toEqual([]);
    expect((await signIn(m.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe("the admin's Send password reset link", () => {
  it("mails the member a link in their language that resets the password, audited", async () => {
    const admin = await t.actor("admin");
    const m = await t.member({ locale: "fa" });
    const res = await t.mutation("adminMembers.sendPasswordReset", { userId: m.id }, { token: admin.token });
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data).toEqual({ ok: true });
    const mails = await outboxTo(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("بازنشانی رمز عبور باشگاه صادرات");
    expect(mails[0]!.textBody).toContain("مدیر باشگاه صادرات");
    const [row] = await tokensOf(m.id);
    expect(row!.sentBy).toBe(admin.user!.id);
    const sent = await securityEventsOf(t.db, "password_reset_sent", { userId: m.id });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ actorId: admin.user!.id });
    // Nothing else changed yet: the member is still signed in.
    expect(await t.authOf(m.token)).not.toBeNull();

    expect((await completeReset(tokenIn(mails[0]!.textBody))).status).toBe(200);
    expect(await t.authOf(m.token)).toBeNull();
    expect((await signIn(m.email, NEW_PASSWORD)).status).toBe(200);
    const done = await securityEventsOf(t.db, "password_reset_completed", { userId: m.id });
    expect(done[0]!.eventDetails).toMatchObject({ sentBy: admin.user!.id });
  });

  it("replaces the member's own unused link", async () => {
    const admin = await t.actor("admin");
    const m = await t.member();
    await requestReset(m.email);
    const own = await latestToken(m.email);
    await admin.caller.adminMembers.sendPasswordReset({ userId: m.id });
    const sent = await latestToken(m.email);
    expect((await completeReset(own)).status).toBe(400);
    expect((await completeReset(sent)).status).toBe(200);
  });

  it("is refused for a suspended account and an unknown one", async () => {
    const admin = await t.actor("admin");
    const m = await t.member();
    await admin.caller.adminMembers.suspend({ userId: m.id, reason: "Spam in requests" });
    const suspended = await t.mutation("adminMembers.sendPasswordReset", { userId: m.id }, { token: admin.token });
    expect(suspended.status).toBe(409);
    expect(suspended.error?.message).toBe(Msg.resetAccountSuspended);
    const unknown = await t.mutation(
      "adminMembers.sendPasswordReset",
      { userId: "00000000-0000-4000-8000-000000000000" },
      { token: admin.token },
    );
    expect(unknown.status).toBe(404);
    expect(await outboxTo(m.email)).toEqual([]);
  });

  it("is for admins only", async () => {
    const member = await t.actor("member");
    const other = await t.member();
    const res = await t.mutation("adminMembers.sendPasswordReset", { userId: other.id }, { token: member.token });
    expect(res.status).toBe(403);
    expect(await outboxTo(other.email)).toEqual([]);
  });
});

describe("the stored users row", () => {
  it("keeps an argon2id hash of the new password", async () => {
    const m = await t.member();
    await requestReset(m.email);
    await completeReset(await latestToken(m.email));
    const [u] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, m.id));
    expect(u!.hash?.startsWith("$argon2id$")).toBe(true);
    expect(u!.hash).not.toContain(NEW_PASSWORD);
  });
});
