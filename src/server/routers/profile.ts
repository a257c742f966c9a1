import { profileUpdateInput } from "../../common/profile";
import { getOwnProfile, updateOwnProfile } from "../domain/profile";
import { memberProcedure, router } from "../trpc/init";

export const profileRouter = router({
  /** The viewer's profile, files and completion percentage. */
  get: memberProcedure.query(({ ctx }) => getOwnProfile(ctx.db, ctx.viewer.id)),

  /** Update Profile: every field at once. */
  update: memberProcedure.input(profileUpdateInput).mutation(async ({ ctx, input }) => {
    await updateOwnProfile(ctx.db, ctx.viewer.id, input);
    return getOwnProfile(ctx.db, ctx.viewer.id);
  }),
});
