/**
 * The member directory.
 */
import { directoryInput } from "../../common/members";
import { listDirectory } from "../domain/members";
import { memberProcedure, router } from "../trpc/init";

export const membersRouter = router({
  /** Approved members by name with combinable filters; no contact fields. */
  list: memberProcedure.input(directoryInput).query(({ ctx, input }) => listDirectory(ctx.db, input)),
});
