/**
 * tRPC initialisation: the procedure tiers (DESIGN.md §3, §4). Every procedure is built from
 * exactly one of `publicProcedure`, `authedProcedure` (signed in, any approval state),
 * `memberProcedure` (approved) or `adminProcedure` (member with the admin role). Every tier
 * starts with `convertErrors` (domain refusals and database outages become the right tRPC
 * error, src/server/errors.ts) and `currentAuth` (WebSocket operations re-read their session).
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError, z } from "zod";
import { Msg } from "../../common/messages";
import { adminSecondFactorDue } from "../auth/factors";
import { isDatabaseUnavailable } from "../db/errors";
import { DomainError } from "../domain/errors";
import { trpcErrorOf } from "../errors";
import type { Context } from "./context";

const t = initTRPC.context<Context>().create({
  // Never send stack traces to clients.
  isDev: false,
  // Subscriptions travel only on the WebSocket, whose handshakes are capped per IP address
  // (docs/architecture.md, Security model); over HTTP (SSE) they are refused.
  sse: { enabled: false },
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const zodError = cause instanceof ZodError ? z.flattenError(cause) : null;
    const internal = error.code === "INTERNAL_SERVER_ERROR";
    // An outage that reached here unconverted (an error thrown while a subscription streams)
    // still reads as one; its HTTP status, if any, was set from the code already.
    const outage = internal && isDatabaseUnavailable(error);
    return {
      ...shape,
      // A validation error reads as its first issue (a spec text), not as the issue list.
      message: outage
        ? Msg.serviceUnavailable
        : internal
          ? Msg.unexpected
          : zodError
            ? ((cause as ZodError).issues[0]?.message ?? shape.message)
            : shape.message,
      data: {
        code: outage ? "SERVICE_UNAVAILABLE" : shape.data.code,
        httpStatus: outage ? 503 : shape.data.httpStatus,
        path: shape.data.path,
        fieldErrors: zodError?.fieldErrors ?? null,
        formErrors: zodError?.formErrors ?? null,
        retryAfterSeconds: cause instanceof DomainError ? cause.retryAfterSeconds : null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;

/**
 * Every procedure's outermost middleware, the one place errors are converted for tRPC: a
 * `DomainError` thrown by a handler (domain code never imports tRPC) becomes the tRPC error of
 * the same code and message, kept as `cause` for `retryAfterSeconds`; a database outage becomes
 * SERVICE_UNAVAILABLE (HTTP 503, `Msg.serviceUnavailable`) instead of a 500 (issue #10 §2).
 */
const convertErrors = t.middleware(async function convertErrors({ next }) {
  const result = await next();
  if (!result.ok && result.error.code === "INTERNAL_SERVER_ERROR") throw trpcErrorOf(result.error);
  return result;
});

/**
 * Authorizes every WebSocket operation against the session's current state (DESIGN.md §4, §5):
 * a socket is authenticated once at the handshake, but its later operations must not keep the
 * rights the caller had then (sign-out, expiry, password change, suspension, role changes).
 * HTTP requests already carry the auth of this request.
 */
const currentAuth = t.middleware(async function currentAuth({ ctx, next }) {
  if (!ctx.connection) return next();
  return next({ ctx: { ...ctx, auth: await ctx.connection.auth() } });
});

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.use(convertErrors).use(currentAuth);

/** Narrows the context to a signed-in caller. */
const requireSession = t.middleware(function requireSession({ ctx, next }) {
  if (!ctx.auth) throw new TRPCError({ code: "UNAUTHORIZED", message: Msg.signInRequired });
  return next({ ctx: { ...ctx, auth: ctx.auth, viewer: ctx.auth.viewer } });
});

/** Signed in, whatever the approval state (status screens, sign-out, language). */
export const authedProcedure = publicProcedure.use(requireSession);

/** Refuses pending and rejected applicants on the server (DESIGN.md §8.12). */
export const memberProcedure = authedProcedure.use(function requireApproved({ ctx, next }) {
  if (ctx.viewer.approvalStatus !== "approved") {
    throw new TRPCError({ code: "FORBIDDEN", message: Msg.approvalRequired });
  }
  return next();
});

/**
 * Approved member holding the `admin` role row (docs/architecture.md, Security model: Tiers) who has a second factor, or is
 * still within `ADMIN_SECOND_FACTOR_GRACE_MS` (7 days) of becoming admin (`user_roles.granted_at`;
 * docs/architecture.md "Security model", ASVS V6.3.3). Enrolling needs no admin procedure (the
 * profile's are member procedures), so an admin past the grace can always enrol.
 */
export const adminProcedure = memberProcedure.use(async function requireAdmin({ ctx, next }) {
  if (!ctx.viewer.isAdmin) throw new TRPCError({ code: "FORBIDDEN", message: Msg.adminOnly });
  const due = await adminSecondFactorDue(ctx.db, ctx.viewer.id);
  if (due?.overdue) throw new TRPCError({ code: "FORBIDDEN", message: Msg.adminSecondFactorRequired });
  return next();
});
