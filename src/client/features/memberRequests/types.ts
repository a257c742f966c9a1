import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/trpc/router";

type Outputs = inferRouterOutputs<AppRouter>;

/** One card of `memberRequests.received`. */
export type ReceivedRequest = Outputs["memberRequests"]["received"]["items"][number];
