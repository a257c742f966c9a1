/**
 * Member requests: the request forms, received requests, responding and ignoring (spec part 2
 * §2, §5, §7, §8; DESIGN.md §9).
 */
import { z } from "zod";
import {
  exportServicesRequestInput,
  receivedListInput,
  respondInput,
  sendRequestInput,
  submitRequestInput,
} from "../../common/memberRequests";
import { rowIdSchema } from "../../common/validation";
import {
  ignoreRequest,
  listReceived,
  respond,
  sendExportServicesRequest,
  sendRequest,
  submitRequest,
} from "../domain/memberRequests";
import { matchProfileOf } from "../domain/viewer";
import { memberProcedure, router } from "../trpc/init";

const requestIdInput = z.object({ requestId: rowIdSchema });

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
  respond: memberProcedure.input(respondInput).mutation(({ ctx, input }) => respond(ctx.db, ctx.viewer.id, input)),
  ignore: memberProcedure.input(requestIdInput).mutation(async ({ ctx, input }) => {
    await ignoreRequest(ctx.db, ctx.viewer.id, input.requestId);
    return { ok: true as const };
  }),
});
