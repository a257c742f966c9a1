/** Client types of service-area posts, read from the server's router (issue #14). */
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/trpc/router";

type Outputs = inferRouterOutputs<AppRouter>;

/** One card of `posts.received`. */
export type ReceivedPost = Outputs["posts"]["received"]["items"][number];
/** One row of `posts.mine`: a received card's fields plus status and responses count. */
export type MyPost = Outputs["posts"]["mine"]["items"][number];
/** The fields every post list shows (received cards and My posts). */
export type ShownPost = ReceivedPost | MyPost;
