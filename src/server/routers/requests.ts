/**
 * Member requests, received requests, offers and the live badges (spec part 2 §2, §5, §7, §8;
 * DESIGN.md §5, §9; issue #4).
 */
import { z } from "zod";
import {
  exportServicesRequestInput,
  rateInput,
  receivedListInput,
  respondInput,
  sendRequestInput,
  submitRequestInput,
} from "../../common/requests";
import { subscriptionKeySchema } from "../../common/subscriptionKey";
import { directChannel } from "../badgeFrames";
import { type Badges, badgeHub } from "../badges";
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
import { matchProfileOf } from "../domain/viewer";
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
    .query(({ ctx, input }) => listReceived(ctx.db, ctx.viewer.id, input, matchProfileOf(ctx.viewer))),
  /** The matching-requests badge count (capped; "99+" beyond). */
  receivedCount: memberProcedure.query(({ ctx }) => countReceived(ctx.db, ctx.viewer.id, matchProfileOf(ctx.viewer))),
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
