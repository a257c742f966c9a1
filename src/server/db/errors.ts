/**
 * The one place that classifies database errors (issue #10 §2, §4; ADR 0010). An outage — the
 * server restarting, refusing or dropping connections, or the pool closed — is answered 503
 * with `Msg.serviceUnavailable`; a value the database refuses (`isInvalidDatabaseInput`) is 400
 * with `Msg.invalidInput` (both in `src/server/errors.ts`); everything else stays a 500 that
 * tells the client nothing.
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

/**
 * SQLSTATEs of class 22 (data exception) that a value sent by a client causes when validation
 * let it through: 22001 string_data_right_truncation, 22003 numeric_value_out_of_range,
 * 22007 invalid_datetime_format, 22008 datetime_field_overflow, 22021 character_not_in_repertoire
 * (a NUL), 22025 invalid_escape_sequence (LIKE), 2201B invalid_regular_expression,
 * 22P02 invalid_text_representation, 22P05 untranslatable_character.
 */
const INVALID_INPUT_SQLSTATES = new Set([
  "22001",
  "22003",
  "22007",
  "22008",
  "22021",
  "22025",
  "2201B",
  "22P02",
  "22P05",
]);

/**
 * True when `err`, or an error it wraps, is the database refusing a value (see
 * `INVALID_INPUT_SQLSTATES`): the safety net behind the zod inputs, answered 400, never 500.
 * Never throws.
 */
export function isInvalidDatabaseInput(err: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || typeof err !== "object" || err === null) return false;
  const e = err as { code?: unknown; cause?: unknown };
  if (typeof e.code === "string" && INVALID_INPUT_SQLSTATES.has(e.code)) return true;
  return isInvalidDatabaseInput(e.cause, depth + 1);
}
