/**
 * Account changes over HTTP against a real database (spec part 2 §2, §4, §5; DESIGN.md §8.10):
 * the e-mail change by a link sent to the new address, and the password change that needs the
 * current password and ends the other sessions.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { createTestApp, DEFAULT_PASSWORD, type TestApp, type TestUser } from "../../test/app";
import { emailChangeRequests, emailOutbox, securityEvents, sessions, users } from "../db/schema";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe("e-mail change", () => {
  async function outboxTo(address: string) {
    return t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
  }

  async function emailOf(userId: string): Promise<string> {
    const [u] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return u!.email;
  }

  function tokenIn(text: string): string {
    const match = /\/confirm-email\?token=([a-z2-7]+)/.exec(text);
    expect(match, text).not.toBeNull();
    return match![1]!;
  }

  it("writes the mail in the language of the page that asks, not the one last saved on the account", async () => {
    const m = await t.actor("member", { user: { locale: "en" } });
    const user = m.user!;
    // Persian chosen in another browser, then English in this one (saved last: en); this page is Persian.
    const faEmail = `lang-fa-${Date.now()}@example.com`;
    await t.mutation(
      "account.requestEmailChange",
      { newEmail: faEmail, currentPassword: user.password, locale: "fa" },
      { token: m.token },
    );
    expect((await outboxTo(faEmail))[0]!.subject).toBe("تأیید نشانی ایمیل جدید در باشگاه صادرات");
    const enEmail = `lang-en-${Date.now()}@example.com`;
    await t.db.update(users).set({ locale: "fa" }).where(eq(users.id, user.id));
    const caller = await t.callerOf(m.token!);
    await caller.account.requestEmailChange({ newEmail: enEmail, currentPassword: user.password, locale: "en" });
    expect((await outboxTo(enEmail))[0]!.subject).toBe("Confirm your new Export Club email address");
  });

  it("changes the address only when the link sent to the new address is opened, once", async () => {
    const m = await t.actor("member");
    const user = m.user!;
    const newEmail = `renamed-${Date.now()}@example.com`;
    const res = await t.mutation(
      "account.requestEmailChange",
      { newEmail: `  ${newEmail.toUpperCase()} `, currentPassword: user.password },
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true });

    // One message, to the new address, with the link; nothing to the old one; nothing changed yet.
    const mails = await outboxTo(newEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: `email-change:${user.id}`, status: "pending" });
    expect(mails[0]!.textBody).toContain("http://localhost:3000/confirm-email?token=");
    const token = tokenIn(mails[0]!.textBody);
    expect(await outboxTo(user.email)).toHaveLength(0);
    expect(await emailOf(user.id)).toBe(user.email);
    const [request] = await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, user.id));
    expect(request).toMatchObject({ newEmail, consumedAt: null });
    expect(request!.tokenHash).not.toContain(token);
    const requested = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.eventType, "email_change_requested")));
    expect(requested).toHaveLength(1);
    // The old address still signs in until the link is opened.
    expect((await t.mutation("auth.signIn", { email: user.email, password: user.password })).status).toBe(200);

    // Opening the link (signed out) applies the change.
    const confirmed = await t.mutation("account.confirmEmail", { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data).toEqual({ email: newEmail, adminGranted: false });
    expect(await emailOf(user.id)).toBe(newEmail);
    const changed = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.eventType, "email_changed")));
    expect(changed).toHaveLength(1);
    expect(changed[0]!.eventDetails).toMatchObject({ from: user.email, to: newEmail });

    // The link works once.
    const again = await t.mutation("account.confirmEmail", { token });
    expect(again.status).toBe(400);
    expect(again.error?.message).toBe("This confirmation link is invalid or has expired.");

    // The new address signs in; the old one no longer does.
    expect((await t.mutation("auth.signIn", { email: newEmail, password: user.password })).status).toBe(200);
    expect((await t.mutation("auth.signIn", { email: user.email, password: user.password })).status).toBe(401);
  });

  it("a wrong current password: 'Your current password is incorrect.', nothing queued", async () => {
    const m = await t.actor("member");
    const newEmail = `wrongpw-${Date.now()}@example.com`;
    const res = await t.mutation(
      "account.requestEmailChange",
      { newEmail, currentPassword: "Not!MyPassw0rd" },
      { token: m.token },
    );
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe("Your current password is incorrect.");
    expect(await outboxTo(newEmail)).toHaveLength(0);
    expect(await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, m.user!.id))).toEqual([]);
  });

  it("a taken address is a CONFLICT; one's own address is refused; nothing queued", async () => {
    const m = await t.actor("member");
    const other = await t.createUser({ status: "approved" });
    const taken = await t.mutation(
      "account.requestEmailChange",
      { newEmail: other.email.toUpperCase(), currentPassword: m.user!.password },
      { token: m.token },
    );
    expect(taken.status).toBe(409);
    expect(taken.error?.data.code).toBe("CONFLICT");
    expect(taken.error?.message).toBe(Msg.emailTaken);
    expect(await outboxTo(other.email)).toHaveLength(0);

    const same = await t.mutation(
      "account.requestEmailChange",
      { newEmail: m.user!.email, currentPassword: m.user!.password },
      { token: m.token },
    );
    expect(same.status).toBe(400);
    expect(same.error?.message).toBe(Msg.sameEmail);
    expect(await outboxTo(m.user!.email)).toHaveLength(0);
  });

  it("a link whose address was taken meanwhile is a CONFLICT; an expired or unknown link is refused", async () => {
    const m = await t.actor("member");
    const wanted = `contested-${Date.now()}@example.com`;
    await t.mutation(
      "account.requestEmailChange",
      { newEmail: wanted, currentPassword: m.user!.password },
      { token: m.token },
    );
    const token = tokenIn((await outboxTo(wanted))[0]!.textBody);
    await t.createUser({ status: "approved", email: wanted });
    const conflict = await t.mutation("account.confirmEmail", { token });
    expect(conflict.status).toBe(409);
    expect(await emailOf(m.user!.id)).toBe(m.user!.email);

    const later = `expired-${Date.now()}@example.com`;
    await t.mutation(
      "account.requestEmailChange",
      { newEmail: later, currentPassword: m.user!.password },
      { token: m.token },
    );
    const expiredToken = tokenIn((await outboxTo(later))[0]!.textBody);
    await t.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.newEmail, later));
    for (const bad of [expiredToken, "a".repeat(32)]) {
      const res = await t.mutation("account.confirmEmail", { token: bad });
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe(Msg.emailLinkInvalid);
    }
    expect(await emailOf(m.user!.id)).toBe(m.user!.email);
  });
});

describe("password change", () => {
  const NEW_PASSWORD = "N3w!Passw0rdX";

  async function hashOf(userId: string): Promise<string> {
    const [u] = await t.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, userId));
    return u!.h ?? "";
  }

  it("needs the current password, ends the other sessions and keeps this one", async () => {
    const user: TestUser = await t.createUser({ status: "approved" });
    const a = await t.sessionFor(user);
    const b = await t.sessionFor(user);
    const res = await t.mutation(
      "account.changePassword",
      { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: a.token },
    );
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true });

    // B's next call is refused; A goes on.
    const fromB = await t.query("profile.get", undefined, { token: b.token });
    expect(fromB.status).toBe(401);
    expect(fromB.error?.data.code).toBe("UNAUTHORIZED");
    expect((await t.query("profile.get", undefined, { token: a.token })).status).toBe(200);
    const left = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.id)).toEqual([a.auth.session.id]);

    const events = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.eventType, "password_changed")));
    expect(events).toHaveLength(1);

    // The new password signs in, the old one does not.
    expect((await t.mutation("auth.signIn", { email: user.email, password: DEFAULT_PASSWORD })).status).toBe(401);
    expect((await t.mutation("auth.signIn", { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("a wrong current password: 'Your current password is incorrect.', nothing changes", async () => {
    const user = await t.createUser({ status: "approved" });
    const a = await t.sessionFor(user);
    const b = await t.sessionFor(user);
    const hash = await hashOf(user.id);
    const res = await t.mutation(
      "account.changePassword",
      { currentPassword: "Wrong!Passw0rd", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: a.token },
    );
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe("Your current password is incorrect.");
    expect(await hashOf(user.id)).toBe(hash);
    expect((await t.query("profile.get", undefined, { token: b.token })).status).toBe(200);
  });

  it("the new password follows the sign-up policy; a mismatched confirmation is refused", async () => {
    const user = await t.createUser({ status: "approved" });
    const { token } = await t.sessionFor(user);
    const hash = await hashOf(user.id);
    const mismatch = await t.mutation(
      "account.changePassword",
      { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` },
      { token },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.error?.message).toBe("New password and confirmation don't match.");
    expect(mismatch.error?.data.fieldErrors?.confirmPassword).toEqual([Msg.passwordMismatch]);

    for (const [weak, message] of [
      ["Sh0rt!", Msg.passwordTooShort],
      ["alllowercase1!", Msg.passwordComposition],
      ["NoDigitsHere!", Msg.passwordComposition],
      ["NoSpecial123", Msg.passwordComposition],
      ["#Starts1Badly", Msg.passwordComposition],
    ] as const) {
      const res = await t.mutation(
        "account.changePassword",
        { currentPassword: DEFAULT_PASSWORD, newPassword: weak, confirmPassword: weak },
        { token },
      );
      expect(res.status, weak).toBe(400);
      expect(res.error?.data.fieldErrors?.newPassword, weak).toContain(message);
    }
    expect(await hashOf(user.id)).toBe(hash);
  });

  it("the sixth current-password check within 15 minutes is TOO_MANY_REQUESTS", async () => {
    const user = await t.createUser({ status: "approved" });
    const { token } = await t.sessionFor(user);
    const body = { currentPassword: "Wrong!Passw0rd", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    for (let i = 0; i < 5; i++) {
      expect((await t.mutation("account.changePassword", body, { token })).status).toBe(400);
    }
    const sixth = await t.mutation("account.changePassword", { ...body, currentPassword: DEFAULT_PASSWORD }, { token });
    expect(sixth.status).toBe(429);
    expect(sixth.error?.data.retryAfterSeconds).toBeGreaterThan(0);
  });
});
