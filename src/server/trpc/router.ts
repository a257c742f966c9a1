/**
 * The application router. The client imports only the type `AppRouter`.
 */
import { approvalRouter } from "../routers/approval";
import { authRouter } from "../routers/auth";
import {
  communityRouter,
  helpRouter,
  inboxRouter,
  knowledgeRouter,
  pointsRouter,
  qaRouter,
} from "../routers/community";
import { landingRouter } from "../routers/landing";
import { adminMembersRouter, membersRouter } from "../routers/members";
import { accountRouter, profileRouter } from "../routers/profile";
import { referenceRouter } from "../routers/reference";
import { badgesRouter, memberRequestsRouter, offersRouter } from "../routers/requests";
import { sessionRouter } from "../routers/session";
import { publicProcedure, router } from "./init";

export const appRouter = router({
  /** Liveness of the API itself; the benchmark's hello-world baseline. */
  hello: publicProcedure.query(() => "hello" as const),
  auth: authRouter,
  session: sessionRouter,
  approval: approvalRouter,
  landing: landingRouter,
  reference: referenceRouter,
  profile: profileRouter,
  account: accountRouter,
  members: membersRouter,
  adminMembers: adminMembersRouter,
  memberRequests: memberRequestsRouter,
  offers: offersRouter,
  badges: badgesRouter,
  knowledge: knowledgeRouter,
  inbox: inboxRouter,
  points: pointsRouter,
  help: helpRouter,
  community: communityRouter,
  qa: qaRouter,
});

export type AppRouter = typeof appRouter;
