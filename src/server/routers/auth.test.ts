/**
 * Sign-up, the approval gate, sign-in and its rate limit, sessions (idle and absolute expiry,
 * heartbeat, sign-out), the bootstrap admin, the same-origin check and the contact form —
 * over HTTP (`app.inject`) against a real database (spec part 1 §4, §5, §7, §8; DESIGN.md §4).
 */
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_IDLE_TIMEOUT_MS } from "../../common/constants";
import { Msg } from "../../common/messages";
import { createTestApp, DEFAULT_PASSWORD, type TestApp } from "../../test/app";
import { securityEventsOf } from "../../test/fixtures";
import { compileProxyTrust, requestOrigin } from "../app";
import { loadConfig } from "../config";
import { contactMessages, emailChangeRequests, emailOutbox, profiles, sessions, userRoles, users } from "../db/schema";
import { createContextInner, type RequestAuth } from "../trpc/context";
import { createCallerFactory, memberProcedure, router } from "../trpc/init";

const ADMIN_EMAIL = "founder@export-club.test";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL } });
});

afterAll(async () => {
  await t?.close();
});

/** A test-only router: proves the member tier itself, since no member procedure ships yet. */
const probeRouter = router({
  ping: memberProcedure.query(({ ctx }) => ({ userId: ctx.viewer.id })),
});
const createProbeCaller = createCallerFactory(probeRouter);

/** Calls the member-tier probe as `auth`; resolves to the error code or "OK". */
async function memberProbe(auth: RequestAuth | null): Promise<string> {
  try {
    await createProbeCaller(createContextInner({ deps: t.deps, auth })).ping();
    return "OK";
  } catch (err) {
    return (err as { code: string }).code;
  }
}

let emailCounter = 0;
function uniqueEmail(prefix: string): string {
  emailCounter++;
  return `${prefix}-${emailCounter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

function signUpBody(email: string, extra: Record<string, unknown> = {}) {
  return {
    name: "Ada Lovelace",
    email,
    password: DEFAULT_PASSWORD,
    activity: "exporter",
    userType: "organization",
    referralCode: "FRIEND-42",
    ...extra,
  };
}

async function tableCount(table: typeof users | typeof sessions | typeof contactMessages): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

describe("sign-up and the approval gate", () => {
  it("a new applicant is pending, signed in, refused member and admin procedures until approved", async () => {
    const email = uniqueEmail("applicant");
    const signUp = await t.mutation<{ userId: string; approvalStatus: string; expiresAt: string }>(
      "auth.signUp",
      signUpBody(` ${email.toUpperCase()} `),
    );
    expect(signUp.status).toBe(200);
    expect(signUp.data).toMatchObject({ approvalStatus: "pending" });
    const userId = signUp.data!.userId;

    // The session cookie: HttpOnly, SameSite=Lax, Path=/ (not Secure outside production).
    const cookie = signUp.response.cookies.find((c) => c.name === t.cookieName);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    const token = cookie!.value;
    expect(token).toMatch(/^[a-z2-7]{24}\.[a-z2-7]{24}$/);

    // Stored: lower-cased e-mail, argon2id hash, the profile with user type and referral code.
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user!.email).toBe(email);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(profile).toMatchObject({
      name: "Ada Lovelace",
      activities: ["exporter"],
      userType: "organization",
      referralCode: "FRIEND-42",
      approvalStatus: "pending",
    });
    // Only the hash of the secret is stored.
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(token.startsWith(`${row!.id}.`)).toBe(true);
    expect(row!.secretHash).not.toContain(token.split(".")[1]);
    expect(await securityEventsOf(t.db, "sign_up", { userId })).toHaveLength(1);

    // The same session: signed in, pending.
    const me = await t.query<{ viewer: { approvalStatus: string; isAdmin: boolean } }>("session.get", undefined, {
      token,
    });
    expect(me.data?.viewer).toMatchObject({ approvalStatus: "pending", isAdmin: false });

    // Member tier refuses a pending applicant; so does the admin tier.
    const pendingAuth = await t.authOf(token);
    expect(pendingAuth?.viewer.id).toBe(userId);
    expect(await memberProbe(pendingAuth)).toBe("FORBIDDEN");
    const refused = await t.query("approval.listPending", undefined, { token });
    expect(refused.status).toBe(403);
    expect(refused.error?.data.code).toBe("FORBIDDEN");
    expect(refused.error?.message).toBe(Msg.approvalRequired);

    // An admin approves.
    const admin = await t.actor("admin");
    const review = await t.mutation(
      "approval.review",
      { userId, decision: "approved", notes: "Welcome" },
      { token: admin.token },
    );
    expect(review.status).toBe(200);
    expect(review.data).toEqual({ ok: true });

    // The same session now passes the member tier, but still not the admin tier.
    const approvedAuth = await t.authOf(token);
    expect(approvedAuth?.session.id).toBe(pendingAuth?.session.id);
    expect(await memberProbe(approvedAuth)).toBe("OK");
    const me2 = await t.query<{ viewer: { approvalStatus: string } }>("session.get", undefined, { token });
    expect(me2.data?.viewer.approvalStatus).toBe("approved");
    const stillNotAdmin = await t.query("approval.listPending", undefined, { token });
    expect(stillNotAdmin.error?.data.code).toBe("FORBIDDEN");
    expect(stillNotAdmin.error?.message).toBe(Msg.adminOnly);
  });

  it("a rejected applicant stays refused by the member tier", async () => {
    const email = uniqueEmail("rejected");
    const signUp = await t.mutation<{ userId: string }>("auth.signUp", signUpBody(email));
    const token = signUp.sessionCookie!;
    const admin = await t.actor("admin");
    await admin.caller.approval.review({ userId: signUp.data!.userId, decision: "rejected", notes: "Incomplete" });

    const auth = await t.authOf(token);
    expect(auth?.viewer.approvalStatus).toBe("rejected");
    expect(await memberProbe(auth)).toBe("FORBIDDEN");
    const refused = await t.query("approval.listPending", undefined, { token });
    expect(refused.error?.data.code).toBe("FORBIDDEN");
    // The status screen still works: session.get answers with the rejected state.
    const me = await t.query<{ viewer: { approvalStatus: string } }>("session.get", undefined, { token });
    expect(me.data?.viewer.approvalStatus).toBe("rejected");
  });

  it("the member tier: anonymous UNAUTHORIZED, pending and rejected FORBIDDEN, members and admins allowed", async () => {
    expect(await memberProbe(null)).toBe("UNAUTHORIZED");
    for (const kind of ["pending", "rejected"] as const) {
      expect(await memberProbe((await t.actor(kind)).auth)).toBe("FORBIDDEN");
    }
    for (const kind of ["member", "admin"] as const) {
      expect(await memberProbe((await t.actor(kind)).auth)).toBe("OK");
    }
  });

  it("a taken e-mail is a CONFLICT with 'An account with this email already exists'", async () => {
    const email = uniqueEmail("taken");
    expect((await t.mutation("auth.signUp", signUpBody(email))).status).toBe(200);
    const again = await t.mutation("auth.signUp", signUpBody(email.toUpperCase()));
    expect(again.status).toBe(409);
    expect(again.error?.data.code).toBe("CONFLICT");
    expect(again.error?.message).toBe(Msg.emailTaken);
    expect(again.sessionCookie).toBeUndefined();
  });

  it("invalid sign-up input is a BAD_REQUEST with field errors in the spec's words", async () => {
    const res = await t.mutation("auth.signUp", signUpBody("not-an-email", { password: "short", name: "A" }));
    expect(res.status).toBe(400);
    expect(res.error?.data.code).toBe("BAD_REQUEST");
    expect(res.error?.data.fieldErrors).toMatchObject({
      email: [Msg.invalidEmail],
      name: [Msg.nameTooShort],
    });
    expect(res.error?.data.fieldErrors?.password).toContain(Msg.passwordTooShort);
  });

  it("the 4th sign-up attempt with one e-mail within 5 minutes: 'Please wait 5 minutes before trying again.'", async () => {
    const email = uniqueEmail("eager");
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.mutation("auth.signUp", signUpBody(email));
      codes.push(res.error?.data.code ?? "OK");
    }
    // The first creates the account, the next two hit the taken e-mail; all three count.
    expect(codes).toEqual(["OK", "CONFLICT", "CONFLICT"]);
    const fourth = await t.mutation("auth.signUp", signUpBody(email));
    expect(fourth.status).toBe(429);
    expect(fourth.error?.data.code).toBe("TOO_MANY_REQUESTS");
    expect(fourth.error?.message).toBe("Please wait 5 minutes before trying again.");
    expect(await securityEventsOf(t.db, "sign_up_rate_limited", { email })).toHaveLength(1);

    // Another e-mail is not affected.
    expect((await t.mutation("auth.signUp", signUpBody(uniqueEmail("other")))).status).toBe(200);
  });

  it("20 sign-ups from one IP within an hour: the 21st is refused and creates nothing", async () => {
    const remoteAddress = "198.51.100.20";
    for (let i = 0; i < 20; i++) {
      const res = await t.mutation("auth.signUp", signUpBody(uniqueEmail("farm")), { remoteAddress });
      expect(res.status, `sign-up ${i + 1}`).toBe(200);
    }
    const usersBefore = await tableCount(users);
    const email = uniqueEmail("farm");
    const refused = await t.mutation("auth.signUp", signUpBody(email), { remoteAddress });
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toBe(Msg.tooManyAttempts);
    expect(refused.error?.data.retryAfterSeconds).toBeGreaterThan(59 * 60);
    expect(await tableCount(users)).toBe(usersBefore);
    expect(await securityEventsOf(t.db, "sign_up_rate_limited", { email })).toHaveLength(1);
    // Another address may still sign up.
    const other = await t.mutation("auth.signUp", signUpBody(uniqueEmail("farm")), { remoteAddress: "198.51.100.21" });
    expect(other.status).toBe(200);
  });

  it("the ADMIN_EMAIL account becomes admin only once its address is confirmed by the mailed link (issue #10 §6)", async () => {
    const res = await t.mutation<{ userId: string; approvalStatus: string; adminConfirmationSent: boolean }>(
      "auth.signUp",
      signUpBody(` ${ADMIN_EMAIL.toUpperCase()}`),
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ approvalStatus: "pending", adminConfirmationSent: true });
    const userId = res.data!.userId;
    const adminToken = res.sessionCookie!;
    const isAdmin = async () =>
      (await t.db.select().from(userRoles).where(eq(userRoles.userId, userId))).some((r) => r.role === "admin");
    expect(await isAdmin()).toBe(false);
    expect(await securityEventsOf(t.db, "admin_granted", { userId })).toHaveLength(0);
    expect((await t.query("approval.listPending", undefined, { token: adminToken })).status).toBe(403);

    // The link went to the address, in the outbox.
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, ADMIN_EMAIL));
    expect(mails).toHaveLength(1);
    const tokenIn = (text: string) => /\/confirm-email\?token=([a-z0-9]+)/.exec(text)?.[1];
    const expired = tokenIn(mails[0]!.textBody);
    expect(expired, mails[0]!.textBody).toBeDefined();

    // Signing in while the link is valid sends nothing more; once it expired unopened, the next
    // sign-in mails a new one (and the old one stays dead).
    const signInAdmin = () =>
      t.mutation("auth.signIn", { email: ADMIN_EMAIL, password: DEFAULT_PASSWORD }, { remoteAddress: "192.0.2.50" });
    expect((await signInAdmin()).status).toBe(200);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, ADMIN_EMAIL))).toHaveLength(1);
    await t.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.userId, userId));
    expect((await signInAdmin()).status).toBe(200);
    const resent = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, ADMIN_EMAIL))
      .orderBy(emailOutbox.id);
    expect(resent).toHaveLength(2);
    expect((await t.mutation("account.confirmEmail", { token: expired! }, { token: adminToken })).error?.message).toBe(
      Msg.emailLinkInvalid,
    );
    const token = tokenIn(resent[1]!.textBody)!;
    expect(token).toBeDefined();

    // Opened anonymously, or by someone else (a squatter's link opened by the mailbox owner,
    // say), it grants nothing and stays valid.
    const anonymous = await t.mutation("account.confirmEmail", { token });
    expect(anonymous.error?.data.code).toBe("UNAUTHORIZED");
    expect(anonymous.error?.message).toBe(Msg.signInRequired);
    const other = await t.createUser({ status: "approved" });
    const otherSession = await t.sessionFor(other);
    const byOther = await t.mutation("account.confirmEmail", { token }, { token: otherSession.token });
    expect(byOther.error?.data.code).toBe("UNAUTHORIZED");
    expect(await isAdmin()).toBe(false);

    // Opened signed in as the account: admin and approved.
    const confirmed = await t.mutation<{ email: string; adminGranted: boolean }>(
      "account.confirmEmail",
      { token },
      { token: adminToken },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.data).toEqual({ email: ADMIN_EMAIL, adminGranted: true });
    expect(await isAdmin()).toBe(true);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(profile?.approvalStatus).toBe("approved");
    expect(await securityEventsOf(t.db, "admin_granted", { userId })).toHaveLength(1);
    const pending = await t.query<unknown[]>("approval.listPending", undefined, { token: adminToken });
    expect(pending.status).toBe(200);

    // The link works once, and an admin is mailed no more links.
    const again = await t.mutation("account.confirmEmail", { token }, { token: adminToken });
    expect(again.error?.message).toBe(Msg.emailLinkInvalid);
    await t.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(0) })
      .where(eq(emailChangeRequests.userId, userId));
    expect((await signInAdmin()).status).toBe(200);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, ADMIN_EMAIL))).toHaveLength(2);

    // Another admin removes the role, for good: signing in mails no new link, and a link that is
    // valid again grants nothing.
    const otherAdmin = await t.actor("admin");
    await otherAdmin.caller.adminMembers.setAdmin({ userId, admin: false });
    expect(await isAdmin()).toBe(false);
    expect((await signInAdmin()).status).toBe(200);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, ADMIN_EMAIL))).toHaveLength(2);
    await t.db
      .update(emailChangeRequests)
      .set({ consumedAt: null, expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(emailChangeRequests.userId, userId));
    const reopened = await t.mutation<{ adminGranted: boolean }>(
      "account.confirmEmail",
      { token },
      { token: adminToken },
    );
    expect(reopened.data?.adminGranted).toBe(false);
    expect(await isAdmin()).toBe(false);
  });

  it("another address gets no confirmation link and no admin", async () => {
    const res = await t.mutation<{ userId: string; adminConfirmationSent: boolean }>(
      "auth.signUp",
      signUpBody(uniqueEmail("plain")),
    );
    expect(res.data?.adminConfirmationSent).toBe(false);
    expect(
      await t.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.kind, `admin-confirm:${res.data!.userId}`)),
    ).toEqual([]);
  });
});

describe("sign-in", () => {
  it("signs in with the right password, sets the cookie and logs login_successful", async () => {
    const user = await t.createUser({ status: "approved" });
    const res = await t.mutation<{ userId: string; expiresAt: string }>("auth.signIn", {
      email: ` ${user.email.toUpperCase()}`,
      password: user.password,
    });
    expect(res.status).toBe(200);
    expect(res.data?.userId).toBe(user.id);
    const expiresIn = new Date(res.data!.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(SESSION_IDLE_TIMEOUT_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(SESSION_IDLE_TIMEOUT_MS);
    const auth = await t.authOf(res.sessionCookie!);
    expect(auth?.viewer.id).toBe(user.id);
    expect(await securityEventsOf(t.db, "login_successful", { userId: user.id })).toHaveLength(1);
    const [row] = await t.db.select({ lastActiveAt: users.lastActiveAt }).from(users).where(eq(users.id, user.id));
    expect(row?.lastActiveAt).toBeInstanceOf(Date);
  });

  it("signing in on a browser that holds a session ends that session (ASVS V7.2.4)", async () => {
    const before = await t.createUser({ status: "approved" });
    const { token: old } = await t.sessionFor(before);
    const user = await t.createUser({ status: "approved" });
    const res = await t.mutation("auth.signIn", { email: user.email, password: user.password }, { token: old });
    expect(res.status).toBe(200);
    expect(await t.authOf(old)).toBeNull();
    expect((await t.authOf(res.sessionCookie!))?.viewer.id).toBe(user.id);
  });

  it("tRPC answers are never cached: Cache-Control: no-store (ASVS V14.3.2)", async () => {
    const user = await t.createUser({ status: "approved" });
    const { token } = await t.sessionFor(user);
    for (const url of ["/trpc/session.get", "/trpc/profile.get"]) {
      const res = await t.inject({ url, headers: { cookie: `${t.cookieName}=${token}` } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    const refused = await t.inject({ url: "/trpc/profile.get" });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["cache-control"]).toBe("no-store");
  });

  it("unknown e-mail and wrong password give the same code and message", async () => {
    const user = await t.createUser({ status: "approved" });
    const unknownEmail = uniqueEmail("nobody");
    const unknown = await t.mutation("auth.signIn", { email: unknownEmail, password: DEFAULT_PASSWORD });
    const wrong = await t.mutation("auth.signIn", { email: user.email, password: "Wrong!Passw0rd" });
    for (const res of [unknown, wrong]) {
      expect(res.status).toBe(401);
      expect(res.error?.data.code).toBe("UNAUTHORIZED");
      expect(res.error?.message).toBe("Invalid email or password");
      expect(res.sessionCookie).toBeUndefined();
    }
    expect({ ...unknown.error, data: { ...unknown.error?.data, path: null } }).toEqual({
      ...wrong.error,
      data: { ...wrong.error?.data, path: null },
    });
    expect(await securityEventsOf(t.db, "login_failed", { email: unknownEmail })).toHaveLength(1);
    expect(await securityEventsOf(t.db, "login_failed", { userId: user.id })).toHaveLength(1);
  });

  it("the 6th attempt for one e-mail within 15 minutes is TOO_MANY_REQUESTS with a retry delay", async () => {
    const user = await t.createUser({ status: "approved" });
    for (let i = 0; i < 5; i++) {
      const res = await t.mutation("auth.signIn", { email: user.email, password: `Wrong!Passw0rd${i}` });
      expect(res.error?.data.code).toBe("UNAUTHORIZED");
    }
    // Even the right password is refused now.
    const sixth = await t.mutation("auth.signIn", { email: user.email, password: user.password });
    expect(sixth.status).toBe(429);
    expect(sixth.error?.data.code).toBe("TOO_MANY_REQUESTS");
    const delay = sixth.error!.data.retryAfterSeconds!;
    expect(delay).toBeGreaterThan(0);
    expect(delay).toBeLessThanOrEqual(15 * 60);
    expect(sixth.error?.message).toBe(Msg.loginRateLimited);
    // The client shows the spec's 'Too many login attempts. Please try again in N minute(s).' from the delay.
    expect(Math.ceil(delay / 60)).toBe(15);
    expect(sixth.sessionCookie).toBeUndefined();

    expect(await securityEventsOf(t.db, "login_failed", { userId: user.id })).toHaveLength(5);
    const limited = await securityEventsOf(t.db, "login_rate_limited", { email: user.email });
    expect(limited).toHaveLength(1);
    expect(limited[0]!.eventDetails).toMatchObject({ delaySeconds: delay });
    expect(limited[0]!.ip).toBe("127.0.0.1");
    expect(await securityEventsOf(t.db, "login_successful", { userId: user.id })).toHaveLength(0);

    // The limit is per e-mail.
    const other = await t.createUser({ status: "approved" });
    expect((await t.mutation("auth.signIn", { email: other.email, password: other.password })).status).toBe(200);
  });

  it("only failed sign-ins count: six correct sign-ins in a row all succeed (issue #10 §5)", async () => {
    const user = await t.createUser({ status: "approved" });
    const remoteAddress = "198.51.100.10";
    for (let i = 0; i < 6; i++) {
      const res = await t.mutation("auth.signIn", { email: user.email, password: user.password }, { remoteAddress });
      expect(res.status, `sign-in ${i + 1}`).toBe(200);
    }
    // Four failures and a success leave room for a fifth failure; the sixth failure is refused.
    for (let i = 0; i < 4; i++) {
      await t.mutation("auth.signIn", { email: user.email, password: "Wrong!Passw0rd" }, { remoteAddress });
    }
    const right = { email: user.email, password: user.password };
    const wrong = { email: user.email, password: "Wrong!Passw0rd" };
    expect((await t.mutation("auth.signIn", right, { remoteAddress })).status).toBe(200);
    expect((await t.mutation("auth.signIn", wrong, { remoteAddress })).status).toBe(401);
    expect((await t.mutation("auth.signIn", right, { remoteAddress })).status).toBe(429);
  });

  it("parallel wrong guesses all count: at most 5 of 10 are checked", async () => {
    const user = await t.createUser({ status: "approved" });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.mutation(
          "auth.signIn",
          { email: user.email, password: `Wrong!Passw0rd${i}` },
          { remoteAddress: "198.51.100.11" },
        ),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it("20 failed sign-ins from one IP across e-mails: the 21st is refused for any e-mail, other IPs are not", async () => {
    const remoteAddress = "198.51.100.12";
    for (let i = 0; i < 20; i++) {
      const res = await t.mutation(
        "auth.signIn",
        { email: uniqueEmail("spray"), password: DEFAULT_PASSWORD },
        { remoteAddress },
      );
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const user = await t.createUser({ status: "approved" });
    const refused = await t.mutation("auth.signIn", { email: user.email, password: user.password }, { remoteAddress });
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toBe(Msg.loginRateLimited);
    expect(refused.error?.data.retryAfterSeconds).toBeGreaterThan(14 * 60);
    const limited = await securityEventsOf(t.db, "login_rate_limited", { email: user.email });
    expect(limited[0]?.eventDetails).toMatchObject({ scope: "ip" });
    // The account itself is not locked: from another address it signs in.
    const elsewhere = await t.mutation(
      "auth.signIn",
      { email: user.email, password: user.password },
      { remoteAddress: "198.51.100.13" },
    );
    expect(elsewhere.status).toBe(200);
  });

  it("a suspended account is refused with 'This account is suspended. Please contact support.'", async () => {
    const user = await t.createUser({ status: "approved" });
    const { token } = await t.sessionFor(user);
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    const res = await t.mutation("auth.signIn", { email: user.email, password: user.password });
    expect(res.error?.data.code).toBe("FORBIDDEN");
    expect(res.error?.message).toBe(Msg.accountSuspended);
    // Existing sessions of the account are refused too.
    expect(await t.authOf(token)).toBeNull();
  });
});

describe("sessions", () => {
  async function signedIn() {
    const user = await t.createUser({ status: "approved" });
    const { token } = await t.sessionFor(user);
    return { user, token, sessionId: token.split(".")[0]! };
  }

  it("a session idle for more than 30 minutes is refused, deleted and logged as session_timeout", async () => {
    const { user, token, sessionId } = await signedIn();
    await t.db.execute(sql`update sessions set last_active_at = now() - interval '31 minutes' where id = ${sessionId}`);
    const res = await t.mutation("session.heartbeat", {}, { token });
    expect(res.status).toBe(401);
    expect(res.error?.data.code).toBe("UNAUTHORIZED");
    expect(res.sessionCookie).toBe(""); // cleared
    expect(await t.db.select().from(sessions).where(eq(sessions.id, sessionId))).toHaveLength(0);
    const timeouts = await securityEventsOf(t.db, "session_timeout", { userId: user.id });
    expect(timeouts).toHaveLength(1);
    expect(timeouts[0]!.eventDetails).toMatchObject({ detectedBy: "server" });
    // Signed out from now on.
    expect((await t.query("session.get", undefined, { token })).data).toBeNull();
  });

  it("a session idle for 29 minutes is still valid", async () => {
    const { token, sessionId } = await signedIn();
    await t.db.execute(sql`update sessions set last_active_at = now() - interval '29 minutes' where id = ${sessionId}`);
    const res = await t.query<{ viewer: unknown } | null>("session.get", undefined, { token });
    expect(res.data).not.toBeNull();
  });

  it("a session older than 12 hours is refused even when active, deleted and logged", async () => {
    const { user, token, sessionId } = await signedIn();
    await t.db.execute(
      sql`update sessions set created_at = now() - interval '12 hours 1 minute', last_active_at = now() where id = ${sessionId}`,
    );
    const res = await t.query("session.get", undefined, { token });
    expect(res.status).toBe(200);
    expect(res.data).toBeNull();
    expect(res.sessionCookie).toBe("");
    expect(await t.db.select().from(sessions).where(eq(sessions.id, sessionId))).toHaveLength(0);
    expect(await securityEventsOf(t.db, "session_timeout", { userId: user.id })).toHaveLength(1);
  });

  it("a forged or unknown token is refused and its cookie cleared", async () => {
    const { token } = await signedIn();
    const [id] = token.split(".");
    for (const bad of [`${id}.${"a".repeat(24)}`, "nonsense", `${"b".repeat(24)}.${"c".repeat(24)}`]) {
      const res = await t.query("session.get", undefined, { token: bad });
      expect(res.data).toBeNull();
      expect(res.sessionCookie).toBe("");
    }
    // The real session is untouched by the forgery.
    expect(await t.authOf(token)).not.toBeNull();
  });

  it("heartbeat restarts the idle timer; reading the session does not", async () => {
    const { user, token, sessionId } = await signedIn();
    await t.db.execute(sql`update sessions set last_active_at = now() - interval '20 minutes' where id = ${sessionId}`);
    const lastActive = async () =>
      (await t.db.select({ at: sessions.lastActiveAt }).from(sessions).where(eq(sessions.id, sessionId)))[0]!.at;
    const before = await lastActive();
    expect(Date.now() - before.getTime()).toBeGreaterThan(19 * 60_000);

    await t.query("session.get", undefined, { token });
    expect((await lastActive()).getTime()).toBe(before.getTime());

    const res = await t.mutation<{ expiresAt: string }>("session.heartbeat", {}, { token });
    expect(res.status).toBe(200);
    const after = await lastActive();
    expect(Date.now() - after.getTime()).toBeLessThan(60_000);
    const expiresIn = new Date(res.data!.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(SESSION_IDLE_TIMEOUT_MS - 60_000);
    const [u] = await t.db.select({ at: users.lastActiveAt }).from(users).where(eq(users.id, user.id));
    expect(u?.at?.getTime()).toBe(after.getTime());
  });

  it("refresh extends the session and logs session_refreshed", async () => {
    const { user, token, sessionId } = await signedIn();
    await t.db.execute(sql`update sessions set last_active_at = now() - interval '26 minutes' where id = ${sessionId}`);
    const res = await t.mutation<{ expiresAt: string }>("session.refresh", {}, { token });
    expect(res.status).toBe(200);
    expect(new Date(res.data!.expiresAt).getTime() - Date.now()).toBeGreaterThan(SESSION_IDLE_TIMEOUT_MS - 60_000);
    expect(await securityEventsOf(t.db, "session_refreshed", { userId: user.id })).toHaveLength(1);
  });

  it("sign-out deletes the session row, clears the cookie and logs sign_out", async () => {
    const { user, token, sessionId } = await signedIn();
    const res = await t.mutation("auth.signOut", {}, { token });
    expect(res.status).toBe(200);
    expect(res.sessionCookie).toBe("");
    expect(await t.db.select().from(sessions).where(eq(sessions.id, sessionId))).toHaveLength(0);
    expect(await securityEventsOf(t.db, "sign_out", { userId: user.id })).toHaveLength(1);
    expect(await t.authOf(token)).toBeNull();
  });

  it("sign-out with reason timeout logs session_timeout", async () => {
    const { user, token, sessionId } = await signedIn();
    await t.mutation("auth.signOut", { reason: "timeout" }, { token });
    expect(await t.db.select().from(sessions).where(eq(sessions.id, sessionId))).toHaveLength(0);
    expect(await securityEventsOf(t.db, "session_timeout", { userId: user.id })).toHaveLength(1);
    expect(await securityEventsOf(t.db, "sign_out", { userId: user.id })).toHaveLength(0);
  });

  it("setLocale remembers the interface language on the account", async () => {
    const { user, token } = await signedIn();
    const res = await t.mutation("session.setLocale", { locale: "fa" }, { token });
    expect(res.data).toEqual({ locale: "fa" });
    const [u] = await t.db.select({ locale: users.locale }).from(users).where(eq(users.id, user.id));
    expect(u?.locale).toBe("fa");
  });
});

describe("same-origin check", () => {
  it("a cross-origin POST is refused with 403 and changes nothing", async () => {
    const usersBefore = await tableCount(users);
    const email = uniqueEmail("csrf");
    const res = await t.inject({
      method: "POST",
      url: "/trpc/auth.signUp",
      payload: signUpBody(email),
      origin: "cross",
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies.find((c) => c.name === t.cookieName)).toBeUndefined();
    expect(await tableCount(users)).toBe(usersBefore);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("a cross-origin sign-out of a signed-in user keeps the session", async () => {
    const user = await t.createUser({ status: "approved" });
    const { token } = await t.sessionFor(user);
    const res = await t.inject({ method: "POST", url: "/trpc/auth.signOut", payload: {}, token, origin: "cross" });
    expect(res.statusCode).toBe(403);
    expect(await t.authOf(token)).not.toBeNull();
  });

  it("an Origin of another host without Sec-Fetch-Site is refused; a POST without Origin too", async () => {
    const email = uniqueEmail("csrf2");
    const foreign = await t.inject({
      method: "POST",
      url: "/trpc/auth.signUp",
      payload: signUpBody(email),
      origin: "none",
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.statusCode).toBe(403);
    const noOrigin = await t.inject({
      method: "POST",
      url: "/trpc/auth.signUp",
      payload: signUpBody(email),
      origin: "none",
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("an Origin matching the Host is accepted without Sec-Fetch-Site", async () => {
    const email = uniqueEmail("same");
    const res = await t.inject({
      method: "POST",
      url: "/trpc/auth.signUp",
      payload: signUpBody(email),
      origin: "none",
      headers: { origin: "http://localhost", host: "localhost" },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("origins (issue #10 §7)", () => {
  it("an Origin with the right host but another scheme is refused", async () => {
    const email = uniqueEmail("scheme");
    const res = await t.inject({
      method: "POST",
      url: "/trpc/auth.signUp",
      payload: signUpBody(email),
      origin: "none",
      headers: { origin: "https://localhost", host: "localhost" },
    });
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("a forged Host or X-Forwarded-Host never shapes a mail link: links name PUBLIC_ORIGIN (ASVS V6.4.3)", async () => {
    const forged = { host: "evil.example", origin: "http://evil.example", "x-forwarded-host": "evil.example" };
    // Injected calls come from 127.0.0.1, here a listed proxy: its forwarded headers count, links still do not.
    const trusting = await createTestApp({ env: { TRUST_PROXY: "127.0.0.1", PUBLIC_ORIGIN: "https://club.example/" } });
    try {
      for (const [app, expected] of [
        [t, "http://localhost:3000"],
        [trusting, "https://club.example"],
      ] as const) {
        // Anonymous: a reset for someone else, sent from the attacker's "own" origin.
        const victim = await app.createUser({ status: "approved" });
        const reset = await app.mutation(
          "passwordReset.request",
          { email: victim.email },
          { headers: { ...forged, "x-forwarded-proto": "https" } },
        );
        expect(reset.status).toBe(200);
        // Signed in: an address change (its confirmation link goes to the new address).
        const user = await app.createUser({ status: "approved" });
        const { token } = await app.sessionFor(user);
        const newEmail = uniqueEmail("moved");
        const change = await app.mutation(
          "account.requestEmailChange",
          { newEmail, currentPassword: user.password },
          { token, headers: { ...forged, "x-forwarded-proto": "https://evil.example/#" } },
        );
        expect(change.status).toBe(200);
        for (const to of [victim.email, newEmail]) {
          const [mail] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
          expect(mail?.textBody).toContain(`${expected}/`);
          expect(`${mail?.textBody} ${mail?.htmlBody}`).not.toContain("evil.example");
        }
      }
    } finally {
      await trusting.close();
    }
  });

  it("production refuses to start without PUBLIC_ORIGIN, in one line naming it", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /^Invalid configuration: PUBLIC_ORIGIN: required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: "production", PUBLIC_ORIGIN: "ftp://club.example" })).toThrow(/PUBLIC_ORIGIN/);
    expect(loadConfig({ NODE_ENV: "production", PUBLIC_ORIGIN: "https://club.example/" }).publicOrigin).toBe(
      "https://club.example",
    );
    expect(loadConfig({ NODE_ENV: "development", PORT: "8080" }).publicOrigin).toBe("http://localhost:8080");
    expect(loadConfig({ HOST: "127.0.0.1", PORT: "3123" }).publicOrigin).toBe("http://127.0.0.1:3123");
  });

  it("requestOrigin: forwarded headers only from a listed proxy, the value it set, and only http or https", () => {
    const headers = { host: "internal:3000", "x-forwarded-proto": "https", "x-forwarded-host": "club.example" };
    const fromProxy = { remoteAddress: "10.0.0.7" };
    const dev = { trusts: null, isProduction: false };
    const listed = { ...dev, trusts: compileProxyTrust(["10.0.0.0/8"]) };
    expect(requestOrigin({ headers, socket: fromProxy }, dev)).toEqual({ protocol: "http", host: "internal:3000" });
    expect(requestOrigin({ headers, socket: fromProxy }, { ...dev, isProduction: true })).toEqual({
      protocol: "https",
      host: "internal:3000",
    });
    expect(requestOrigin({ headers, socket: fromProxy }, listed)).toEqual({ protocol: "https", host: "club.example" });
    // A peer that is not listed is not believed, even when some proxy is.
    expect(requestOrigin({ headers, socket: { remoteAddress: "203.0.113.9" } }, listed)).toEqual({
      protocol: "http",
      host: "internal:3000",
    });
    // The proxy appends: the last value is the one it set, whatever the client sent before it.
    const appended = { host: "internal:3000", "x-forwarded-host": "evil.example, club.example" };
    expect(requestOrigin({ headers: appended, socket: fromProxy }, listed).host).toBe("club.example");
    const forged = { host: "club.example", "x-forwarded-proto": "https://evil.example/#" };
    expect(requestOrigin({ headers: forged, socket: fromProxy }, listed)).toEqual({
      protocol: "http",
      host: "club.example",
    });
  });

  it("the Content Security Policy lets pages connect to their own origin only (no ws:/wss: to any host)", async () => {
    const res = await t.inject({ url: "/healthz" });
    const csp = res.headers["content-security-policy"] as string;
    expect(csp.split(";")).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/\bwss?:/);
  });
});

describe("contact form", () => {
  it("stores the message sanitised, with the sender's address", async () => {
    const res = await t.mutation(
      "landing.contact",
      {
        name: "  <b>Ada</b> ",
        email: " Ada@Example.COM ",
        message: "<script>alert(1)</script>Hello there, javascript:alert(2) friends <iframe src=x></iframe>",
      },
      { remoteAddress: "10.0.0.1" },
    );
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true });
    const rows = await t.db.select().from(contactMessages).where(eq(contactMessages.ip, "10.0.0.1"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "bAda/b",
      email: "ada@example.com",
      message: "Hello there, alert(2) friends",
      userId: null,
      readAt: null,
    });
  });

  it("records the signed-in sender's account", async () => {
    const user = await t.createUser({ status: "pending" });
    const { token } = await t.sessionFor(user);
    const res = await t.mutation(
      "landing.contact",
      { name: "Pending Person", email: user.email, message: "When will I be approved?" },
      { token, remoteAddress: "10.0.0.2" },
    );
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(contactMessages).where(eq(contactMessages.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it("the 4th message within 5 minutes: 'Please wait a few minutes before sending another message.'", async () => {
    const ip = "10.0.0.3";
    const body = { name: "Bob", email: "bob@example.com", message: "A question about exporting." };
    for (let i = 0; i < 3; i++) {
      expect((await t.mutation("landing.contact", body, { remoteAddress: ip })).status).toBe(200);
    }
    const fourth = await t.mutation("landing.contact", body, { remoteAddress: ip });
    expect(fourth.status).toBe(429);
    expect(fourth.error?.data.code).toBe("TOO_MANY_REQUESTS");
    expect(fourth.error?.message).toBe("Please wait a few minutes before sending another message.");
    expect(fourth.error?.data.retryAfterSeconds).toBeGreaterThan(0);
    const rows = await t.db.select().from(contactMessages).where(eq(contactMessages.ip, ip));
    expect(rows).toHaveLength(3);
    // Another sender is not affected.
    expect((await t.mutation("landing.contact", body, { remoteAddress: "10.0.0.4" })).status).toBe(200);
  });

  it("invalid contact input is refused per field and stores nothing", async () => {
    const before = await tableCount(contactMessages);
    const res = await t.mutation(
      "landing.contact",
      { name: "A", email: "nope", message: "<script>long enough text</script>" },
      { remoteAddress: "10.0.0.5" },
    );
    expect(res.status).toBe(400);
    expect(res.error?.data.fieldErrors).toEqual({
      name: [Msg.nameTooShort],
      email: [Msg.invalidEmail],
      message: [Msg.messageTooShort],
    });
    expect(await tableCount(contactMessages)).toBe(before);
  });
});

describe("health", () => {
  it("/healthz and /readyz answer", async () => {
    expect((await t.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
    const ready = await t.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready", database: t.database.kind });
  });
});
