/**
 * The application under test (DESIGN.md §7): the real deps (a database of the file's own, the
 * config, a started EventBus), the real Fastify app, and helpers to create accounts, get a
 * tRPC caller for each kind of caller, and make HTTP calls with cookies and same-origin headers.
 *
 *   let t: TestApp;
 *   beforeAll(async () => { t = await createTestApp(); });
 *   afterAll(() => t?.close());
 *
 *   const m = await t.member({ countries: ["DE"] });   // approved, signed in, routed only by DE
 *   await expectTRPCError(m.caller.qa.create(item), "FORBIDDEN", Msg.adminOnly);
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { ZodError } from "zod";
import type { Activity, ApprovalStatus, Tier, UserType } from "../common/constants";
import type { ActivitySelections } from "../common/profile";
import { buildApp } from "../server/app";
import { authenticate } from "../server/auth/authenticate";
import { hashPassword } from "../server/auth/password";
import { createSession, sessionCookieName } from "../server/auth/session";
import { type Config, loadConfig } from "../server/config";
import type { Database, Db } from "../server/db/client";
import { profiles, userRoles } from "../server/db/schema";
import { EventBus } from "../server/live/events";
import { type AppDeps, createContextInner, type RequestAuth } from "../server/trpc/context";
import { createCallerFactory } from "../server/trpc/init";
import { appRouter } from "../server/trpc/router";
import { createTestDatabase, rowsOf } from "./db";

/** The five kinds of caller of the authorization matrix (DESIGN.md §4). */
export const CALLER_KINDS = ["anonymous", "pending", "rejected", "member", "admin"] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

/** Satisfies the sign-up password policy. */
export const DEFAULT_PASSWORD = "Str0ng!Passw0rd";
/** The address `inject` calls come from unless told otherwise. */
export const TEST_IP = "127.0.0.1";
/** What our own pages send with a state-changing request (DESIGN.md §4 CSRF). */
export const SAME_ORIGIN_HEADERS = { origin: "http://localhost", host: "localhost", "sec-fetch-site": "same-origin" };
export const CROSS_SITE_HEADERS = { origin: "https://evil.example", host: "localhost", "sec-fetch-site": "cross-site" };

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
  status: ApprovalStatus;
  admin: boolean;
}

export interface CreateUserOptions {
  status: ApprovalStatus;
  /** Adds the `(user_id, 'admin')` row of `user_roles`. */
  admin?: boolean;
  email?: string;
  password?: string;
  name?: string;
  appliedAt?: Date;
  locale?: "en" | "fa";
  /** Profile fields; default: an Exporter with no target countries or sectors, Turquoise, 0 points. */
  activities?: Activity[];
  userType?: UserType;
  targetCountries?: string[];
  industrialSectors?: string[];
  /** What `memberTags` reads besides activities and sectors (ADR 16). */
  expertiseAreas?: string[];
  activitySelections?: ActivitySelections;
  tier?: Tier;
  points?: number;
}

/** What routes an approved member (`TestApp.member`); anything not given is empty. */
export interface MemberSpec {
  activities?: Activity[];
  /** Target countries, ISO alpha-2. */
  countries?: string[];
  /** Industrial sector codes. */
  sectors?: string[];
  /** Individual (default) or organization; recruitment routes by it (ADR 16). */
  userType?: UserType;
  expertiseAreas?: string[];
  /** Field of activity (main categories A–D and their details). */
  activitySelections?: ActivitySelections;
  tier?: Tier;
  points?: number;
  name?: string;
  email?: string;
  locale?: "en" | "fa";
}

/** An approved member with a session, as `TestApp.member` makes one. */
export interface Member {
  id: string;
  name: string;
  email: string;
  password: string;
  /** The session token (the cookie value). */
  token: string;
  auth: RequestAuth;
  caller: Caller;
}

/** argon2 costs tens of milliseconds: one hash per distinct password per test file. */
const hashCache = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let h = hashCache.get(password);
  if (!h) {
    h = hashPassword(password);
    hashCache.set(password, h);
  }
  return h;
}

let userCounter = 0;

/**
 * Inserts an account with its profile (and admin role) directly, bypassing sign-up and its
 * rate limit. The e-mail defaults to a unique `<status>-<n>-<random>@example.com`.
 */
export async function createUser(db: Db, opts: CreateUserOptions): Promise<TestUser> {
  const password = opts.password ?? DEFAULT_PASSWORD;
  userCounter++;
  const email = (
    opts.email ??
    `${opts.status}${opts.admin ? "-admin" : ""}-${userCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`
  )
    .trim()
    .toLowerCase();
  const name = opts.name ?? `Test ${opts.status} ${userCounter}`;
  const passwordHash = await cachedHash(password);
  const id = await db.transaction(async (tx) => {
    // Named columns only (Drizzle's insert names every column of the current schema): the
    // migration tests create users on a database migrated only up to an older migration.
    const inserted = await tx.execute(
      sql`insert into users (email, password_hash, locale) values (${email}, ${passwordHash}, ${opts.locale ?? null}) returning id`,
    );
    const [user] = rowsOf<{ id: string }>(inserted);
    if (!user) throw new Error("user not inserted");
    await tx.insert(profiles).values({
      userId: user.id,
      name,
      activities: opts.activities ?? ["exporter"],
      userType: opts.userType ?? "individual",
      targetCountries: opts.targetCountries ?? [],
      industrialSectors: opts.industrialSectors ?? [],
      expertiseAreas: opts.expertiseAreas ?? [],
      ...(opts.activitySelections ? { activitySelections: opts.activitySelections } : {}),
      tier: opts.tier ?? "turquoise",
      points: opts.points ?? 0,
      approvalStatus: opts.status,
      ...(opts.appliedAt ? { appliedAt: opts.appliedAt } : {}),
      reviewedAt: opts.status === "pending" ? null : new Date(),
    });
    if (opts.admin) await tx.insert(userRoles).values({ userId: user.id, role: "admin" });
    return user.id;
  });
  return { id, email, password, name, status: opts.status, admin: opts.admin ?? false };
}

/**
 * An approved account routed only by `spec` (no activity, country or sector unless given), with
 * this tier and balance (no ledger rows).
 */
export function createMember(db: Db, spec: MemberSpec = {}): Promise<TestUser> {
  return createUser(db, {
    status: "approved",
    name: spec.name,
    email: spec.email,
    locale: spec.locale,
    activities: spec.activities ?? [],
    targetCountries: spec.countries ?? [],
    industrialSectors: spec.sectors ?? [],
    userType: spec.userType,
    expertiseAreas: spec.expertiseAreas,
    activitySelections: spec.activitySelections,
    tier: spec.tier,
    points: spec.points,
  });
}

/** Account options for each signed-in kind of caller. */
export function userOptionsFor(kind: Exclude<CallerKind, "anonymous">): CreateUserOptions {
  switch (kind) {
    case "pending":
      return { status: "pending" };
    case "rejected":
      return { status: "rejected" };
    case "member":
      return { status: "approved" };
    case "admin":
      return { status: "approved", admin: true };
  }
}

/** A caller with its account and session (`null` for anonymous). */
export interface Actor {
  kind: CallerKind | "custom";
  user: TestUser | null;
  /** The session token, i.e. the cookie value. */
  token: string | null;
  auth: RequestAuth | null;
  caller: Caller;
}

export interface InjectCall {
  method?: "GET" | "POST" | "HEAD" | "OPTIONS" | "PUT" | "DELETE";
  url: string;
  payload?: unknown;
  /** Session token sent as the session cookie. */
  token?: string | null;
  /** `same` (default for non-GET): same-origin headers; `cross`: a foreign site; `none`: neither. */
  origin?: "same" | "cross" | "none";
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** tRPC's error shape as our errorFormatter (trpc/init.ts) sends it. */
export interface TrpcErrorBody {
  message: string;
  code: number;
  data: {
    code: string;
    httpStatus: number;
    path: string | null;
    fieldErrors: Record<string, string[]> | null;
    formErrors: string[] | null;
    retryAfterSeconds: number | null;
  };
}

export interface TrpcResult<T = unknown> {
  status: number;
  /** `result.data` of a successful call. */
  data: T | undefined;
  error: TrpcErrorBody | undefined;
  /** The session cookie the response set: its value (`""` when cleared), or undefined if untouched. */
  sessionCookie: string | undefined;
  response: LightMyRequestResponse;
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  db: Db;
  config: Config;
  cookieName: string;
  createUser(opts: CreateUserOptions): Promise<TestUser>;
  /** Creates a real session for `user` and loads its auth the way the request hook does. */
  sessionFor(user: TestUser): Promise<{ token: string; auth: RequestAuth }>;
  /** The request auth of `token` now (`null` when refused), exactly as `onRequest` computes it. */
  authOf(token: string): Promise<RequestAuth | null>;
  /** A fresh account of `kind` (none for anonymous), its session and a tRPC caller. */
  actor(kind: CallerKind, opts?: { signal?: AbortSignal; user?: Partial<CreateUserOptions> }): Promise<Actor>;
  /** An approved member routed only by `spec` (see `createMember`), signed in, with a caller. */
  member(spec?: MemberSpec): Promise<Member>;
  /** A caller with the auth of `token` as it is now (the viewer is loaded once per request). */
  callerOf(token: string, opts?: { signal?: AbortSignal }): Promise<Caller>;
  /** A tRPC caller for a fresh account of `kind` (see `actor`). */
  callerFor(kind: CallerKind, opts?: { signal?: AbortSignal }): Promise<Caller>;
  /** A caller acting with the given auth (e.g. re-read after a change). */
  callerWith(auth: RequestAuth | null, opts?: { signal?: AbortSignal; ip?: string | null }): Caller;
  inject(call: InjectCall): Promise<LightMyRequestResponse>;
  /** `POST /trpc/<path>` with a JSON body. */
  mutation<T = unknown>(
    path: string,
    input?: unknown,
    call?: Omit<InjectCall, "url" | "payload" | "method">,
  ): Promise<TrpcResult<T>>;
  /** `GET /trpc/<path>?input=…`. */
  query<T = unknown>(
    path: string,
    input?: unknown,
    call?: Omit<InjectCall, "url" | "payload" | "method">,
  ): Promise<TrpcResult<T>>;
  close(): Promise<void>;
}

/**
 * Builds the app on a database of its own. `env` overrides the configuration
 * (`loadConfig({ NODE_ENV: "test", ...env })`).
 */
export async function createTestApp(opts: { env?: Record<string, string | undefined> } = {}): Promise<TestApp> {
  // The app writes under DATA_DIR (uploads); keep that out of the working tree.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "export-club-test-data-"));
  const testDb = await createTestDatabase().catch(async (err: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  });
  const { database } = testDb;
  const db = database.db;
  const events = new EventBus();
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...opts.env });
    await events.start(database);
    const deps: AppDeps = { database, config, events };
    app = await buildApp(deps, { logger: false, clientDir: "/nonexistent" });
    await app.ready();
    const cookieName = sessionCookieName(config.isProduction);
    const builtApp = app;

    const authOf = async (token: string) => (await authenticate(db, token, TEST_IP)).auth;

    const sessionFor = async (user: TestUser) => {
      const { token } = await createSession(db, user.id);
      const auth = await authOf(token);
      if (!auth) throw new Error(`no auth for the new session of ${user.email}`);
      return { token, auth };
    };

    const callerWith = (auth: RequestAuth | null, o: { signal?: AbortSignal; ip?: string | null } = {}) =>
      createCaller(createContextInner({ deps, auth, ip: o.ip === undefined ? TEST_IP : o.ip }), { signal: o.signal });

    const actor = async (
      kind: CallerKind,
      o: { signal?: AbortSignal; user?: Partial<CreateUserOptions> } = {},
    ): Promise<Actor> => {
      if (kind === "anonymous") {
        return { kind, user: null, token: null, auth: null, caller: callerWith(null, o) };
      }
      const user = await createUser(db, { ...userOptionsFor(kind), ...o.user });
      const { token, auth } = await sessionFor(user);
      return { kind, user, token, auth, caller: callerWith(auth, o) };
    };

    const member = async (spec: MemberSpec = {}): Promise<Member> => {
      const user = await createMember(db, spec);
      const { token, auth } = await sessionFor(user);
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        password: user.password,
        token,
        auth,
        caller: callerWith(auth),
      };
    };

    const callerOf = async (token: string, o: { signal?: AbortSignal } = {}) => {
      const auth = await authOf(token);
      if (!auth) throw new Error("session refused");
      return callerWith(auth, o);
    };

    const inject = (call: InjectCall) => {
      const method = call.method ?? (call.payload === undefined ? "GET" : "POST");
      const origin = call.origin ?? (method === "GET" || method === "HEAD" ? "none" : "same");
      const headers: Record<string, string> = {
        ...(origin === "same" ? SAME_ORIGIN_HEADERS : origin === "cross" ? CROSS_SITE_HEADERS : { host: "localhost" }),
        ...call.headers,
      };
      const injectOpts: InjectOptions = {
        method,
        url: call.url,
        headers,
        remoteAddress: call.remoteAddress ?? TEST_IP,
        ...(call.token ? { cookies: { [cookieName]: call.token } } : {}),
        ...(call.payload !== undefined ? { payload: call.payload as InjectOptions["payload"] } : {}),
      };
      return builtApp.inject(injectOpts);
    };

    const toResult = <T>(response: LightMyRequestResponse): TrpcResult<T> => {
      let body: { result?: { data?: T }; error?: TrpcErrorBody } = {};
      try {
        body = response.json();
      } catch {
        // Not JSON (e.g. the same-origin refusal is JSON, a 404 might not be).
      }
      const cookie = response.cookies.find((c) => c.name === cookieName);
      return {
        status: response.statusCode,
        data: body.result?.data,
        error: body.error,
        sessionCookie: cookie ? cookie.value : undefined,
        response,
      };
    };

    return {
      app: builtApp,
      deps,
      database,
      db,
      config,
      cookieName,
      createUser: (o) => createUser(db, o),
      sessionFor,
      authOf,
      actor,
      member,
      callerOf,
      callerFor: async (kind, o) => (await actor(kind, o)).caller,
      callerWith,
      inject,
      async mutation<T>(path: string, input?: unknown, call: Omit<InjectCall, "url" | "payload" | "method"> = {}) {
        return toResult<T>(await inject({ ...call, method: "POST", url: `/trpc/${path}`, payload: input ?? {} }));
      },
      async query<T>(path: string, input?: unknown, call: Omit<InjectCall, "url" | "payload" | "method"> = {}) {
        const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
        return toResult<T>(await inject({ ...call, method: "GET", url: `/trpc/${path}${qs}` }));
      },
      async close() {
        try {
          await builtApp.close();
          await events.stop();
        } finally {
          await testDb.close();
          await rm(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    await app?.close().catch(() => {});
    await events.stop().catch(() => {});
    await testDb.close();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}

// ── Errors ──────────────────────────────────────────────────────────────────────────────

/** The code and message of an error a tRPC call threw; a validation failure reads as its first issue's text. */
function describeTRPCError(error: unknown): { code: string; message: string } {
  const e = error as { code?: string; message: string; cause?: unknown };
  const message = e.cause instanceof ZodError ? (e.cause.issues[0]?.message ?? e.message) : e.message;
  return { code: e.code ?? String(error), message };
}

/**
 * The `{ code, message }` of a tRPC call that must fail (a validation failure reads as its first
 * issue's text); throws when it succeeds. With `code` (and `message`) given, also expects them.
 */
export async function expectTRPCError(
  call: Promise<unknown> | (() => Promise<unknown>),
  code?: string,
  message?: string,
): Promise<{ code: string; message: string }> {
  let error: unknown;
  let failed = false;
  try {
    await (typeof call === "function" ? call() : call);
  } catch (err) {
    error = err;
    failed = true;
  }
  if (!failed) throw new Error(`expected the call to fail${code ? ` with ${code}` : ""}, but it succeeded`);
  const got = describeTRPCError(error);
  if (code !== undefined && got.code !== code) {
    throw new Error(`expected ${code}${message ? ` '${message}'` : ""}, got ${got.code} '${got.message}'`);
  }
  if (message !== undefined && got.message !== message) {
    throw new Error(`expected ${got.code} '${message}', got '${got.message}'`);
  }
  return got;
}

/** "OK" or "CODE: message" of a settled call (for races: `Promise.allSettled(...).map(outcome)`). */
export function outcome(r: PromiseSettledResult<unknown>): string {
  if (r.status === "fulfilled") return "OK";
  const { code, message } = describeTRPCError(r.reason);
  return `${code}: ${message}`;
}

/** Rejects with a clear message when `promise` does not settle within `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

// ── Uploads ─────────────────────────────────────────────────────────────────────────────

/** A multipart/form-data body with one file part (field `file` unless told otherwise). */
export function multipartBody(file: { fileName: string; content: Buffer; contentType?: string; field?: string }): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----export-club-test-${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.fileName.replace(/"/g, "%22")}"\r\n` +
      `Content-Type: ${file.contentType ?? "application/octet-stream"}\r\n\r\n`,
    "utf8",
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, "utf8");
  const payload = Buffer.concat([head, file.content, tail]);
  return {
    payload,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(payload.length) },
  };
}

/** Smallest files of each accepted kind, real enough for magic-byte detection. */
export const SAMPLE_FILES = {
  /** A valid 1×1 PNG. */
  png: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
  /** A valid 2×2 JPEG (profile photos must decode: issue #11 §6). */
  jpeg: Buffer.from(
    "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCTAIRL/9k=",
    "base64",
  ),
  /** JPEG/JFIF header (SOI + APP0) and end-of-image: a JPEG by its magic bytes, with no image in it. */
  jpegHeaderOnly: Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00, 0xff, 0xd9,
  ]),
  pdf: Buffer.from(
    "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
    "latin1",
  ),
  /** An ELF executable header. */
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120)]),
  /** A DOS/Windows executable header. */
  exe: Buffer.concat([Buffer.from("MZ", "latin1"), Buffer.alloc(126)]),
} as const;

/** `buf` followed by zeros up to `size` bytes (magic bytes kept, size chosen). */
export function padTo(buf: Buffer, size: number): Buffer {
  return Buffer.concat([buf, Buffer.alloc(Math.max(0, size - buf.length))]);
}

/** `POST /api/files?purpose=…` with one file; the JSON body as `json` (undefined when not JSON). */
export async function uploadFile(
  t: TestApp,
  opts: {
    token?: string | null;
    purpose: string;
    fileName: string;
    content: Buffer;
    contentType?: string;
    origin?: InjectCall["origin"];
  },
): Promise<{ status: number; json: Record<string, unknown> | undefined; response: LightMyRequestResponse }> {
  const { payload, headers } = multipartBody(opts);
  const response = await t.inject({
    method: "POST",
    url: `/api/files?purpose=${encodeURIComponent(opts.purpose)}`,
    payload,
    headers,
    token: opts.token,
    origin: opts.origin,
  });
  let json: Record<string, unknown> | undefined;
  try {
    json = response.json();
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, json, response };
}

// ── A second app instance on the same database ─────────────────────────────────────────

/** Another app process over the database of a `TestApp` (see `createPeerApp`). */
export interface PeerApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  db: Db;
  /** A tRPC caller of this instance acting with the given auth. */
  callerWith(auth: RequestAuth | null, opts?: { signal?: AbortSignal }): Caller;
  /** Closes the app, its EventBus and its connections (not the database). Call before `t.close()`. */
  close(): Promise<void>;
}

/**
 * A second instance of the app on `t`'s database, as a second process behind a load balancer
 * would be: its own connection pool, its own EventBus (LISTEN connection) and its own Fastify
 * app, with `t`'s configuration. Sessions made through `t` are valid here too.
 *
 * Postgres only (`DATABASE_URL`): a PGlite database lives inside one process and cannot be
 * shared, so tests using this should be `it.skipIf(!process.env.DATABASE_URL)`.
 */
export async function createPeerApp(t: TestApp): Promise<PeerApp> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl || t.database.kind !== "postgres") {
    throw new Error("createPeerApp needs a Postgres test database (DATABASE_URL)");
  }
  const { sql } = await import("drizzle-orm");
  const { openDatabase } = await import("../server/db/client");
  const { rowsOf } = await import("./db");
  const [row] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`));
  if (!row) throw new Error("no current database");
  const url = new URL(baseUrl);
  url.pathname = `/${row.name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: "unused", poolSize: 4 });
  const events = new EventBus();
  let app: FastifyInstance | undefined;
  try {
    await events.start(database);
    const deps: AppDeps = { database, config: t.config, events };
    app = await buildApp(deps, { logger: false, clientDir: "/nonexistent" });
    await app.ready();
    const builtApp = app;
    return {
      app: builtApp,
      deps,
      database,
      db: database.db,
      callerWith: (auth, o = {}) => createCaller(createContextInner({ deps, auth, ip: TEST_IP }), { signal: o.signal }),
      async close() {
        try {
          await builtApp.close();
          await events.stop();
        } finally {
          await database.close();
        }
      },
    };
  } catch (err) {
    await app?.close().catch(() => {});
    await events.stop().catch(() => {});
    await database.close();
    throw err;
  }
}
