/**
 * Consultancy and training services (issue #15 §1; spec part 2 §3 `consultation_services`, §7
 * call 2): providers publish, edit, pause and resume their own; admins review them; members
 * search the approved ones (the consultation request dialog).
 */
import {
  serviceFields,
  serviceFilterInput,
  serviceIdInput,
  serviceReviewInput,
  serviceReviewListInput,
  serviceUpdateInput,
} from "../../common/services";
import { adminActorOf } from "../auth/security-events";
import {
  createService,
  getMyService,
  listMyServices,
  listServicesForReview,
  reviewService,
  searchServices,
  serviceCounts,
  setServicePaused,
  updateService,
} from "../domain/services";
import { adminProcedure, memberProcedure, router } from "../trpc/init";

export const servicesRouter = router({
  /** Publishes a service for review; only Export Experts, Export Service Providers and field C. */
  create: memberProcedure
    .input(serviceFields)
    .mutation(({ ctx, input }) => createService(ctx.db, ctx.viewer.id, input)),
  /** Edits a service of mine; it is pending again. */
  update: memberProcedure.input(serviceUpdateInput).mutation(async ({ ctx, input }) => {
    await updateService(ctx.db, ctx.viewer.id, input.id, input.service);
    return { ok: true as const };
  }),
  /** My services, newest first, with their review. */
  mine: memberProcedure.query(({ ctx }) => listMyServices(ctx.db, ctx.viewer.id)),
  /** One service of mine (the edit form). */
  get: memberProcedure.input(serviceIdInput).query(({ ctx, input }) => getMyService(ctx.db, ctx.viewer.id, input.id)),
  /** Hides an approved service of mine from searches. */
  pause: memberProcedure.input(serviceIdInput).mutation(async ({ ctx, input }) => {
    await setServicePaused(ctx.db, ctx.viewer.id, input.id, true);
    return { ok: true as const };
  }),
  /** Lists a paused service of mine again. */
  resume: memberProcedure.input(serviceIdInput).mutation(async ({ ctx, input }) => {
    await setServicePaused(ctx.db, ctx.viewer.id, input.id, false);
    return { ok: true as const };
  }),
  /** Approved, listed services matching the consultation dialog's fields (spec part 2 §7 call 2). */
  search: memberProcedure
    .input(serviceFilterInput)
    .query(({ ctx, input }) => searchServices(ctx.db, input, ctx.viewer.id)),
  /** Admins: the services of one status and the counts per status. */
  reviewList: adminProcedure.input(serviceReviewListInput).query(async ({ ctx, input }) => {
    const [items, counts] = await Promise.all([listServicesForReview(ctx.db, input.status), serviceCounts(ctx.db)]);
    return { items, counts };
  }),
  /** Admins: approve, or reject with a note; the provider is e-mailed. */
  review: adminProcedure.input(serviceReviewInput).mutation(async ({ ctx, input }) => {
    await reviewService(ctx.db, adminActorOf(ctx), input, { myServicesUrl: `${ctx.origin}/services/mine` });
    return { ok: true as const };
  }),
});
