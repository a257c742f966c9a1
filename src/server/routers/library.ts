/**
 * The knowledge library (issue #13 §1): members read, search and like published knowledge;
 * admins unpublish.
 */
import { libraryItemInput, libraryListInput, unpublishInput } from "../../common/library";
import { adminActorOf } from "../auth/security-events";
import { getLibraryItem, likeItem, listLibrary, unlikeItem, unpublishItem } from "../domain/library";
import { adminProcedure, memberProcedure, router } from "../trpc/init";

export const libraryRouter = router({
  /** One page of published items: filters, full-text search, newest or most liked first. */
  list: memberProcedure.input(libraryListInput).query(({ ctx, input }) => listLibrary(ctx.db, ctx.viewer.id, input)),
  /** One published item with its content and attachment. */
  get: memberProcedure
    .input(libraryItemInput)
    .query(({ ctx, input }) => getLibraryItem(ctx.db, ctx.viewer.id, input.id)),
  /** Like another member's item (once); credits its author. */
  like: memberProcedure.input(libraryItemInput).mutation(({ ctx, input }) => likeItem(ctx.db, ctx.viewer.id, input.id)),
  /** Withdraw the viewer's like; reverses the author's points. */
  unlike: memberProcedure
    .input(libraryItemInput)
    .mutation(({ ctx, input }) => unlikeItem(ctx.db, ctx.viewer.id, input.id)),
  /** Admins take an item out of the library with a note for its author. */
  unpublish: adminProcedure
    .input(unpublishInput)
    .mutation(({ ctx, input }) => unpublishItem(ctx.db, adminActorOf(ctx), input)),
});
