/**
 * Turns the errors of a failed start that come from a well-formed but wrong setting into one
 * line naming the setting (issue #11 §5): the database of DATABASE_URL unreachable or missing,
 * its credentials refused, PORT in use, DATA_DIR not writable. Anything else is a bug and keeps
 * its stack trace (`main.ts` prints it).
 */
import path from "node:path";
import type { Config } from "./config";

interface SystemError {
  code?: unknown;
  syscall?: unknown;
  path?: unknown;
  address?: unknown;
  port?: unknown;
  message?: unknown;
}

/** Host and port of a postgres:// URL, without the credentials, for messages. */
function databaseTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "the configured server";
  }
}

const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);
const NOT_WRITABLE = new Set(["EACCES", "EPERM", "EROFS", "ENOTDIR", "EEXIST", "ENOSPC"]);

/**
 * One line naming the setting behind `err`, or null when `err` is not a known setting error.
 * `err` may be an AggregateError (node-postgres on a host with several addresses).
 */
export function startupErrorLine(err: unknown, config: Config): string | null {
  // Drizzle wraps the driver's error (`cause`); node-postgres may give an AggregateError.
  let e = (err ?? {}) as SystemError & { errors?: unknown[]; cause?: unknown };
  for (let depth = 0; depth < 5 && typeof e.code !== "string"; depth++) {
    const next = e.cause ?? (Array.isArray(e.errors) ? e.errors[0] : undefined);
    if (!next || typeof next !== "object") break;
    e = next as typeof e;
  }
  const code = typeof e.code === "string" ? e.code : undefined;
  const message = typeof e.message === "string" ? e.message : "";

  if (code === "EADDRINUSE" && e.syscall === "listen") {
    return `PORT: ${config.port} is already in use on ${config.host} (another process listens there).`;
  }
  if (code === "EADDRNOTAVAIL" && e.syscall === "listen") {
    return `HOST: ${config.host} is not an address of this machine.`;
  }
  if (config.databaseUrl) {
    const target = databaseTarget(config.databaseUrl);
    if (code && UNREACHABLE.has(code)) return `DATABASE_URL: cannot reach the database server ${target} (${code}).`;
    if (code === "3D000") return `DATABASE_URL: ${message} (on ${target}).`;
    if (code === "28P01" || code === "28000") return `DATABASE_URL: the server refused the credentials (${message}).`;
    if (/timeout expired|Connection terminated/i.test(message)) {
      return `DATABASE_URL: cannot reach the database server ${target} (${message}).`;
    }
  }
  const file = typeof e.path === "string" ? path.resolve(e.path) : undefined;
  if (
    code &&
    NOT_WRITABLE.has(code) &&
    file &&
    (file === config.dataDir || file.startsWith(config.dataDir + path.sep))
  ) {
    return `DATA_DIR: ${config.dataDir} is not a writable folder (${code} on ${file}).`;
  }
  return null;
}
