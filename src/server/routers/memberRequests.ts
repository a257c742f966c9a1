/**
 * Member requests: the request forms, received requests, responding and ignoring (spec part 2
 * §2, §5, §7, §8; DESIGN.md §9).
 */
import { z } from "zod";
import { receivedListInput, respondInput, sendRequestInput, submitRequestInput } from "../../common/memberRequests";
import { rowIdSchema } from "../../common/validation";
import { ignoreRequest, listReceived, respond, sendRequest, submitRequest } from "../domain/memberRequests";
import { hitPostLimit } from "../domain/posts";
import { matchProfileOf } from "../domain/viewer";
import { memberProcedure, router } from "../trpc/init";

const requestIdInput = z.object({ requestId: rowIdSchema });

export const memberRequestsRouter = router({
  /** /member-request (counts against `RATE_LIMITS.post`, like every post). */
  submit: memberProcedure.input(submitRequestInput).mutation(async ({ ctx, input }) => {
    await hitPostLimit(ctx.db, ctx.viewer.id);
    return submitRequest(ctx.db, ctx.viewer.id, input);
  }),
  /** /member-request/send (counts against `RATE_LIMITS.post`). */
  send: memberProcedure.input(sendRequestInput).mutation(async ({ ctx, input }) => {
    await hitPostLimit(ctx.db, ctx.viewer.id);
    return sendRequest(ctx.db, ctx.viewer.id, input);
  }),
  /** Received requests matching the viewer, newest first, cursor-paginated. */
  received: memberProcedure
    .input(receivedListInput)
    .query(({ ctx, input }) => listReceived(ctx.db, ctx.viewer.id, input, matchProfileOf(ctx.viewer))),
  respond: memberProcedure
    .input(respondInput)
    .mutation(({ ctx, input }) => respond(ctx.db, ctx.viewer.id, input, { origin: ctx.origin })),
  ignore: memberProcedure.input(requestIdInput).mutation(async ({ ctx, input }) => {
    await ignoreRequest(ctx.db, ctx.viewer.id, input.requestId);
    return { ok: true as const };
  }),
});
