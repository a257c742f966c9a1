/**
 * What a client is told when something fails (DESIGN.md §4 Errors; issue #10 §2, §3): one
 * classification for every Fastify route and for tRPC. A database outage
 * (`isDatabaseUnavailable`) is 503 with `Msg.serviceUnavailable`; Fastify's own 4xx errors
 * (bad JSON, body too large, multipart limits) keep their status; anything else is 500 with
 * `Msg.unexpected`. No reply ever carries an error's own message for a 5xx — Drizzle's
 * messages hold the SQL text and its parameters — nor a stack.
 */
import { STATUS_CODES } from "node:http";
import { TRPCError } from "@trpc/server";
import type { FastifyError, FastifyInstance } from "fastify";
import { Msg } from "../common/messages";
import { isDatabaseUnavailable } from "./db/errors";

/** Seconds a client is asked to wait after a 503 (`Retry-After`). */
export const RETRY_AFTER_OUTAGE_SECONDS = 5;

/** A reply's status and the text it may show. */
export interface PublicError {
  statusCode: number;
  message: string;
}

/**
 * The status and client-safe message for `err`. 4xx errors raised by Fastify or its plugins
 * (codes `FST_…`) keep their message, which describes the request, never the database.
 */
export function publicErrorOf(err: unknown): PublicError {
  if (isDatabaseUnavailable(err)) return { statusCode: 503, message: Msg.serviceUnavailable };
  const e = err as Partial<FastifyError> | null;
  const status = typeof e?.statusCode === "number" ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    const fastifys = typeof e?.code === "string" && e.code.startsWith("FST_") && typeof e.message === "string";
    return { statusCode: status, message: fastifys ? (e.message as string) : (STATUS_CODES[status] ?? "Bad Request") };
  }
  return { statusCode: 500, message: Msg.unexpected };
}

/**
 * The tRPC error to throw for `err`: a database outage becomes SERVICE_UNAVAILABLE (HTTP 503)
 * with `Msg.serviceUnavailable`; a TRPCError stays as it is; anything else becomes
 * INTERNAL_SERVER_ERROR, whose message the errorFormatter replaces with `Msg.unexpected`.
 */
export function trpcErrorOf(err: unknown): TRPCError {
  if (err instanceof TRPCError && err.code !== "INTERNAL_SERVER_ERROR") return err;
  if (isDatabaseUnavailable(err)) {
    return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: Msg.serviceUnavailable, cause: err });
  }
  return err instanceof TRPCError ? err : new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: err });
}

/**
 * Installs the error handler of every plain Fastify route and hook (the session hook, file
 * routes, health, static files): `{ error: { message } }` with the status of `publicErrorOf`,
 * and `Retry-After` on a 503. Call before registering plugins: Fastify copies the handler into
 * each plugin's context when it is registered.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    const { statusCode, message } = publicErrorOf(err);
    if (statusCode === 503) {
      req.log.warn({ err }, "database unavailable");
      reply.header("Retry-After", String(RETRY_AFTER_OUTAGE_SECONDS));
    } else if (statusCode >= 500) {
      req.log.error({ err }, "request failed");
    }
    return reply.code(statusCode).type("application/json; charset=utf-8").send({ error: { message } });
  });
}
