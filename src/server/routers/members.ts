/**
 * The member directory.
 */
import { directoryInput, memberPageInput } from "../../common/members";
import { getMemberPage, listDirectory } from "../domain/members";
import { memberProcedure, router } from "../trpc/init";

export const membersRouter = router({
  /** Approved members by name with combinable filters; no contact fields. */
  list: memberProcedure.input(directoryInput).query(({ ctx, input }) => listDirectory(ctx.db, input)),
  /** A member's page with their published knowledge; no contact fields (issue #13 §2). */
  get: memberProcedure
    .input(memberPageInput)
    .query(({ ctx, input }) => getMemberPage(ctx.db, ctx.viewer.id, input.userId)),
});
