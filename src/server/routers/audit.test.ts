/**
 * The audit log's reading side (docs/architecture.md "Security model"): the admins' filters
 * (actor, target by id or by name/e-mail, type, UTC day range) and pages, newest first; a
 * member's own security activity (their events only, member-visible types only, no admin's
 * IP); and the database refusing UPDATE, DELETE and TRUNCATE of `security_events`.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_MINE_PAGE_SIZE, AUDIT_PAGE_SIZE } from "../../common/audit";
import { Msg } from "../../common/messages";
import { type Actor, createTestApp, expectTRPCError, type TestApp } from "../../test/app";
import { rowsOf } from "../../test/db";
import { logSecurityEvent } from "../auth/security-events";
import { securityEvents } from "../db/schema";
import { MEMBER_VISIBLE } from "../domain/audit";

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.actor("admin", { user: { name: "Ava Auditor" } });
});

afterAll(async () => {
  await t?.close();
});

describe("audit.list", () => {
  it("filters by actor, target id, target name or e-mail, type and day range, newest first", async () => {
    const other = await t.actor("admin", { user: { name: "Olga Other" } });
    const target = await t.member({ name: "Tahmineh Target", email: "tahmineh.target@example.com" });
    const bystander = await t.member({ name: "Bijan Bystander" });
    const ip = "198.51.100.9";
    await t.callerWith(admin.auth, { ip }).adminMembers.suspend({ userId: target.id, reason: "Spam reports" });
    await t.callerWith(other.auth, { ip }).adminMembers.reinstate({ userId: target.id });
    await t.callerWith(admin.auth, { ip }).adminMembers.setAdmin({ userId: bystander.id, admin: true });
    const list = admin.caller.audit.list;

    const byActor = await list({ actorId: other.user!.id });
    expect(byActor.items.map((e) => e.type)).toEqual(["account_reinstated"]);
    expect(byActor.items[0]).toMatchObject({
      actor: { id: other.user!.id, name: "Olga Other" },
      target: { id: target.id, name: "Tahmineh Target", email: "tahmineh.target@example.com" },
      ip,
    });
    expect(byActor.actors).toEqual(
      expect.arrayContaining([
        { id: admin.user!.id, name: "Ava Auditor" },
        { id: other.user!.id, name: "Olga Other" },
      ]),
    );

    const byTarget = await list({ targetId: target.id, actorId: admin.user!.id });
    expect(byTarget.items.map((e) => e.type)).toEqual(["account_suspended"]);
    expect(byTarget.items[0]!.details).toEqual({ reason: "Spam reports" });

    // Newest first; the name search folds case and finds e-mail text too.
    for (const target_ of ["tahmineh", "TARGET@EXAMPLE"]) {
      const found = await list({ target: target_, actorId: admin.user!.id });
      expect(
        found.items.map((e) => e.type),
        target_,
      ).toEqual(["account_suspended"]);
    }
    const both = await list({ target: "Tahmineh" });
    expect(both.items.map((e) => e.type)).toEqual(["account_reinstated", "account_suspended"]);
    expect(both.total).toBe(2);

    expect((await list({ type: "admin_granted" })).items.map((e) => e.target?.id)).toContain(bystander.id);
    expect((await list({ type: "admin_granted", targetId: target.id })).items).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ targetId: target.id, from: today, to: today })).total).toBe(2);
    expect((await list({ targetId: target.id, to: "2020-01-01" })).total).toBe(0);
    expect((await list({ targetId: target.id, from: "2100-01-01" })).total).toBe(0);
  });

  it("pages of 25, and the last page holds the rest", async () => {
    const member = await t.member();
    for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++) {
      await logSecurityEvent(t.db, { type: "login_failed", userId: member.id, ip: "192.0.2.1" });
    }
    const first = await admin.caller.audit.list({ targetId: member.id });
    const second = await admin.caller.audit.list({ targetId: member.id, page: 2 });
    expect(first).toMatchObject({ total: AUDIT_PAGE_SIZE + 3, page: 1, pageSize: AUDIT_PAGE_SIZE });
    expect(first.items).toHaveLength(AUDIT_PAGE_SIZE);
    expect(second.items).toHaveLength(3);
    const ids = [...first.items, ...second.items].map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(AUDIT_PAGE_SIZE + 3);
  });

  it("refuses a malformed filter in words, and a range that ends before it starts", async () => {
    await expectTRPCError(admin.caller.audit.list({ from: "2026-02-30" }), "BAD_REQUEST", Msg.invalidDate);
    await expectTRPCError(
      admin.caller.audit.list({ from: "2026-03-02", to: "2026-03-01" }),
      "BAD_REQUEST",
      Msg.analyticsRangeOrder,
    );
    await expectTRPCError(admin.caller.audit.list({ type: "DROP TABLE" }), "BAD_REQUEST");
    await expectTRPCError(admin.caller.audit.list({ targetId: "not-a-uuid" }), "BAD_REQUEST");
  });
});

describe("audit.mine", () => {
  it("a member sees only their own events of member-visible types, newest first, and no admin's IP", async () => {
    const member = await t.member();
    const stranger = await t.member();
    await logSecurityEvent(t.db, { type: "login_successful", userId: member.id, ip: "192.0.2.10" });
    await logSecurityEvent(t.db, { type: "session_refreshed", userId: member.id, ip: "192.0.2.10" });
    await logSecurityEvent(t.db, { type: "password_changed", userId: member.id, ip: "192.0.2.11" });
    await logSecurityEvent(t.db, { type: "login_successful", userId: stranger.id, ip: "192.0.2.99" });
    await t.callerWith(admin.auth, { ip: "198.51.100.1" }).adminMembers.sendPasswordReset({ userId: member.id });
    await t
      .callerWith(admin.auth, { ip: "198.51.100.1" })
      .adminMembers.suspend({ userId: member.id, reason: "Internal note" });

    const mine = await member.caller.audit.mine({ page: 1 });
    expect(mine.items.map(({ type, ip }) => ({ type, ip }))).toEqual([
      { type: "password_reset_sent", ip: null },
      { type: "password_changed", ip: "192.0.2.11" },
      { type: "login_successful", ip: "192.0.2.10" },
    ]);
    expect(mine.total).toBe(3);
    expect(JSON.stringify(mine)).not.toContain("Internal note");
    expect(JSON.stringify(mine)).not.toContain(admin.user!.id);
    expect(MEMBER_VISIBLE.session_refreshed).toBe(false);
    expect(MEMBER_VISIBLE.account_suspended).toBe(false);
  });

  it("pages", async () => {
    const member = await t.member();
    for (let i = 0; i < AUDIT_MINE_PAGE_SIZE + 1; i++) {
      await logSecurityEvent(t.db, { type: "login_successful", userId: member.id, ip: "192.0.2.10" });
    }
    expect((await member.caller.audit.mine({ page: 1 })).items).toHaveLength(AUDIT_MINE_PAGE_SIZE);
    expect(await member.caller.audit.mine({ page: 2 })).toMatchObject({ total: AUDIT_MINE_PAGE_SIZE + 1, page: 2 });
    expect((await member.caller.audit.mine({ page: 2 })).items).toHaveLength(1);
  });
});

describe("append-only in the database", () => {
  it("UPDATE, DELETE and TRUNCATE of security_events are refused; INSERT works", async () => {
    const member = await t.member();
    await logSecurityEvent(t.db, { type: "login_successful", userId: member.id, ip: "192.0.2.10" });
    const [row] = await t.db.select().from(securityEvents).where(eq(securityEvents.userId, member.id));
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => "accepted",
        (e: { cause?: { message?: string }; message?: string }) => e.cause?.message ?? e.message ?? String(e),
      );
    expect(
      await refused(t.db.update(securityEvents).set({ ip: "10.0.0.1" }).where(eq(securityEvents.id, row!.id))),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await refused(t.db.delete(securityEvents).where(eq(securityEvents.id, row!.id)))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refused(t.db.execute(sql`truncate security_events`))).toMatch(/append-only: TRUNCATE refused/);
    const [after] = await t.db.select().from(securityEvents).where(eq(securityEvents.id, row!.id));
    expect(after).toEqual(row);
  });

  it("no foreign key acts on security_events (an account's row going away changes no event)", async () => {
    const fks = await t.db.execute(
      sql`select conname from pg_constraint where conrelid = 'security_events'::regclass and contype = 'f'`,
    );
    expect(rowsOf(fks)).toEqual([]);
  });
});
