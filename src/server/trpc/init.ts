/**
 * tRPC initialisation: the procedure tiers (DESIGN.md §3, §4). Every procedure is built from
 * exactly one of `publicProcedure`, `authedProcedure` (signed in, any approval state),
 * `memberProcedure` (approved) or `adminProcedure` (member with the admin role). Every tier
 * starts with `convertDomainErrors`, the one place a `DomainError` becomes a `TRPCError`.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError, z } from "zod";
import { Msg } from "../../common/messages";
import { DomainError } from "../domain/errors";
import type { Context } from "./context";

const t = initTRPC.context<Context>().create({
  // Never send stack traces to clients.
  isDev: false,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const zodError = cause instanceof ZodError ? z.flattenError(cause) : null;
    const internal = error.code === "INTERNAL_SERVER_ERROR";
    return {
      ...shape,
      // A validation error reads as its first issue (a spec text), not as the issue list.
      message: internal
        ? Msg.unexpected
        : zodError
          ? ((cause as ZodError).issues[0]?.message ?? shape.message)
          : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
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
 * Turns a `DomainError` thrown by a handler (domain code never imports tRPC) into the tRPC
 * error of the same code and message; the error keeps it as `cause` for `retryAfterSeconds`.
 */
const convertDomainErrors = t.middleware(async function convertDomainErrors({ next }) {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: cause.code, message: cause.message, cause });
  }
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
export const publicProcedure = t.procedure.use(convertDomainErrors).use(currentAuth);

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

/** Approved member holding the `admin` role row (DESIGN.md §4). */
export const adminProcedure = memberProcedure.use(function requireAdmin({ ctx, next }) {
  if (!ctx.viewer.isAdmin) throw new TRPCError({ code: "FORBIDDEN", message: Msg.adminOnly });
  return next();
});
