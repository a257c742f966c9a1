/**
 * Demo admin for the embedded database (issue #2 §6): on the first start with no admin, an
 * approved admin account is created with a random password, which the caller prints once.
 */
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { sql } from "drizzle-orm";
import { hashPassword } from "../../auth/password";
import type { Db } from "../client";
import { profiles, userRoles, users } from "../schema";

export const DEMO_ADMIN_EMAIL = "admin@export-club.local";

/** Creates the demo admin when no admin exists; returns its sign-in, or null when nothing was done. */
export async function ensureDemoAdmin(db: Db): Promise<{ email: string; password: string } | null> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(userRoles);
  if ((existing?.n ?? 0) > 0) return null;
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  // Satisfies the sign-up policy: starts with a letter; upper, lower, digit and special.
  const password = `Ad${encodeBase32LowerCaseNoPadding(bytes)}7!`;
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: DEMO_ADMIN_EMAIL, passwordHash })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) return false;
    await tx.insert(profiles).values({
      userId: user.id,
      name: "Demo Admin",
      activities: ["export_expert"],
      userType: "individual",
      approvalStatus: "approved",
      reviewedAt: new Date(),
    });
    await tx.insert(userRoles).values({ userId: user.id, role: "admin" });
    return true;
  });
  return created ? { email: DEMO_ADMIN_EMAIL, password } : null;
}
