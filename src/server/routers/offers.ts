import { offersListInput, rateInput, responseIdInput } from "../../common/offers";
import { averageRating, listOffers, markOffersRead, rateResponse, revealContact } from "../domain/offers";
import { memberProcedure, router } from "../trpc/init";

export const offersRouter = router({
  /** Responses to my posts (all areas, or `area`); contacts only through `reveal`. */
  list: memberProcedure.input(offersListInput).query(({ ctx, input }) => listOffers(ctx.db, ctx.viewer.id, input.area)),
  /** Records the reveal, so it is a mutation (GET never changes state). */
  reveal: memberProcedure
    .input(responseIdInput)
    .mutation(({ ctx, input }) => revealContact(ctx.db, ctx.viewer.id, input.responseId)),
  rate: memberProcedure.input(rateInput).mutation(async ({ ctx, input }) => {
    await rateResponse(ctx.db, ctx.viewer.id, input.responseId, input.rating, { origin: ctx.origin });
    return { ok: true as const };
  }),
  markRead: memberProcedure.mutation(async ({ ctx }) => {
    await markOffersRead(ctx.db, ctx.viewer.id);
    return { ok: true as const };
  }),
  /** The viewer's average rating as a responder (dashboard banner). */
  myRating: memberProcedure.query(({ ctx }) => averageRating(ctx.db, ctx.viewer.id)),
});
