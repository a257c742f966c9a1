/**
 * What a client is told when something fails (DESIGN.md §4 Errors; issue #10 §2, §3; issue #12
 * §2): one classification for every Fastify route and for tRPC.
 *
 * - A `DomainError` (src/server/domain/errors.ts) — a refusal the domain decided — keeps its
 *   code, its spec text and its retry delay.
 * - A database outage (`isDatabaseUnavailable`) is 503 with `Msg.serviceUnavailable` and
 *   `Retry-After`.
 * - A value the database refuses (`isInvalidDatabaseInput`: a NUL, a number or date out of
 *   range) is 400 BAD_REQUEST with `Msg.invalidInput` (issue #10 §4). Bad input never makes a
 *   500; this is the safety net behind the zod inputs (src/common/validation.ts), which refuse
 *   such values first with a field's own message.
 * - Fastify's own 4xx errors (bad JSON, body too large, multipart limits) keep their status.
 * - Anything else is 500 with `Msg.unexpected`. No reply ever carries an error's own message
 *   for a 5xx — Drizzle's messages hold the SQL text and its parameters — nor a stack.
 */
import { STATUS_CODES } from "node:http";
import { TRPCError } from "@trpc/server";
import type { FastifyError, FastifyInstance } from "fastify";
import { Msg } from "../common/messages";
import { isDatabaseUnavailable, isInvalidDatabaseInput } from "./db/errors";
import { DomainError, type DomainErrorCode } from "./domain/errors";

/** Seconds a client is asked to wait after a 503 (`Retry-After`). */
export const RETRY_AFTER_OUTAGE_SECONDS = 5;

/** A reply's status, code and the text it may show. */
export interface PublicError {
  statusCode: number;
  code: DomainErrorCode | "INTERNAL_SERVER_ERROR";
  message: string;
  /** Seconds until a retry may succeed, sent as `Retry-After`. */
  retryAfterSeconds: number | null;
}

const CODE_OF_STATUS: Record<number, DomainErrorCode> = {
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  429: "TOO_MANY_REQUESTS",
};

/**
 * The status, code and client-safe message for `err`. 4xx errors raised by Fastify or its plugins
 * (codes `FST_…`) keep their message, which describes the request, never the database.
 */
export function publicErrorOf(err: unknown): PublicError {
  if (err instanceof DomainError) {
    return { statusCode: err.status, code: err.code, message: err.message, retryAfterSeconds: err.retryAfterSeconds };
  }
  if (isDatabaseUnavailable(err)) {
    return {
      statusCode: 503,
      code: "SERVICE_UNAVAILABLE",
      message: Msg.serviceUnavailable,
      retryAfterSeconds: RETRY_AFTER_OUTAGE_SECONDS,
    };
  }
  if (isInvalidDatabaseInput(err)) {
    return { statusCode: 400, code: "BAD_REQUEST", message: Msg.invalidInput, retryAfterSeconds: null };
  }
  const e = err as Partial<FastifyError> | null;
  const status = typeof e?.statusCode === "number" ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    const fastifys = typeof e?.code === "string" && e.code.startsWith("FST_") && typeof e.message === "string";
    return {
      statusCode: status,
      code: CODE_OF_STATUS[status] ?? "BAD_REQUEST",
      message: fastifys ? (e.message as string) : (STATUS_CODES[status] ?? "Bad Request"),
      retryAfterSeconds: null,
    };
  }
  return { statusCode: 500, code: "INTERNAL_SERVER_ERROR", message: Msg.unexpected, retryAfterSeconds: null };
}

/**
 * The tRPC error to throw for `err`: a `DomainError` becomes the tRPC error of the same code and
 * message (kept as `cause` for `retryAfterSeconds`); a database outage becomes
 * SERVICE_UNAVAILABLE (HTTP 503) with `Msg.serviceUnavailable`; a value the database refused
 * becomes BAD_REQUEST (HTTP 400) with `Msg.invalidInput`; any other TRPCError stays as it is;
 * anything else becomes INTERNAL_SERVER_ERROR, whose message the errorFormatter replaces with
 * `Msg.unexpected`.
 */
export function trpcErrorOf(err: unknown): TRPCError {
  if (err instanceof DomainError) return new TRPCError({ code: err.code, message: err.message, cause: err });
  if (err instanceof TRPCError && err.code !== "INTERNAL_SERVER_ERROR") return err;
  if (err instanceof TRPCError && err.cause instanceof DomainError) return trpcErrorOf(err.cause);
  if (isDatabaseUnavailable(err)) {
    return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: Msg.serviceUnavailable, cause: err });
  }
  if (isInvalidDatabaseInput(err)) return new TRPCError({ code: "BAD_REQUEST", message: Msg.invalidInput, cause: err });
  return err instanceof TRPCError ? err : new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: err });
}

/**
 * Installs the error handler of every plain Fastify route and hook (the session hook, file
 * routes, health, static files): `{ error: { code, message } }` with the status of
 * `publicErrorOf`, and `Retry-After` when a retry may succeed. Call before registering plugins:
 * Fastify copies the handler into each plugin's context when it is registered.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    const { statusCode, code, message, retryAfterSeconds } = publicErrorOf(err);
    if (statusCode === 503) req.log.warn({ err }, "database unavailable");
    else if (isInvalidDatabaseInput(err)) req.log.warn({ err }, "value refused by the database");
    else if (statusCode >= 500) req.log.error({ err }, "request failed");
    if (retryAfterSeconds !== null) reply.header("Retry-After", String(retryAfterSeconds));
    // Refused while a body streams in, the rest stays unread: close the connection, or the next
    // request sent on it (keep-alive) would hang behind those bytes.
    if (code === "PAYLOAD_TOO_LARGE") reply.header("Connection", "close");
    return reply.code(statusCode).type("application/json; charset=utf-8").send({ error: { code, message } });
  });
}
