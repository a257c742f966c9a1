/**
 * Builds the Fastify application (DESIGN.md §1): security headers, the same-origin check,
 * the session hook, tRPC over HTTP and WebSocket, health routes and the built client with an
 * SPA fallback. `main.ts` and the tests both call `buildApp`.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import proxyAddr from "@fastify/proxy-addr";
import fastifyStatic from "@fastify/static";
import fastifyWebsocket from "@fastify/websocket";
import { type CreateFastifyContextOptions, fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, SESSION_ABSOLUTE_LIFETIME_MS } from "../common/constants";
import { Msg } from "../common/messages";
import { PENDING_SIGN_IN_TTL_MS } from "../common/secondFactor";
import { authenticate } from "./auth/authenticate";
import { DEVICE_COOKIE_LIFETIME_MS, deviceCookieName, parseDeviceCookie } from "./auth/device-cookie";
import { passkeyFlowCookieName } from "./auth/passkeys";
import { pendingSignInCookieName } from "./auth/pendingSignIn";
import { sessionCookieName } from "./auth/session";
import { MIGRATIONS_FOLDER } from "./db/client";
import { isInvalidDatabaseInput } from "./db/errors";
import { RETRY_AFTER_OUTAGE_SECONDS, registerErrorHandler, trpcErrorOf } from "./errors";
import { registerFileRoutes } from "./files/routes";
import { createStorage } from "./files/storage";
import { connectionRegistry } from "./live/connections";
import { requestLogSerializer } from "./log-redact";
import { registerUnsubscribeRoutes, UNSUBSCRIBE_PATH } from "./mail/unsubscribe";
import { CLIENT_DIR } from "./paths";
import {
  type AppDeps,
  type Context,
  createContextInner,
  type DeviceCookieJar,
  type FlowCookie,
  type PendingSignInCookie,
  type RequestAuth,
  type SessionCookie,
} from "./trpc/context";
import { type AppRouter, appRouter } from "./trpc/router";

declare module "fastify" {
  interface FastifyRequest {
    auth: RequestAuth | null;
    /** Why the session could not be checked (the database is down, say); tRPC answers it. */
    authError: unknown;
  }
}

export const DEFAULT_CLIENT_DIR = CLIENT_DIR;

export interface BuildAppOptions {
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Folder of the built client; not served when missing. */
  clientDir?: string;
}

const MAX_BATCH_SIZE = 10;
/** Content types that @fastify/compress compresses (text, JSON, JavaScript, SVG, XML). */
const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:json|javascript|xml|[\w.+-]+\+(?:json|xml))|image\/svg\+xml)/i;
const BODY_LIMIT_BYTES = 256 * 1024;

/** Reads the number of migrations the code ships, to tell /readyz whether all are applied. */
function shippedMigrationCount(): number {
  try {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    return journal.entries.length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** The last value of a header that may be repeated or comma-joined: the one the nearest proxy set. */
function lastHeader(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[value.length - 1] : value;
  return raw?.split(",").at(-1)?.trim() || undefined;
}

/**
 * Whether the address `addr`, `hop` steps from this server, is a trusted reverse proxy
 * (`TRUST_PROXY`, compiled by proxy-addr); null when no proxy is trusted.
 */
export type ProxyTrust = ((addr: string, hop: number) => boolean) | null;

/** The trust function of the `TRUST_PROXY` list, or null for an empty list. */
export function compileProxyTrust(list: readonly string[]): ProxyTrust {
  return list.length > 0 ? proxyAddr.compile([...list]) : null;
}

/** True when the socket's peer is a trusted proxy, so its `X-Forwarded-*` headers count. */
function peerIsTrustedProxy(socket: unknown, trusts: ProxyTrust): boolean {
  const address = (socket as { remoteAddress?: string } | undefined)?.remoteAddress;
  return trusts !== null && address !== undefined && trusts(address, 0);
}

/**
 * The client's address: the socket's peer, or, when the peer is a trusted proxy, the nearest
 * address in `X-Forwarded-For` that is not a trusted proxy (what Fastify's `request.ip` gives;
 * for WebSocket upgrades, whose context gets the raw request).
 */
export function clientAddress(req: import("node:http").IncomingMessage, trusts: ProxyTrust): string | null {
  return (trusts ? proxyAddr(req, trusts) : req.socket.remoteAddress) ?? null;
}

/** The largest WebSocket frame a client may send (bytes); a larger one ends its socket with 1009. */
export const WS_MAX_PAYLOAD_BYTES = 64 * 1024;

/** The `ws` library's error for a frame over `maxPayload`. */
function isOversizedFrame(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH";
}

/**
 * The origin (`scheme://host`) a request was addressed to, for the same-origin check (never for
 * links: those name `PUBLIC_ORIGIN`, config.ts). `X-Forwarded-Proto` and `X-Forwarded-Host` count
 * only when the socket's peer is a proxy listed in `TRUST_PROXY` (their last value, the one that
 * proxy set), and the scheme is only ever `http` or `https`. Without a trusted header the scheme
 * is `https` on a TLS socket or in production (served behind HTTPS), else `http`.
 */
export function requestOrigin(
  req: { headers: IncomingHttpHeaders; socket?: unknown },
  opts: { trusts: ProxyTrust; isProduction: boolean },
): { protocol: "http" | "https"; host: string } {
  const trusted = peerIsTrustedProxy(req.socket, opts.trusts);
  const forwarded = trusted ? lastHeader(req.headers["x-forwarded-proto"])?.toLowerCase() : undefined;
  const encrypted = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  const protocol =
    forwarded === "https" || forwarded === "http" ? forwarded : encrypted || opts.isProduction ? "https" : "http";
  const host = (trusted ? lastHeader(req.headers["x-forwarded-host"]) : undefined) ?? req.headers.host;
  return { protocol, host: host ?? "localhost" };
}

/**
 * True when the request comes from our own pages (DESIGN.md §4 CSRF): `Sec-Fetch-Site`, else an
 * `Origin` equal to `PUBLIC_ORIGIN` or to the request's own scheme and host (`requestOrigin`).
 */
function isSameOrigin(
  req: FastifyRequest,
  opts: { publicOrigin: string | undefined; trusts: ProxyTrust; isProduction: boolean },
): boolean {
  const site = req.headers["sec-fetch-site"];
  if (site === "same-origin" || site === "none") return true;
  if (site === "cross-site" || site === "same-site") return false;
  const origin = req.headers.origin;
  if (!origin) return false;
  if (opts.publicOrigin && origin === opts.publicOrigin) return true;
  try {
    const url = new URL(origin);
    const own = requestOrigin(req.raw, opts);
    return url.protocol === `${own.protocol}:` && url.host === own.host;
  } catch {
    return false;
  }
}

export async function buildApp(deps: AppDeps, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const db = deps.database.db;
  const secureCookie = config.isProduction;
  const cookieName = sessionCookieName(secureCookie);
  // Proxies by list (docs/architecture.md, Security model: Proxies): `request.ip`, and so every
  // per-IP limit, is the client's address only through a listed proxy.
  const trusts = compileProxyTrust(config.trustProxy);
  const originCheck = { publicOrigin: config.publicOrigin, trusts, isProduction: config.isProduction };

  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ["req.headers.cookie", 'res.headers["set-cookie"]'],
            // Tokens in query strings (e-mail confirmation, password reset) are not logged.
            serializers: { req: requestLogSerializer },
            ...(typeof opts.logger === "object" ? opts.logger : {}),
          },
    trustProxy: trusts ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 5000 },
  });

  // Before any plugin: each copies the handler in force when it is registered.
  registerErrorHandler(app);

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        // 'self' covers ws:// and wss:// to this host (CSP Level 3; Chromium, Firefox, Safari).
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  // Brotli or gzip for every compressible response of 1 KB or more (ADR 0011); the built client
  // is precompressed at build time instead (preCompressed below: @fastify/compress leaves a
  // response that already has a Content-Encoding alone). Before every route: it hooks in per route.
  await app.register(fastifyCompress, { encodings: ["br", "gzip"], threshold: 1024, globalDecompression: false });
  app.addHook("onSend", async (_req, reply, payload) => {
    // A compressible response varies with Accept-Encoding even when this one went out plain.
    // tRPC answers with a web Response, whose headers Fastify copies over the reply's later.
    const headers = payload instanceof Response ? payload.headers : undefined;
    const type = headers?.get("content-type") ?? reply.getHeader("content-type");
    if (reply.statusCode !== 206 && COMPRESSIBLE_TYPE.test(String(type ?? ""))) {
      const vary = String(headers?.get("vary") ?? reply.getHeader("vary") ?? "");
      if (!/accept-encoding|\*/i.test(vary)) {
        const value = vary ? `${vary}, accept-encoding` : "accept-encoding";
        if (headers) headers.set("vary", value);
        else reply.header("vary", value);
      }
    }
    return payload;
  });

  // Before the same-origin hook: its onRequest hook marks upgrades, so a refused upgrade's socket is closed.
  await app.register(fastifyWebsocket, {
    options: { maxPayload: WS_MAX_PAYLOAD_BYTES },
    // A frame over the limit is the client's doing: one warning line, no stack
    // (docs/architecture.md, Security model: Sessions).
    // Any other socket error is logged as the plugin does by default. Either way the socket ends.
    errorHandler(error, socket, request) {
      if (isOversizedFrame(error))
        request.log.warn({ ip: request.ip }, `WebSocket frame over ${WS_MAX_PAYLOAD_BYTES} bytes refused`);
      else request.log.error(error);
      socket.terminate();
    },
  });

  app.decorateRequest("auth", null);
  app.decorateRequest("authError", null);

  // Same-origin check for everything that can change state, and for the WebSocket handshake.
  app.addHook("onRequest", async (req, reply) => {
    const isUpgrade = req.headers.upgrade?.toLowerCase() === "websocket";
    const changesState = !["GET", "HEAD", "OPTIONS"].includes(req.method);
    // One-click unsubscribe (RFC 8058) is posted by mail clients from anywhere; its token is the
    // credential and it can only turn one e-mail preference off (mail/unsubscribe.ts).
    const oneClick = req.method === "POST" && req.url.split("?")[0] === UNSUBSCRIBE_PATH;
    if ((changesState || isUpgrade) && !oneClick && !isSameOrigin(req, originCheck)) {
      return reply.code(403).send({ error: "cross-origin request refused" });
    }
  });

  // The session is validated once per request; the tRPC context only reads `req.auth`. When
  // that fails (the database is down), a tRPC call gets a tRPC error from createContext and
  // any other route the error handler's reply; neither shows the query (issue #10 §3).
  app.addHook("onRequest", async (req, reply) => {
    const isTrpc = req.url.startsWith("/trpc");
    if (!isTrpc && !req.url.startsWith("/api")) return;
    try {
      const { auth, clearCookie } = await authenticate(db, req.cookies[cookieName], req.ip);
      req.auth = auth;
      if (clearCookie) reply.clearCookie(cookieName, { path: "/" });
    } catch (err) {
      if (!isTrpc) throw err;
      req.authError = err;
      return;
    }
    if (req.headers.upgrade?.toLowerCase() === "websocket") {
      // Only members' pages subscribe: a WebSocket without a valid session is refused outright.
      if (!req.auth) {
        return reply.code(401).send({ error: { code: "UNAUTHORIZED", message: Msg.signInRequired } });
      }
      // At most WS_MAX_PER_IP open sockets per address (per process), counted until the TCP
      // socket closes.
      if (!connectionRegistry(db, deps.events).admit(req.ip, req.raw.socket, deps.config.wsMaxPerIp)) {
        return reply
          .code(429)
          .header("Retry-After", "60")
          .send({ error: { code: "TOO_MANY_REQUESTS", message: Msg.tooManyAttempts } });
      }
    }
  });

  app.get("/healthz", async () => ({ status: "ok" }));
  const expectedMigrations = shippedMigrationCount();
  app.get("/readyz", async (_req, reply) => {
    try {
      // Both drivers (node-postgres, PGlite) answer `db.execute` with `{ rows }`.
      const { rows } = (await db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: { n: number }[];
      };
      const applied = Number(rows[0]?.n ?? 0);
      if (applied < expectedMigrations) {
        return reply.code(503).send({ status: "migrating", applied, expected: expectedMigrations });
      }
      return { status: "ready", database: deps.database.kind, migrations: applied };
    } catch (err) {
      app.log.error({ err }, "readiness check failed");
      return reply.code(503).send({ status: "database unreachable" });
    }
  });

  function cookieFor(reply: CreateFastifyContextOptions["res"]): SessionCookie {
    return {
      set(token, _expiresAt) {
        reply.setCookie(cookieName, token, {
          httpOnly: true,
          sameSite: "lax",
          secure: secureCookie,
          path: "/",
          maxAge: SESSION_ABSOLUTE_LIFETIME_MS / 1000,
        });
      },
      clear() {
        reply.clearCookie(cookieName, { path: "/" });
      },
    };
  }

  const deviceCookie = deviceCookieName(secureCookie);
  /** The device cookie of this request (auth/device-cookie.ts): long-lived, HttpOnly, SameSite=Lax. */
  function deviceFor(req: FastifyRequest, reply: CreateFastifyContextOptions["res"]): DeviceCookieJar {
    return {
      tokens: parseDeviceCookie(req.cookies[deviceCookie]),
      set(value) {
        reply.setCookie(deviceCookie, value, {
          httpOnly: true,
          sameSite: "lax",
          secure: secureCookie,
          path: "/",
          maxAge: DEVICE_COOKIE_LIFETIME_MS / 1000,
        });
      },
    };
  }

  const pendingCookieName = pendingSignInCookieName(secureCookie);
  function pendingSignInFor(
    req: CreateFastifyContextOptions["req"],
    reply: CreateFastifyContextOptions["res"],
  ): PendingSignInCookie {
    return {
      value: req.cookies[pendingCookieName],
      set(token) {
        reply.setCookie(pendingCookieName, token, {
          httpOnly: true,
          sameSite: "strict",
          secure: secureCookie,
          path: "/",
          maxAge: PENDING_SIGN_IN_TTL_MS / 1000,
        });
      },
      clear() {
        reply.clearCookie(pendingCookieName, { path: "/" });
      },
    };
  }

  // Binds a passkey sign-in's challenge to this browser (auth/passkeys.ts).
  const flowCookieName = passkeyFlowCookieName(secureCookie);
  function flowCookieFor(
    req: CreateFastifyContextOptions["req"],
    reply: CreateFastifyContextOptions["res"],
  ): FlowCookie {
    return {
      value: req.cookies[flowCookieName],
      set(value, maxAgeSeconds) {
        reply.setCookie(flowCookieName, value, {
          httpOnly: true,
          sameSite: "strict",
          secure: secureCookie,
          path: "/",
          maxAge: maxAgeSeconds,
        });
      },
      clear() {
        reply.clearCookie(flowCookieName, { path: "/" });
      },
    };
  }

  async function createContext({ req, res }: CreateFastifyContextOptions): Promise<Context> {
    // Links in mail name the configured origin, never the request's headers (config.ts).
    const origin = config.publicOrigin;
    if ("raw" in req && typeof (res as { setCookie?: unknown }).setCookie === "function") {
      if (req.authError) throw trpcErrorOf(req.authError);
      return createContextInner({
        deps,
        auth: req.auth,
        ip: req.ip,
        origin,
        cookie: cookieFor(res),
        device: deviceFor(req, res),
        pendingSignIn: pendingSignInFor(req, res),
        flowCookie: flowCookieFor(req, res),
      });
    }
    // WebSocket connection: `res` is the socket and `req` the raw upgrade request. Its session is
    // not trusted once for all: every operation re-reads it through the registry (`currentAuth`).
    const socket = res as unknown as WebSocket;
    const raw = req as unknown as import("node:http").IncomingMessage;
    const token = app.parseCookie(raw.headers.cookie ?? "")[cookieName];
    const ip = clientAddress(raw, trusts);
    const connection = connectionRegistry(db, deps.events).open(socket, token, ip);
    return createContextInner({ deps, auth: null, ip, origin, connection });
  }

  await app.register(fastifyTRPCPlugin<AppRouter>, {
    prefix: "/trpc",
    useWSS: true,
    trpcOptions: {
      router: appRouter,
      createContext,
      maxBatchSize: MAX_BATCH_SIZE,
      keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
      onError({ error, path: procedurePath }) {
        // tRPC reports the socket's oversized frame too; the WebSocket plugin logged it once already.
        if (isOversizedFrame(error.cause)) return;
        if (error.code === "INTERNAL_SERVER_ERROR") app.log.error({ err: error, path: procedurePath }, "tRPC error");
        else if (error.code === "SERVICE_UNAVAILABLE")
          app.log.warn({ err: error, path: procedurePath }, "database unavailable");
        // A value the database refused although validation let it through: a zod rule is missing.
        else if (isInvalidDatabaseInput(error))
          app.log.warn({ err: error, path: procedurePath }, "value refused by the database");
      },
      responseMeta({ errors }) {
        // Every answer may carry personal data (a member's profile, contacts, messages): no cache
        // keeps it, not the browser's nor a proxy's (ASVS V14.3.2; docs/architecture.md, Security model).
        const headers: Record<string, string> = { "Cache-Control": "no-store" };
        if (errors.some((e) => e.code === "SERVICE_UNAVAILABLE"))
          headers["Retry-After"] = String(RETRY_AFTER_OUTAGE_SECONDS);
        return { headers };
      },
    },
  });

  // Decorates reply.sendFile (the client's fallback below); serves nothing by itself.
  mkdirSync(config.dataDir, { recursive: true });
  await app.register(fastifyStatic, { root: config.dataDir, serve: false });
  // Uploads live in the configured storage (local folder or S3 bucket; issue #16 §4).
  const storage = await createStorage(config.storage);
  deps.storage = storage;
  app.addHook("onClose", async () => storage.close());
  await registerFileRoutes(app, { db, storage });
  await registerUnsubscribeRoutes(app, { db });

  const clientDir = opts.clientDir ?? DEFAULT_CLIENT_DIR;
  const indexHtml = path.join(clientDir, "index.html");
  if (existsSync(indexHtml)) {
    // One wildcard route that looks files up per request, not one route per file globbed at start
    // (some 280 files with their .br/.gz: most of the route table's build time at start). A miss
    // falls through to the not-found handler below, which serves index.html to navigations.
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      index: "index.html",
      decorateReply: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed file names: cached for a year; index.html: revalidated on every load.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("Cache-Control", "public, max-age=31536000, immutable");
        } else if (path.basename(filePath).startsWith("index.html")) {
          res.header("Cache-Control", "no-cache");
        }
      },
    });
    // The landing page prerendered at build in each language (ADR 15): `GET /landing` without a
    // query string gets the file of the `locale` cookie's language; any other page, index.html.
    const prerendered = new Set(LOCALES.filter((l) => existsSync(path.join(clientDir, `landing.${l}.html`))));
    app.setNotFoundHandler((req, reply) => {
      const isApi = req.url.startsWith("/trpc") || req.url.startsWith("/api");
      const wantsHtml = (req.headers.accept ?? "").includes("text/html");
      if (req.method === "GET" && !isApi && (wantsHtml || !path.extname(req.url.split("?")[0] ?? ""))) {
        reply.header("Cache-Control", "no-cache");
        if (req.url === "/landing") {
          const cookie = req.cookies[LOCALE_COOKIE];
          const locale = LOCALES.find((l) => l === cookie) ?? DEFAULT_LOCALE;
          reply.header("Vary", "Cookie");
          if (prerendered.has(locale))
            return reply.sendFile(`landing.${locale}.html`, clientDir, { cacheControl: false });
        }
        return reply.sendFile("index.html", clientDir, { cacheControl: false });
      }
      return reply.code(404).send({ error: "Not found" });
    });
  } else {
    app.log.warn({ clientDir }, "client build not found; only the API is served");
    // Our own 404, not Fastify's default, which logs the raw URL (query-string tokens included).
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: "Not found" }));
  }

  return app;
}
