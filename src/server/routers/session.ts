/**
 * The current session and its idle timer (spec part 1 §4 Session timeout; DESIGN.md §4).
 * Only `heartbeat` and `refresh` extend a session; reading it does not, so background requests
 * never keep an idle session alive.
 */
import { eq } from "drizzle-orm";
import { setLocaleInput } from "../../common/session";
import { logSecurityEvent } from "../auth/security-events";
import { type Session, sessionExpiresAt, touchSession } from "../auth/session";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { publish } from "../live/events";
import { authedProcedure, publicProcedure, router } from "../trpc/init";

/** Lets open subscriptions of this session move their in-memory idle timer (DESIGN.md §5). */
function publishTouch(db: Db, session: Session) {
  return publish(db, {
    type: "session.touched",
    sessionId: session.id,
    lastActiveAt: session.lastActiveAt.toISOString(),
  });
}

export const sessionRouter = router({
  /** The signed-in viewer and when the session ends; `null` when signed out. */
  get: publicProcedure.query(({ ctx }) => {
    if (!ctx.auth) return null;
    const { viewer, session } = ctx.auth;
    return {
      viewer: {
        id: viewer.id,
        email: viewer.email,
        name: viewer.name,
        locale: viewer.locale,
        activities: viewer.activities,
        approvalStatus: viewer.approvalStatus,
        tier: viewer.tier,
        points: viewer.points,
        isAdmin: viewer.isAdmin,
      },
      expiresAt: sessionExpiresAt(session),
    };
  }),

  /** The user was active: restart the idle timer. Returns the new end. */
  heartbeat: authedProcedure.mutation(async ({ ctx }) => {
    const session = await touchSession(ctx.db, ctx.auth.session);
    await ctx.db.update(users).set({ lastActiveAt: session.lastActiveAt }).where(eq(users.id, ctx.viewer.id));
    await publishTouch(ctx.db, session);
    return { expiresAt: sessionExpiresAt(session) };
  }),

  /** Extend Session in the warning modal: like a heartbeat, and logs session_refreshed. */
  refresh: authedProcedure.mutation(async ({ ctx }) => {
    const session = await touchSession(ctx.db, ctx.auth.session);
    await publishTouch(ctx.db, session);
    await logSecurityEvent(ctx.db, { type: "session_refreshed", userId: ctx.viewer.id, ip: ctx.ip });
    return { expiresAt: sessionExpiresAt(session) };
  }),

  /** Remembers the interface language on the account (spec part 1 §4 Language). */
  setLocale: authedProcedure.input(setLocaleInput).mutation(async ({ ctx, input }) => {
    await ctx.db.update(users).set({ locale: input.locale }).where(eq(users.id, ctx.viewer.id));
    return { locale: input.locale };
  }),
});
