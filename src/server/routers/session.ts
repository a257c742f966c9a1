/**
 * The current session and its idle timer (spec part 1 §4 Session timeout; DESIGN.md §4).
 * Only `heartbeat` and `refresh` extend a session; reading it does not, so background requests
 * never keep an idle session alive.
 */
import { setLocaleInput } from "../../common/session";
import { sessionExpiresAt } from "../auth/session";
import { recordActivity, setLocale } from "../domain/session";
import { authedProcedure, publicProcedure, router } from "../trpc/init";

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
  heartbeat: authedProcedure.mutation(({ ctx }) =>
    recordActivity(ctx.db, ctx.auth.session, { refreshed: false, ip: ctx.ip }),
  ),

  /** Extend Session in the warning modal: like a heartbeat, and logs session_refreshed. */
  refresh: authedProcedure.mutation(({ ctx }) =>
    recordActivity(ctx.db, ctx.auth.session, { refreshed: true, ip: ctx.ip }),
  ),

  /** Remembers the interface language on the account (spec part 1 §4 Language). */
  setLocale: authedProcedure
    .input(setLocaleInput)
    .mutation(({ ctx, input }) => setLocale(ctx.db, ctx.viewer.id, input.locale)),
});
