/**
 * Member administration through the router on a real database (admin only): suspension ends the
 * member's sessions and hides them, reinstatement, and the admin role, each audited; an admin
 * cannot change their own role or suspension.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { type Actor, createTestApp, TEST_IP, type TestApp } from "../../test/app";
import { securityEventsOf } from "../../test/fixtures";
import { userRoles, users } from "../db/schema";

let t: TestApp;
let admin: Actor;
let viewer: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.actor("admin");
  viewer = await t.actor("member");
});

afterAll(async () => {
  await t?.close();
});

describe("suspension", () => {
  it("ends the member's open session at once, refuses sign-in until reinstated, and is audited", async () => {
    const member = await t.actor("member");
    const user = member.user!;
    expect((await t.query("profile.get", undefined, { token: member.token })).status).toBe(200);

    const res = await t.mutation(
      "adminMembers.suspend",
      { userId: user.id, reason: "Spam reports" },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true });

    // The open session is refused on its next call (and its cookie cleared).
    for (const path of ["profile.get", "members.list"]) {
      const next = await t.query(path, path === "members.list" ? {} : undefined, { token: member.token });
      expect(next.status, path).toBe(401);
      expect(next.error?.data.code).toBe("UNAUTHORIZED");
    }
    const heartbeat = await t.mutation("session.heartbeat", {}, { token: member.token });
    expect(heartbeat.status).toBe(401);
    expect((await t.query("session.get", undefined, { token: member.token })).data).toBeNull();
    expect(await t.authOf(member.token!)).toBeNull();

    // Sign-in is refused with the spec's words.
    const signIn = await t.mutation("auth.signIn", { email: user.email, password: user.password });
    expect(signIn.status).toBe(403);
    expect(signIn.error?.message).toBe("This account is suspended. Please contact support.");
    expect(signIn.sessionCookie).toBeUndefined();

    // Absent from the directory, flagged in the admin list.
    expect((await viewer.caller.members.list({ search: user.name })).items).toEqual([]);
    const listed = await t.query<{ items: { userId: string; suspendedAt: string | null; suspendedReason: string }[] }>(
      "adminMembers.list",
      { status: "suspended" },
      { token: admin.token },
    );
    expect(listed.data?.items.find((i) => i.userId === user.id)).toMatchObject({ suspendedReason: "Spam reports" });

    const suspendedEvents = await securityEventsOf(t.db, "account_suspended", { userId: user.id });
    expect(suspendedEvents).toHaveLength(1);
    expect(suspendedEvents[0]).toMatchObject({ actorId: admin.user!.id, ip: TEST_IP });
    expect(suspendedEvents[0]!.eventDetails).toMatchObject({ reason: "Spam reports" });

    // Reinstated: sign-in works again.
    const back = await t.mutation("adminMembers.reinstate", { userId: user.id }, { token: admin.token });
    expect(back.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ suspendedAt: null, suspendedReason: null });
    const again = await t.mutation("auth.signIn", { email: user.email, password: user.password });
    expect(again.status).toBe(200);
    expect((await t.query("profile.get", undefined, { token: again.sessionCookie })).status).toBe(200);
    expect((await viewer.caller.members.list({ search: user.name })).items.map((i) => i.userId)).toEqual([user.id]);
    const reinstated = await securityEventsOf(t.db, "account_reinstated", { userId: user.id });
    expect(reinstated).toHaveLength(1);
    expect(reinstated[0]).toMatchObject({ actorId: admin.user!.id, ip: TEST_IP });
  });

  it("a reason is required; an unknown account is NOT_FOUND", async () => {
    const member = await t.createUser({ status: "approved" });
    const noReason = await t.mutation(
      "adminMembers.suspend",
      { userId: member.id, reason: " " },
      { token: admin.token },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.error?.message).toBe(Msg.suspendReasonRequired);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.suspendedAt).toBeNull();
    const unknown = await t.mutation(
      "adminMembers.suspend",
      { userId: "00000000-0000-4000-8000-000000000000", reason: "No such account" },
      { token: admin.token },
    );
    expect(unknown.status).toBe(404);
  });

  it("only admins may suspend, reinstate or change roles", async () => {
    const target = await t.createUser({ status: "approved" });
    for (const [path, input] of [
      ["adminMembers.suspend", { userId: target.id, reason: "Not allowed" }],
      ["adminMembers.reinstate", { userId: target.id }],
      ["adminMembers.setAdmin", { userId: target.id, admin: true }],
    ] as const) {
      const res = await t.mutation(path, input, { token: viewer.token });
      expect(res.status, path).toBe(403);
      expect(res.error?.message).toBe(Msg.adminOnly);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.suspendedAt).toBeNull();
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, target.id))).toEqual([]);
  });
});

describe("admin role", () => {
  it("setAdmin grants and revokes the role, each audited", async () => {
    const member = await t.actor("member");
    const user = member.user!;
    expect((await t.query("adminMembers.list", {}, { token: member.token })).status).toBe(403);

    const grant = await t.mutation("adminMembers.setAdmin", { userId: user.id, admin: true }, { token: admin.token });
    expect(grant.status).toBe(200);
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, user.id))).toMatchObject([
      { role: "admin", grantedBy: admin.user!.id },
    ]);
    // The member's open session is an admin's from its next call.
    expect((await t.query("adminMembers.list", {}, { token: member.token })).status).toBe(200);
    const granted = await securityEventsOf(t.db, "admin_granted", { userId: user.id });
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({ actorId: admin.user!.id });
    // Granting twice keeps one row.
    expect(
      (await t.mutation("adminMembers.setAdmin", { userId: user.id, admin: true }, { token: admin.token })).status,
    ).toBe(200);
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, user.id))).toHaveLength(1);

    const revoke = await t.mutation("adminMembers.setAdmin", { userId: user.id, admin: false }, { token: admin.token });
    expect(revoke.status).toBe(200);
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, user.id))).toEqual([]);
    expect((await t.query("adminMembers.list", {}, { token: member.token })).status).toBe(403);
    const revoked = await securityEventsOf(t.db, "admin_revoked", { userId: user.id });
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ actorId: admin.user!.id });
  });

  it("an admin cannot suspend, reinstate, demote or promote themselves", async () => {
    const self = admin.user!.id;
    for (const [path, input] of [
      ["adminMembers.suspend", { userId: self, reason: "Self suspension" }],
      ["adminMembers.reinstate", { userId: self }],
      ["adminMembers.setAdmin", { userId: self, admin: false }],
      ["adminMembers.setAdmin", { userId: self, admin: true }],
    ] as const) {
      const res = await t.mutation(path, input, { token: admin.token });
      expect(res.status, path).toBe(400);
      expect(res.error?.message).toBe("You cannot change your own admin role or suspension.");
    }
    // Still an active admin, nothing audited.
    const [row] = await t.db.select().from(users).where(eq(users.id, self));
    expect(row?.suspendedAt).toBeNull();
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, self))).toHaveLength(1);
    expect((await t.query("adminMembers.list", {}, { token: admin.token })).status).toBe(200);
    for (const type of ["account_suspended", "account_reinstated", "admin_revoked", "admin_granted"]) {
      expect(await securityEventsOf(t.db, type, { userId: self }), type).toEqual([]);
    }
  });

  it("one admin may suspend another; the suspended admin's session ends too", async () => {
    const other = await t.actor("admin");
    const res = await t.mutation(
      "adminMembers.suspend",
      { userId: other.user!.id, reason: "Rotating out" },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect((await t.query("adminMembers.list", {}, { token: other.token })).status).toBe(401);
    await t.mutation("adminMembers.reinstate", { userId: other.user!.id }, { token: admin.token });
  });
});
