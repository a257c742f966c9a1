/**
 * Member requests, received requests, offers and the live badges (spec part 2 §2, §5, §7, §8;
 * DESIGN.md §5, §9; issue #4).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Tier } from "../../common/constants";
import {
  BADGE_COUNT_CAP,
  exportServicesRequestInput,
  rateInput,
  receivedListInput,
  respondInput,
  sendRequestInput,
  submitRequestInput,
} from "../../common/requests";
import { isSessionAlive, sessionExpiresAt } from "../auth/session";
import type { Db } from "../db/client";
import { profiles } from "../db/schema";
import { loadMatchProfile, requestMatches } from "../domain/matching";
import {
  averageRating,
  countReceived,
  countUnreadOffers,
  ignoreRequest,
  listOffers,
  listReceived,
  markOffersRead,
  rateResponse,
  respond,
  revealContact,
  sendExportServicesRequest,
  sendRequest,
  submitRequest,
} from "../domain/requests";
import { memberProcedure, router } from "../trpc/init";

const requestIdInput = z.object({ requestId: z.number().int().positive() });
const responseIdInput = z.object({ responseId: z.number().int().positive() });

export const memberRequestsRouter = router({
  /** /member-request */
  submit: memberProcedure
    .input(submitRequestInput)
    .mutation(({ ctx, input }) => submitRequest(ctx.db, ctx.viewer.id, input)),
  /** /member-request/send */
  send: memberProcedure.input(sendRequestInput).mutation(({ ctx, input }) => sendRequest(ctx.db, ctx.viewer.id, input)),
  /** /export-services/send-request */
  sendExportServices: memberProcedure
    .input(exportServicesRequestInput)
    .mutation(({ ctx, input }) => sendExportServicesRequest(ctx.db, ctx.viewer.id, input)),
  /** Received requests matching the viewer, newest first, cursor-paginated. */
  received: memberProcedure
    .input(receivedListInput)
    .query(({ ctx, input }) => listReceived(ctx.db, ctx.viewer.id, input)),
  /** The matching-requests badge count (capped; "99+" beyond). */
  receivedCount: memberProcedure.query(({ ctx }) => countReceived(ctx.db, ctx.viewer.id)),
  respond: memberProcedure.input(respondInput).mutation(({ ctx, input }) => respond(ctx.db, ctx.viewer.id, input)),
  ignore: memberProcedure.input(requestIdInput).mutation(async ({ ctx, input }) => {
    await ignoreRequest(ctx.db, ctx.viewer.id, input.requestId);
    return { ok: true as const };
  }),
});

export const offersRouter = router({
  /** Responses to my requests; contacts only through `reveal`. */
  list: memberProcedure.query(({ ctx }) => listOffers(ctx.db, ctx.viewer.id)),
  /** Records the reveal, so it is a mutation (GET never changes state). */
  reveal: memberProcedure
    .input(responseIdInput)
    .mutation(({ ctx, input }) => revealContact(ctx.db, ctx.viewer.id, input.responseId)),
  rate: memberProcedure.input(rateInput).mutation(async ({ ctx, input }) => {
    await rateResponse(ctx.db, ctx.viewer.id, input.responseId, input.rating);
    return { ok: true as const };
  }),
  unreadCount: memberProcedure.query(({ ctx }) => countUnreadOffers(ctx.db, ctx.viewer.id)),
  markRead: memberProcedure.mutation(async ({ ctx }) => {
    await markOffersRead(ctx.db, ctx.viewer.id);
    return { ok: true as const };
  }),
  /** The viewer's average rating as a responder (dashboard banner). */
  myRating: memberProcedure.query(({ ctx }) => averageRating(ctx.db, ctx.viewer.id)),
});

/** The member's points balance and tier, for the top bar. */
async function loadStanding(db: Db, userId: string): Promise<{ points: number; tier: Tier }> {
  const [row] = await db
    .select({ points: profiles.points, tier: profiles.tier })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ?? { points: 0, tier: "turquoise" };
}

/**
 * Whether the subscription's session is still alive, without a query per event: idle and
 * absolute expiry are computed in memory (heartbeats arrive as `session.touched` events), and
 * the database is asked only when `force`d — after an event about this member (sign-out,
 * suspension, role change).
 */
function sessionWatch(db: Db, session: { id: string; createdAt: Date; lastActiveAt: Date }) {
  const state = { createdAt: session.createdAt, lastActiveAt: session.lastActiveAt };
  return {
    touched(lastActiveAt: string) {
      const at = new Date(lastActiveAt);
      if (at > state.lastActiveAt) state.lastActiveAt = at;
    },
    async alive(force = false): Promise<boolean> {
      if (sessionExpiresAt(state).getTime() <= Date.now()) return false;
      return force ? isSessionAlive(db, session.id) : true;
    },
  };
}

export const badgesRouter = router({
  /**
   * Live member badges (DESIGN.md §5): `{ requests, offers, points, tier }` on connect and after each relevant
   * event. A new request is checked against the profile in memory, so one event costs no query
   * for members it does not reach. Ends when the session ends.
   */
  onChange: memberProcedure.subscription(async function* ({ ctx, signal }) {
    const userId = ctx.viewer.id;
    const watch = sessionWatch(ctx.db, ctx.auth.session);
    const changes = ctx.deps.events.stream(
      ["request.created", "member.changed", "offers.changed", "session.touched"],
      signal,
    );
    let profile = await loadMatchProfile(ctx.db, userId);
    let requests = await countReceived(ctx.db, userId, profile);
    let offers = await countUnreadOffers(ctx.db, userId);
    let standing = await loadStanding(ctx.db, userId);
    yield { requests, offers, ...standing };
    for await (const event of changes) {
      let changed = false;
      if (event.type === "session.touched") {
        if (event.sessionId === ctx.auth.session.id) watch.touched(event.lastActiveAt);
        continue;
      }
      if (event.type === "request.created") {
        if (requests < BADGE_COUNT_CAP && requestMatches(profile, event)) {
          requests += 1;
          changed = true;
        }
      } else if ("userIds" in event && event.userIds.includes(userId)) {
        if (!(await watch.alive(true))) return;
        if (event.type === "member.changed") {
          profile = await loadMatchProfile(ctx.db, userId);
          requests = await countReceived(ctx.db, userId, profile);
          standing = await loadStanding(ctx.db, userId);
        } else {
          offers = await countUnreadOffers(ctx.db, userId);
        }
        changed = true;
      }
      if (!changed) continue;
      if (!(await watch.alive())) return;
      yield { requests, offers, ...standing };
    }
  }),
});
