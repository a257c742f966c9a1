import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/trpc/router";

/** One account row of `adminMembers.list`. */
export type Account = inferRouterOutputs<AppRouter>["adminMembers"]["list"]["items"][number];
