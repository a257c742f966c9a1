/**
 * The signed-in user as every procedure sees it: account, profile standing and roles,
 * loaded in one query per request.
 */
import { eq, sql } from "drizzle-orm";
import type { Activity, ApprovalStatus, Locale, Tier } from "../../common/constants";
import type { DbOrTx } from "../db/client";
import { profiles, userRoles, users } from "../db/schema";

export interface Viewer {
  id: string;
  email: string;
  locale: Locale | null;
  name: string;
  activities: Activity[];
  approvalStatus: ApprovalStatus;
  tier: Tier;
  points: number;
  isAdmin: boolean;
  suspended: boolean;
}

/** Loads the viewer for `userId`; `null` when the account or its profile does not exist. */
export async function loadViewer(db: DbOrTx, userId: string): Promise<Viewer | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      locale: users.locale,
      suspendedAt: users.suspendedAt,
      name: profiles.name,
      activities: profiles.activities,
      approvalStatus: profiles.approvalStatus,
      tier: profiles.tier,
      points: profiles.points,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { suspendedAt, ...rest } = row;
  return { ...rest, isAdmin: Boolean(rest.isAdmin), suspended: suspendedAt !== null };
}
