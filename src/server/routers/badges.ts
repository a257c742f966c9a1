/**
 * Live badges (DESIGN.md §5): every count the top bar and the dashboard show — matching requests,
 * unread offers, points and tier for every member; pending applicants and knowledge submissions
 * for admins — through one query and one subscription per member.
 */

import { matchProfileOf } from "../domain/viewer";
import { badgeHub, loadBadges } from "../live/badges";
import { memberProcedure, router } from "../trpc/init";

export const badgesRouter = router({
  /** The badges now (first paint, before the subscription's first value). */
  get: memberProcedure.query(({ ctx }) => loadBadges(ctx.db, { ...ctx.viewer, profile: matchProfileOf(ctx.viewer) })),
  /**
   * The badges on connect and after each event that concerns the member; ends when the session
   * ends or the member loses member rights (live/badges.ts).
   */
  onChange: memberProcedure.subscription(({ ctx, signal }) =>
    badgeHub(ctx.db, ctx.deps.events).subscribe(ctx.auth.session, signal),
  ),
});
