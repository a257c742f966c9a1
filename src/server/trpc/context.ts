/**
 * tRPC context. The session is validated once per request in a Fastify hook (`app.ts`);
 * `createContext` only reads the result. `createContextInner` builds the same context for
 * tests and server-side callers.
 */
import type { Session } from "../auth/session";
import type { Config } from "../config";
import type { Database, Db } from "../db/client";
import type { Viewer } from "../domain/viewer";
import type { FileStorage } from "../files/storage";
import type { Connection } from "../live/connections";
import type { EventBus } from "../live/events";

/** Long-lived dependencies of the app. */
export interface AppDeps {
  database: Database;
  config: Config;
  events: EventBus;
  /** The file storage; set by `buildApp` once it is opened (procedures that delete files use it). */
  storage?: FileStorage;
  /** The job queue; set by `startServer` once it runs (procedures that start a job use it). */
  jobs?: { send(name: "data-export"): Promise<string | null> };
}

export interface RequestAuth {
  session: Session;
  viewer: Viewer;
}

/** What procedures may do with the session cookie. */
export interface SessionCookie {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

/**
 * The browser's device cookies (auth/device-cookie.ts): the well-formed tokens it sent, and how
 * to replace the cookie's value.
 */
export interface DeviceCookieJar {
  tokens: readonly string[];
  set(value: string): void;
}

/**
 * The pending sign-in cookie (auth/pendingSignIn.ts): the token this request carries, and what
 * the sign-in procedures may do with it.
 */
export interface PendingSignInCookie {
  value: string | undefined;
  set(token: string): void;
  clear(): void;
}

/**
 * The passkey sign-in's flow cookie (`passkey_flow`, `__Host-passkey_flow` in production): a
 * random value binding a sign-in challenge to the browser that asked for it
 * (docs/architecture.md "Passkeys"). HttpOnly, SameSite=Strict, 5 minutes.
 */
export interface FlowCookie {
  /** The value the request carried, if any. */
  readonly value: string | undefined;
  set(value: string, maxAgeSeconds: number): void;
  clear(): void;
}

export interface Context {
  db: Db;
  deps: AppDeps;
  /**
   * The caller's auth for this operation: for HTTP, validated once per request by the `onRequest`
   * hook; for a WebSocket operation, re-read from `connection` by the `currentAuth` middleware
   * (trpc/init.ts) before each operation runs.
   */
  auth: RequestAuth | null;
  ip: string | null;
  /** Origin of the site as seen by this request (for links in mail). */
  origin: string;
  cookie: SessionCookie;
  device: DeviceCookieJar;
  pendingSignIn: PendingSignInCookie;
  flowCookie: FlowCookie;
  /** The WebSocket connection a call came over, or null for HTTP and server-side callers. */
  connection: Connection | null;
}

const noCookie: SessionCookie = { set() {}, clear() {} };
const noDevice: DeviceCookieJar = { tokens: [], set() {} };
const noPendingSignIn: PendingSignInCookie = { value: undefined, set() {}, clear() {} };
const noFlowCookie: FlowCookie = { value: undefined, set() {}, clear() {} };

/** Builds a context without an HTTP request (tests, scripts). */
export function createContextInner(opts: {
  deps: AppDeps;
  auth?: RequestAuth | null;
  ip?: string | null;
  origin?: string;
  cookie?: SessionCookie;
  device?: DeviceCookieJar;
  pendingSignIn?: PendingSignInCookie;
  flowCookie?: FlowCookie;
  connection?: Connection | null;
}): Context {
  return {
    db: opts.deps.database.db,
    deps: opts.deps,
    auth: opts.auth ?? null,
    ip: opts.ip ?? null,
    origin: opts.origin ?? opts.deps.config.publicOrigin,
    cookie: opts.cookie ?? noCookie,
    device: opts.device ?? noDevice,
    pendingSignIn: opts.pendingSignIn ?? noPendingSignIn,
    flowCookie: opts.flowCookie ?? noFlowCookie,
    connection: opts.connection ?? null,
  };
}
