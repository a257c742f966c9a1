/**
 * Posts: requests and offers of every service area (issue #14; ADR 16). Membership requests keep
 * their own key, `memberRequests`, over the same engine.
 */
import {
  ignorePostInput,
  myPostsInput,
  postIdInput,
  postInput,
  receivedPostsInput,
  respondPostInput,
} from "../../common/posts";
import {
  assertMayPost,
  closePost,
  hitPostLimit,
  ignorePost,
  listMyPosts,
  listReceivedPosts,
  respondToPost,
  submitPost,
} from "../domain/posts";
import { matchProfileOf } from "../domain/viewer";
import { memberProcedure, router } from "../trpc/init";

export const postsRouter = router({
  /**
   * Writes a post of any service-area form (`form` names its board). At most `RATE_LIMITS.post`
   * (20 a day) per member.
   * @throws TOO_MANY_REQUESTS `postLimitReached`; FORBIDDEN for recruitment by the other user type.
   */
  create: memberProcedure.input(postInput).mutation(async ({ ctx, input }) => {
    assertMayPost(ctx.viewer, input);
    await hitPostLimit(ctx.db, ctx.viewer.id);
    return submitPost(ctx.db, ctx.viewer, input);
  }),
  /** One board's posts routed to me, newest first (information: experts first), cursor-paginated. */
  received: memberProcedure
    .input(receivedPostsInput)
    .query(({ ctx, input }) => listReceivedPosts(ctx.db, matchProfileOf(ctx.viewer), input)),
  /** Answers a post routed to me with a message and contacts; notifies its author. */
  respond: memberProcedure
    .input(respondPostInput)
    .mutation(({ ctx, input }) => respondToPost(ctx.db, ctx.viewer.id, input, input.board, { origin: ctx.origin })),
  /** Removes a post routed to me from my received list only. */
  ignore: memberProcedure.input(ignorePostInput).mutation(async ({ ctx, input }) => {
    await ignorePost(ctx.db, ctx.viewer.id, input.postId, input.board);
    return { ok: true as const };
  }),
  /** My posts with their responses count and state. */
  mine: memberProcedure.input(myPostsInput).query(({ ctx, input }) => listMyPosts(ctx.db, ctx.viewer.id, input)),
  /** Closes one of my posts: it leaves everyone's received lists. */
  close: memberProcedure.input(postIdInput).mutation(async ({ ctx, input }) => {
    await closePost(ctx.db, ctx.viewer.id, input.postId);
    return { ok: true as const };
  }),
});
