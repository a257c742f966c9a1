/**
 * Domain errors (DESIGN.md §4 "Errors"): the one way domain code, file routes and auth code
 * refuse something. A `DomainError` carries a transport-neutral code, the spec's message
 * (`Msg`, translated on the client) and, for rate limits, how long to wait. It is converted in
 * one place, src/server/errors.ts: for tRPC by the `convertErrors` middleware (trpc/init.ts),
 * for the plain Fastify routes by the app's error handler; domain code never imports tRPC.
 */
import type { MsgText } from "../../common/messages";

/** Codes a domain error may carry, each with its HTTP status (`DOMAIN_ERROR_STATUS`). */
export type DomainErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE";

/** HTTP status of each code (the same as tRPC's mapping of the code of the same name). */
export const DOMAIN_ERROR_STATUS: Record<DomainErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

/** A refusal the caller may see: `code`, the spec's `message`, optional `retryAfterSeconds`. */
export class DomainError extends Error {
  override readonly name = "DomainError";
  constructor(
    readonly code: DomainErrorCode,
    override readonly message: MsgText,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }

  /** The HTTP status of this error's code. */
  get status(): number {
    return DOMAIN_ERROR_STATUS[this.code];
  }
}

/**
 * The one "too many requests" error: `message` is the spec's text for the limit that was hit,
 * `retryAfterSeconds` how long until the next attempt is allowed (sent to the client, which
 * shows it; the file routes also send it as `Retry-After`).
 */
export function tooManyRequests(message: MsgText, retryAfterSeconds?: number): DomainError {
  return new DomainError("TOO_MANY_REQUESTS", message, retryAfterSeconds ?? null);
}
