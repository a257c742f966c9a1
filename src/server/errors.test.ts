/**
 * Error replies (issue #10 §2, §3; DESIGN.md §4 Errors): malformed session cookies count as no
 * session and never reach SQL; no reply — 4xx, 500 or 503, in development or production —
 * carries SQL, its parameters or a stack; a database that is gone answers 503 with
 * `Msg.serviceUnavailable`, as a tRPC error on /trpc and as `{ error: { code, message } }` elsewhere.
 */
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../common/messages";
import { createTestApp, type TestApp, type TrpcErrorBody } from "../test/app";
import { parseSessionToken } from "./auth/session";
import { DomainError } from "./domain/errors";
import { publicErrorOf, registerErrorHandler, trpcErrorOf } from "./errors";

/** What must never appear in a reply: SQL, Drizzle's "params:", a stack frame, a source path. */
function expectNoLeak(response: LightMyRequestResponse): void {
  const body = response.body;
  expect(body).not.toMatch(/\bselect\b|\binsert\b|\bfrom\s+"|Failed query|params:|\n\s+at\s|node_modules|\.ts:\d+/i);
}

/** Cookie values that are not a session token `createSession` could have made. */
const MALFORMED_TOKENS: Record<string, string> = {
  "NUL byte (percent-encoded)": "abc%00def.secret",
  "NUL inside a well-sized token": `${"a".repeat(12)}%00${"b".repeat(11)}.${"c".repeat(24)}`,
  "bad percent-encoding": "%E0%A4%A.%zz",
  "lone percent": "%",
  "over-long": `${"a".repeat(4000)}.${"b".repeat(4000)}`,
  "three parts": `${"a".repeat(24)}.${"b".repeat(24)}.${"c".repeat(24)}`,
  "upper case": `${"A".repeat(24)}.${"B".repeat(24)}`,
  "not base32 (0, 1, 8, 9)": `${"0189".repeat(6)}.${"a".repeat(24)}`,
  "one character short": `${"a".repeat(23)}.${"b".repeat(24)}`,
  SQL: "x'; select pg_sleep(1); --.y",
  // As Node's HTTP parser hands raw UTF-8 header bytes over: one latin1 character per byte.
  "UTF-8 bytes": Buffer.from("ایران.تهران", "utf8").toString("latin1"),
};

describe("parseSessionToken", () => {
  it("accepts exactly two 24-character lowercase base32 parts", () => {
    const id = "abcdefghijklmnopqrstuvwx";
    const secret = "yz234567abcdefghijklmnop";
    expect(parseSessionToken(`${id}.${secret}`)).toEqual({ id, secret });
  });

  it.each(Object.entries(MALFORMED_TOKENS))("refuses %s", (_label, raw) => {
    let decoded = raw;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      // what a cookie parser that keeps undecodable values passes on
    }
    expect(parseSessionToken(raw)).toBeNull();
    expect(parseSessionToken(decoded)).toBeNull();
  });

  it("refuses a real token with a NUL byte appended or a character changed", () => {
    const token = `${"a".repeat(24)}.${"b".repeat(24)}`;
    expect(parseSessionToken(`${token}\u0000`)).toBeNull();
    expect(parseSessionToken(`${token.slice(0, -1)}1`)).toBeNull();
    expect(parseSessionToken(` ${token}`)).toBeNull();
  });
});

describe.each([
  ["development", {}],
  ["production", { NODE_ENV: "production", PUBLIC_ORIGIN: "https://club.example" }],
])("malformed session cookies (%s)", (_mode, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env });
  });
  afterAll(() => t?.close());

  it.each(Object.entries(MALFORMED_TOKENS))("%s: no session, no 500, no SQL on /trpc, /api and /", async (_l, raw) => {
    const cookie = `${t.cookieName}=${raw}`;
    const session = await t.inject({ url: "/trpc/session.get", headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().result.data).toBeNull();
    expectNoLeak(session);

    const signedInOnly = await t.inject({ url: "/trpc/profile.get", headers: { cookie } });
    expect(signedInOnly.statusCode).toBe(401);
    expectNoLeak(signedInOnly);

    const file = await t.inject({ url: "/api/files/00000000-0000-4000-8000-000000000000", headers: { cookie } });
    expect(file.statusCode).toBe(401);
    expect(file.json()).toEqual({ error: { code: "UNAUTHORIZED", message: Msg.signInRequired } });
    expectNoLeak(file);

    const page = await t.inject({ url: "/", headers: { cookie, accept: "text/html" } });
    expect(page.statusCode).toBeLessThan(500);
    expectNoLeak(page);
  });
});

describe("the Fastify error handler", () => {
  it("answers a failed query with 500 and Msg.unexpected: no SQL, no parameter, no stack", async () => {
    const t = await createTestApp();
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get("/boom", async () => {
      await t.db.execute(sql`select * from no_such_table where secret = ${"the-parameter-value"}`);
      return "unreachable";
    });
    try {
      const res = await app.inject({ url: "/boom" });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: "INTERNAL_SERVER_ERROR", message: Msg.unexpected } });
      expect(res.body).not.toContain("no_such_table");
      expect(res.body).not.toContain("the-parameter-value");
      expectNoLeak(res);
    } finally {
      await app.close();
      await t.close();
    }
  });

  it("keeps Fastify's own 4xx (invalid JSON, body too large) with their status", async () => {
    const app = Fastify({ logger: false, bodyLimit: 100 });
    registerErrorHandler(app);
    app.post("/echo", async (req) => req.body);
    try {
      const bad = await app.inject({
        method: "POST",
        url: "/echo",
        headers: { "content-type": "application/json" },
        payload: "{nope",
      });
      expect(bad.statusCode).toBe(400);
      expectNoLeak(bad);
      const big = await app.inject({
        method: "POST",
        url: "/echo",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ x: "y".repeat(500) }),
      });
      expect(big.statusCode).toBe(413);
      expectNoLeak(big);
    } finally {
      await app.close();
    }
  });

  it("answers a value the database refuses (NUL, int4 overflow, year zero) with 400 and Msg.invalidInput, on routes and in tRPC", async () => {
    const t = await createTestApp();
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const refused = {
      nul: sql`select ${"a\u0000b"}::text as v`,
      int4: sql`select ${String(2 ** 31)}::int as v`,
      yearZero: sql`select ${"0000-01-01"}::date as v`,
    };
    app.get<{ Params: { kind: keyof typeof refused } }>("/refused/:kind", async (req) => {
      await t.db.execute(refused[req.params.kind]);
      return "unreachable";
    });
    try {
      for (const kind of Object.keys(refused) as (keyof typeof refused)[]) {
        const res = await app.inject({ url: `/refused/${kind}` });
        expect(res.statusCode, kind).toBe(400);
        expect(res.json(), kind).toEqual({ error: { code: "BAD_REQUEST", message: Msg.invalidInput } });
        expectNoLeak(res);
        const err = await t.db.execute(refused[kind]).then(
          () => null,
          (e: unknown) => e,
        );
        const converted = trpcErrorOf(new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: err }));
        expect({ code: converted.code, message: converted.message }, kind).toEqual({
          code: "BAD_REQUEST",
          message: Msg.invalidInput,
        });
      }
    } finally {
      await app.close();
      await t.close();
    }
  });

  it("classifies: outage 503, Fastify 4xx kept, anything else 500 without its message", () => {
    expect(publicErrorOf(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toEqual({
      statusCode: 503,
      code: "SERVICE_UNAVAILABLE",
      message: Msg.serviceUnavailable,
      retryAfterSeconds: 5,
    });
    expect(publicErrorOf(Object.assign(new Error("select secret"), { statusCode: 400 }))).toEqual({
      statusCode: 400,
      code: "BAD_REQUEST",
      message: "Bad Request",
      retryAfterSeconds: null,
    });
    expect(publicErrorOf(new Error('Failed query: select * from "sessions"'))).toEqual({
      statusCode: 500,
      code: "INTERNAL_SERVER_ERROR",
      message: Msg.unexpected,
      retryAfterSeconds: null,
    });
    expect(publicErrorOf(new DomainError("CONFLICT", Msg.alreadyRated))).toEqual({
      statusCode: 409,
      code: "CONFLICT",
      message: Msg.alreadyRated,
      retryAfterSeconds: null,
    });
  });
});

describe("with the database gone", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.actor("member")).token as string;
    // The bus first (its LISTEN belongs to the database), then every connection of the pool.
    await t.deps.events.stop();
    await t.database.close();
  });
  afterAll(() => t?.close());

  it("a tRPC query with a session cookie answers 503 SERVICE_UNAVAILABLE with the clear message, no SQL", async () => {
    const res = await t.query("session.get", undefined, { token });
    expect(res.status).toBe(503);
    expect(res.error).toMatchObject({
      message: Msg.serviceUnavailable,
      data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503 },
    } satisfies Partial<Omit<TrpcErrorBody, "data">> & { data: Partial<TrpcErrorBody["data"]> });
    expect(res.response.headers["retry-after"]).toBe("5");
    expectNoLeak(res.response);
  });

  it("a tRPC call without a cookie that needs the database answers 503 too (query, mutation, batch)", async () => {
    const countries = await t.query("reference.countries");
    expect(countries.status).toBe(503);
    expect(countries.error?.message).toBe(Msg.serviceUnavailable);
    expectNoLeak(countries.response);

    const signIn = await t.mutation("auth.signIn", { email: "someone@example.com", password: "Str0ng!Passw0rd" });
    expect(signIn.status).toBe(503);
    expect(signIn.error?.data.code).toBe("SERVICE_UNAVAILABLE");
    expectNoLeak(signIn.response);

    const batch = await t.inject({
      url: `/trpc/reference.countries,reference.sectors?batch=1&input=${encodeURIComponent("{}")}`,
      token,
    });
    expect(batch.statusCode).toBe(503);
    for (const item of batch.json() as { error: TrpcErrorBody }[]) {
      expect(item.error.message).toBe(Msg.serviceUnavailable);
    }
    expectNoLeak(batch);
  });

  it("a tRPC procedure that does not touch the database still answers", async () => {
    const hello = await t.query("hello");
    expect(hello.status).toBe(200);
  });

  it("/api with a session cookie answers 503 { error: { code, message } }, no SQL", async () => {
    const res = await t.inject({ url: "/api/files/00000000-0000-4000-8000-000000000000", token });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: "SERVICE_UNAVAILABLE", message: Msg.serviceUnavailable } });
    expect(res.headers["retry-after"]).toBe("5");
    expectNoLeak(res);
  });

  it("/readyz answers 503 and /healthz 200", async () => {
    const ready = await t.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expectNoLeak(ready);
    expect((await t.inject({ url: "/healthz" })).statusCode).toBe(200);
  });
});
