/**
 * The signed-in user as every procedure sees it: session, account, profile standing, match
 * profile and roles, loaded in ONE prepared query per request (DESIGN.md §4).
 */
import { eq, sql } from "drizzle-orm";
import type { Activity, ApprovalStatus, Locale, Tier, UserType } from "../../common/constants";
import type { ActivitySelections } from "../../common/profile";
import type { Db } from "../db/client";
import { perDatabase } from "../db/prepared";
import { profiles, sessions, userRoles, users } from "../db/schema";
import { type MatchProfile, matchProfileFrom } from "./matching";

export interface Viewer {
  id: string;
  email: string;
  locale: Locale | null;
  name: string;
  activities: Activity[];
  approvalStatus: ApprovalStatus;
  tier: Tier;
  points: number;
  /** Profile target countries (ISO alpha-2) and industrial sectors, for matching. */
  targetCountries: string[];
  industrialSectors: string[];
  /** What `memberTags` reads (ADR 16): user type, expertise areas, field of activity. */
  userType: UserType;
  expertiseAreas: string[];
  activitySelections: ActivitySelections | null;
  isAdmin: boolean;
  suspended: boolean;
}

function prepareSessionViewer(db: Db) {
  return db
    .select({
      session: {
        id: sessions.id,
        userId: sessions.userId,
        secretHash: sessions.secretHash,
        createdAt: sessions.createdAt,
        lastActiveAt: sessions.lastActiveAt,
      },
      id: users.id,
      email: users.email,
      locale: users.locale,
      suspendedAt: users.suspendedAt,
      name: profiles.name,
      activities: profiles.activities,
      approvalStatus: profiles.approvalStatus,
      tier: profiles.tier,
      points: profiles.points,
      targetCountries: profiles.targetCountries,
      industrialSectors: profiles.industrialSectors,
      userType: profiles.userType,
      expertiseAreas: profiles.expertiseAreas,
      activitySelections: profiles.activitySelections,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .limit(1)
    .prepare("session_viewer");
}

const sessionViewer = perDatabase(prepareSessionViewer);

/**
 * The session row `sessionId` with its viewer (`null` when the account has no profile), or
 * `null` when there is no such session. Checks neither the secret nor the expiry: see
 * `authenticate`.
 */
export async function loadSessionViewer(db: Db, sessionId: string) {
  const [row] = await sessionViewer(db).execute({ sessionId });
  if (!row) return null;
  const { session, suspendedAt, name, activities, approvalStatus, tier, points, userType, ...rest } = row;
  const viewer: Viewer | null =
    name === null ||
    activities === null ||
    approvalStatus === null ||
    tier === null ||
    points === null ||
    userType === null
      ? null
      : {
          ...rest,
          name,
          activities: activities as Activity[],
          approvalStatus,
          tier,
          points,
          targetCountries: rest.targetCountries ?? [],
          industrialSectors: rest.industrialSectors ?? [],
          userType,
          expertiseAreas: rest.expertiseAreas ?? [],
          activitySelections: (rest.activitySelections as ActivitySelections | null) ?? null,
          isAdmin: Boolean(rest.isAdmin),
          suspended: suspendedAt !== null,
        };
  return { session, viewer };
}

/** The viewer's match profile (DESIGN.md §9; ADR 16), without a query. */
export function matchProfileOf(viewer: Viewer): MatchProfile {
  return matchProfileFrom(viewer.id, viewer);
}
