/**
 * tRPC initialisation: the procedure tiers (DESIGN.md §3, §4). Every procedure is built from
 * exactly one of `publicProcedure`, `authedProcedure` (signed in, any approval state),
 * `memberProcedure` (approved) or `adminProcedure` (member with the admin role).
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError, z } from "zod";
import { Msg } from "../../common/messages";
import { isDatabaseUnavailable } from "../db/errors";
import { trpcErrorOf } from "../errors";
import type { Context } from "./context";

/** Attached as `cause` to a TOO_MANY_REQUESTS error to tell the client how long to wait. */
export class RetryAfter extends Error {
  constructor(readonly seconds: number) {
    super(`retry after ${seconds}s`);
  }
}

const t = initTRPC.context<Context>().create({
  // Never send stack traces to clients.
  isDev: false,
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
        retryAfterSeconds: cause instanceof RetryAfter ? cause.seconds : null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;

/**
 * Every procedure's outermost middleware: a database outage inside the procedure becomes
 * SERVICE_UNAVAILABLE (HTTP 503, `Msg.serviceUnavailable`) instead of a 500 (issue #10 §2).
 */
const mapDatabaseOutage = t.middleware(async function mapDatabaseOutage({ next }) {
  const result = await next();
  if (!result.ok && result.error.code === "INTERNAL_SERVER_ERROR" && isDatabaseUnavailable(result.error)) {
    throw trpcErrorOf(result.error);
  }
  return result;
});

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.use(mapDatabaseOutage);

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
