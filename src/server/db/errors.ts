/**
 * The one place that tells a database outage from any other error (issue #10 §2, ADR 0010).
 * An outage — the server restarting, refusing or dropping connections, or the pool closed —
 * is answered 503 with `Msg.serviceUnavailable` by the Fastify error handler and by tRPC
 * (`src/server/errors.ts`); everything else stays a 500 that tells the client nothing.
 */

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception) is matched by
 * prefix; 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now,
 * 57P05 idle_session_timeout, 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "57P05", "53300"]);

/** Socket errors of a server that is down or unreachable. */
const UNAVAILABLE_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * What node-postgres, pg-pool and PGlite say, without a code, when the connection is gone, could
 * not be made in time, or the pool or instance was closed.
 */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end on the pool|PGlite is clos(?:ed|ing))/;

/** Causes followed at most (Drizzle wraps the driver's error, tRPC wraps Drizzle's). */
const MAX_DEPTH = 8;

/**
 * True when `err`, or any error it wraps (`cause`, or the `errors` of an AggregateError, as a
 * refused connection to a host with several addresses gives), says the database cannot be
 * reached right now. Never throws.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || typeof err !== "object" || err === null) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string") {
    if (UNAVAILABLE_SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code) || UNAVAILABLE_ERRNOS.has(e.code)) {
      return true;
    }
  }
  if (typeof e.message === "string" && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
