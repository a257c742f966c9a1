/**
 * The authorization matrix (DESIGN.md §4): every procedure belongs to exactly one tier, and is
 * checked for anonymous, pending, rejected, member and admin callers. A procedure missing from
 * MATRIX (or a MATRIX entry without a procedure) fails the first test, so a new procedure
 * cannot ship without a decision about who may call it.
 *
 * Every call passes an invalid input. That is safe because tRPC runs a procedure's middlewares
 * in the order they were added, and the tiers are `.use()`d before `.input()`: the tier check
 * runs first, then input parsing, and only then the handler. The "assumptions" tests below
 * verify that order on the real router, and that the sweep changes no data.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { CALLER_KINDS, type CallerKind, createTestApp, type TestApp, withTimeout } from "../../test/app";
import { rowsOf } from "../../test/db";
import type { RequestAuth } from "./context";
import { appRouter } from "./router";

type Tier = "public" | "authed" | "member" | "admin";

/** Every procedure of appRouter and its tier. Keep in step with the routers. */
const MATRIX: Record<string, Tier> = {
  hello: "public",

  "auth.signUp": "public",
  "auth.signIn": "public",
  "auth.signOut": "public",
  "auth.signInSecondStep": "public",
  "auth.passkeyOptions": "public",
  "auth.passkeySignIn": "public",

  "session.get": "public",
  "session.heartbeat": "authed",
  "session.refresh": "authed",
  "session.setLocale": "authed",

  "approval.listPending": "admin",
  "approval.review": "admin",

  "landing.contactChannels": "public",
  "landing.contact": "public",

  "reference.countries": "public",
  "reference.sectors": "public",
  "reference.activities": "public",
  "reference.userTypes": "public",
  "reference.products": "public",
  "reference.isicCodes": "public",

  "profile.get": "member",
  "profile.update": "member",

  "account.changePassword": "member",
  "account.requestEmailChange": "member",
  "account.confirmEmail": "public",

  "secondFactor.status": "member",
  "secondFactor.beginTotp": "member",
  "secondFactor.confirmTotp": "member",
  "secondFactor.regenerateRecoveryCodes": "member",
  "secondFactor.disableTotp": "member",

  "passwordReset.request": "public",
  "passwordReset.complete": "public",

  "passkeys.list": "member",
  "passkeys.registrationOptions": "member",
  "passkeys.register": "member",
  "passkeys.rename": "member",
  "passkeys.remove": "member",

  "members.list": "member",
  "members.get": "member",

  "adminMembers.list": "admin",
  "adminMembers.suspend": "admin",
  "adminMembers.reinstate": "admin",
  "adminMembers.setAdmin": "admin",
  "adminMembers.sendPasswordReset": "admin",
  "adminMembers.exportData": "admin",
  "adminMembers.deleteAccount": "admin",

  "myData.status": "member",
  "myData.requestExport": "member",
  "myData.deleteAccount": "member",
  "adminMembers.resetSecondFactor": "admin",

  "memberRequests.submit": "member",
  "memberRequests.send": "member",
  "memberRequests.received": "member",
  "memberRequests.respond": "member",
  "memberRequests.ignore": "member",

  "posts.create": "member",
  "posts.received": "member",
  "posts.respond": "member",
  "posts.ignore": "member",
  "posts.mine": "member",
  "posts.close": "member",
  "offers.list": "member",
  "offers.reveal": "member",
  "offers.rate": "member",
  "offers.markRead": "member",
  "offers.myRating": "member",

  "badges.get": "member",
  "badges.onChange": "member",

  "knowledge.share": "member",
  "knowledge.mine": "member",
  "inbox.counts": "admin",
  "inbox.list": "admin",
  "inbox.review": "admin",
  "library.list": "member",
  "library.get": "member",
  "library.like": "member",
  "library.unlike": "member",
  "library.unpublish": "admin",
  "points.upgrade": "member",
  "help.quota": "member",
  "help.submit": "member",
  "leaderboard.list": "member",
  "dashboard.memberCounts": "member",
  "dashboard.recentActivity": "member",
  "qa.list": "member",
  "qa.ask": "member",
  "qa.mine": "member",
  "qa.adminList": "admin",
  "qa.create": "admin",
  "qa.update": "admin",
  "qa.decline": "admin",
  "qa.delete": "admin",
  "assessments.save": "member",
  "assessments.mine": "member",
  "assessments.get": "member",
  "assessments.latest": "member",
  "assessments.setShowOnCard": "member",

  "services.create": "member",
  "services.update": "member",
  "services.mine": "member",
  "services.get": "member",
  "services.pause": "member",
  "services.resume": "member",
  "services.search": "member",
  "services.reviewList": "admin",
  "services.review": "admin",
  "contact.list": "admin",
  "contact.get": "admin",
  "contact.markRead": "admin",
  "contact.reply": "admin",
  "contact.markHandled": "admin",
  "contact.reopen": "admin",
  "contact.delete": "admin",

  "analytics.applications": "admin",
  "analytics.membersByActivity": "admin",
  "analytics.membersByTier": "admin",
  "analytics.membersByCountry": "admin",
  "analytics.posts": "admin",
  "analytics.responses": "admin",
  "analytics.ratings": "admin",
  "analytics.knowledge": "admin",
  "analytics.activeMembers": "admin",
  "content.active": "public",
  "content.list": "admin",
  "content.create": "admin",
  "content.setActive": "admin",
  "content.delete": "admin",

  "notifications.list": "member",
  "notifications.markRead": "member",
  "notifications.markAllRead": "member",
  "notifications.preferences": "member",
  "notifications.setPreference": "member",

  "audit.list": "admin",
  "audit.mine": "member",
};

/** Who each tier admits. */
const ALLOWED: Record<Tier, readonly CallerKind[]> = {
  public: CALLER_KINDS,
  authed: ["pending", "rejected", "member", "admin"],
  member: ["member", "admin"],
  admin: ["admin"],
};

/** The named tier middlewares of trpc/init.ts, in the order each tier stacks them. */
const TIER_MIDDLEWARES: Record<Tier, string[]> = {
  public: [],
  authed: ["requireSession"],
  member: ["requireSession", "requireApproved"],
  admin: ["requireSession", "requireApproved", "requireAdmin"],
};
const ALL_TIER_MIDDLEWARES = new Set(TIER_MIDDLEWARES.admin);

/** Fails every zod object input (and any other non-string schema) before a handler runs. */
const INVALID_INPUT = "__invalid__";

/** What this test reads of a procedure's definition (tRPC v11 internals). */
interface ProcedureDef {
  type: "query" | "mutation" | "subscription";
  inputs: unknown[];
  /** Functions; tier middlewares are named (trpc/init.ts), the input parser has `_type: "input"`. */
  middlewares: { name?: string; _type?: string }[];
}

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
const PATHS = Object.keys(procedures).sort();
/** Procedures with a tier in MATRIX (a missing one fails "lists every procedure" once). */
const CHECKED_PATHS = PATHS.filter((p) => p in MATRIX);

let t: TestApp;
const auths = new Map<CallerKind, RequestAuth | null>();

beforeAll(async () => {
  t = await createTestApp();
  for (const kind of CALLER_KINDS) auths.set(kind, (await t.actor(kind)).auth);
});

afterAll(async () => {
  await t?.close();
});

type Outcome = { ok: true } | { ok: false; code: string; message: string };

/**
 * Calls `path` as `kind` with `input`. A subscription is started and its first value (or
 * error) taken within 3 s, then aborted.
 */
async function call(path: string, kind: CallerKind, input: unknown): Promise<Outcome> {
  const ac = new AbortController();
  const caller = t.callerWith(auths.get(kind) ?? null, { signal: ac.signal });
  // biome-ignore lint/suspicious/noExplicitAny: walking the caller proxy by a dynamic path
  let fn: any = caller;
  for (const part of path.split(".")) fn = fn[part];
  try {
    const result = await fn(input);
    if (procedures[path]?._def.type === "subscription") {
      const iterator = (result as AsyncIterable<unknown>)[Symbol.asyncIterator]();
      try {
        await withTimeout(iterator.next(), 3_000, `the first value of ${path}`);
      } finally {
        ac.abort();
        await iterator.return?.();
      }
    }
    return { ok: true };
  } catch (err) {
    const e = err as { code?: string; message?: string };
    return { ok: false, code: e.code ?? "NOT_A_TRPC_ERROR", message: e.message ?? String(err) };
  } finally {
    ac.abort();
  }
}

describe("the matrix covers the router", () => {
  it("lists every procedure of appRouter, and nothing else", () => {
    const missing = PATHS.filter((p) => !(p in MATRIX));
    const unknown = Object.keys(MATRIX).filter((p) => !(p in procedures));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it("each procedure's middleware chain is exactly its tier's (structure agrees with MATRIX)", () => {
    const mismatches: string[] = [];
    for (const path of PATHS) {
      const tier = MATRIX[path];
      if (!tier) continue;
      const names = procedures[path]!._def.middlewares.map((m) => m.name ?? "");
      const tierNames = names.filter((n) => ALL_TIER_MIDDLEWARES.has(n));
      if (JSON.stringify(tierNames) !== JSON.stringify(TIER_MIDDLEWARES[tier])) {
        mismatches.push(`${path}: MATRIX says ${tier}, chain has [${tierNames.join(", ")}]`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe("authorization matrix", () => {
  describe.each(CHECKED_PATHS)("%s", (path) => {
    it.each(CALLER_KINDS)("as %s", async (kind) => {
      const tier = MATRIX[path]!;
      const outcome = await call(path, kind, INVALID_INPUT);
      if (ALLOWED[tier].includes(kind)) {
        if (!outcome.ok) expect(["UNAUTHORIZED", "FORBIDDEN"]).not.toContain(outcome.code);
      } else if (kind === "anonymous") {
        expect(outcome).toEqual({ ok: false, code: "UNAUTHORIZED", message: Msg.signInRequired });
      } else {
        const message = kind === "member" ? Msg.adminOnly : Msg.approvalRequired;
        expect(outcome).toEqual({ ok: false, code: "FORBIDDEN", message });
      }
    });
  });
});

describe("assumptions of the matrix", () => {
  it("on every procedure, the tier middlewares run before input parsing", () => {
    const wrong: string[] = [];
    for (const path of PATHS) {
      const middlewares = procedures[path]!._def.middlewares;
      const firstInput = middlewares.findIndex((m) => m._type === "input");
      if (firstInput === -1) continue;
      const lastTier = middlewares.findLastIndex((m) => ALL_TIER_MIDDLEWARES.has(m.name ?? ""));
      if (lastTier > firstInput) wrong.push(path);
    }
    expect(wrong).toEqual([]);
    // The check above must be looking at something: some procedures have both.
    const withBoth = PATHS.filter(
      (p) =>
        procedures[p]!._def.inputs.length > 0 &&
        procedures[p]!._def.middlewares.some((m) => ALL_TIER_MIDDLEWARES.has(m.name ?? "")),
    );
    expect(withBoth.length).toBeGreaterThan(0);
  });

  it("an invalid input is refused before any handler runs, and the sweep changes no data", async () => {
    const withInput = CHECKED_PATHS.filter((p) => procedures[p]!._def.inputs.length > 0);
    expect(withInput.length).toBeGreaterThan(0);
    const before = await snapshotTables();
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(["users", "sessions", "rate_limit_hits", "email_outbox"]),
    );
    for (const path of withInput) {
      const tier = MATRIX[path]!;
      for (const kind of CALLER_KINDS) {
        const outcome = await call(path, kind, INVALID_INPUT);
        const expected = ALLOWED[tier].includes(kind)
          ? "BAD_REQUEST"
          : kind === "anonymous"
            ? "UNAUTHORIZED"
            : "FORBIDDEN";
        expect(outcome, `${path} as ${kind}`).toMatchObject({ ok: false, code: expected });
      }
    }
    expect(await snapshotTables()).toEqual(before);
  });

  it("a pending applicant holding the admin role is still refused admin procedures", async () => {
    const { auth } = await t.actor("pending", { user: { admin: true } });
    expect(auth?.viewer).toMatchObject({ isAdmin: true, approvalStatus: "pending" });
    const outcome = await t
      .callerWith(auth)
      .approval.listPending()
      .then(
        () => "OK",
        (e: { code: string }) => e.code,
      );
    expect(outcome).toBe("FORBIDDEN");
  });

  it("a forbidden caller with a valid input changes nothing either", async () => {
    const applicant = await t.createUser({ status: "pending" });
    const before = await snapshotTables();
    for (const kind of ["anonymous", "pending", "rejected", "member"] as const) {
      const outcome = await call("approval.review", kind, { userId: applicant.id, decision: "approved" });
      expect(outcome).toMatchObject({ ok: false, code: kind === "anonymous" ? "UNAUTHORIZED" : "FORBIDDEN" });
    }
    expect(await snapshotTables()).toEqual(before);
  });
});

/** Row count and a digest of the contents of every table of the public schema. */
async function snapshotTables(): Promise<Record<string, string>> {
  const rows = await t.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = rowsOf<{ table_name: string }>(rows);
  const out: Record<string, string> = {};
  for (const { table_name } of names) {
    const ident = sql.identifier(table_name);
    const res = await t.db.execute(
      sql`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${ident} x`,
    );
    const [row] = rowsOf<{ n: number; digest: string }>(res);
    out[table_name] = `${row?.n}:${row?.digest}`;
  }
  return out;
}
