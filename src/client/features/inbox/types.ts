import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/trpc/router";

/** One knowledge submission of `inbox.list`. */
export type Submission = inferRouterOutputs<AppRouter>["inbox"]["list"][number];

/** The decision of a review and, on approval, the points awarded. */
export type ReviewDecision = { decision: "approved"; points: 50 | 100 | 200 } | { decision: "rejected" };
