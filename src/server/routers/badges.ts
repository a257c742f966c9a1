/**
 * Live badges (DESIGN.md §5).
 */
import { z } from "zod";
import { subscriptionKeySchema } from "../../common/subscriptionKey";
import { directChannel } from "../live/badgeFrames";
import type { Badges } from "../live/badges";
import { badgeHub } from "../live/badges";
import { memberProcedure, router } from "../trpc/init";

export const badgesRouter = router({
  /**
   * Live member badges (DESIGN.md §5): `{ requests, offers, points, tier }` on connect and after each relevant
   * event. A new request is checked against the profile in memory, so one event costs no query
   * for members it does not reach. Ends when the session ends. Input: `{ key }`, a random key the
   * client picks per subscription so that the hub can write fan-out updates to its socket directly
   * (`badgeFrames.ts`, ADR 0009); without one every value goes through tRPC.
   */
  onChange: memberProcedure
    .input(z.object({ key: subscriptionKeySchema.optional() }).optional())
    .subscription(({ ctx, input, signal }) =>
      badgeHub(ctx.db, ctx.deps.events).subscribe(
        ctx.auth.session,
        signal,
        directChannel<Badges>(ctx.socket, input?.key),
      ),
    ),
});
