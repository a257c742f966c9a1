/**
 * The application router: one router per key, each in `routers/<key>.ts` (DESIGN.md §2). The
 * client imports only the type `AppRouter`.
 */
import { accountRouter } from "../routers/account";
import { adminMembersRouter } from "../routers/adminMembers";
import { analyticsRouter } from "../routers/analytics";
import { approvalRouter } from "../routers/approval";
import { assessmentsRouter } from "../routers/assessments";
import { auditRouter } from "../routers/audit";
import { authRouter } from "../routers/auth";
import { badgesRouter } from "../routers/badges";
import { contactRouter } from "../routers/contact";
import { contentRouter } from "../routers/content";
import { dashboardRouter } from "../routers/dashboard";
import { helpRouter } from "../routers/help";
import { inboxRouter } from "../routers/inbox";
import { knowledgeRouter } from "../routers/knowledge";
import { landingRouter } from "../routers/landing";
import { leaderboardRouter } from "../routers/leaderboard";
import { libraryRouter } from "../routers/library";
import { memberRequestsRouter } from "../routers/memberRequests";
import { membersRouter } from "../routers/members";
import { myDataRouter } from "../routers/myData";
import { notificationsRouter } from "../routers/notifications";
import { offersRouter } from "../routers/offers";
import { passkeysRouter } from "../routers/passkeys";
import { passwordResetRouter } from "../routers/passwordReset";
import { pointsRouter } from "../routers/points";
import { postsRouter } from "../routers/posts";
import { profileRouter } from "../routers/profile";
import { qaRouter } from "../routers/qa";
import { referenceRouter } from "../routers/reference";
import { secondFactorRouter } from "../routers/secondFactor";
import { servicesRouter } from "../routers/services";
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
  secondFactor: secondFactorRouter,
  passwordReset: passwordResetRouter,
  passkeys: passkeysRouter,
  members: membersRouter,
  adminMembers: adminMembersRouter,
  myData: myDataRouter,
  memberRequests: memberRequestsRouter,
  offers: offersRouter,
  posts: postsRouter,
  badges: badgesRouter,
  knowledge: knowledgeRouter,
  inbox: inboxRouter,
  library: libraryRouter,
  points: pointsRouter,
  help: helpRouter,
  leaderboard: leaderboardRouter,
  dashboard: dashboardRouter,
  qa: qaRouter,
  services: servicesRouter,
  contact: contactRouter,
  assessments: assessmentsRouter,
  analytics: analyticsRouter,
  content: contentRouter,
  notifications: notificationsRouter,
  audit: auditRouter,
});

export type AppRouter = typeof appRouter;
