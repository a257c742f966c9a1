/**
 * The one place the app asks which second factors an account has (docs/architecture.md
 * "Security model"; ASVS V6.3.3). An authenticator app counts once confirmed. Passkeys are
 * counted but are not a second step after a password: a passkey signs in on its own, with user
 * verification (two factors in one, "Passkeys"), so the password's second step, and the admins'
 * rule, ask for the authenticator app.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { ADMIN_SECOND_FACTOR_GRACE_MS } from "../../common/secondFactor";
import type { DbOrTx } from "../db/client";
import { totpCredentials, userRoles } from "../db/schema";
import { countPasskeys } from "./passkeys";

/** The member's second factors: a confirmed authenticator app, and the number of passkeys. */
export async function secondFactorsOf(db: DbOrTx, userId: string): Promise<{ totp: boolean; passkeys: number }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)));
  return { totp: (row?.n ?? 0) > 0, passkeys: await countPasskeys(db, userId) };
}

/**
 * Whether a password sign-in of the member needs the second step: a confirmed authenticator app
 * (its codes and recovery codes are the step's methods; see the module comment on passkeys).
 */
export async function hasSecondFactor(db: DbOrTx, userId: string): Promise<boolean> {
  return (await secondFactorsOf(db, userId)).totp;
}

/**
 * An admin's standing with the second-factor rule: `null` when they have a factor (or are not
 * admin); otherwise when their grace ends (`ADMIN_SECOND_FACTOR_GRACE_MS` after `granted_at`)
 * and whether it has ended at `now`.
 */
export async function adminSecondFactorDue(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<{ graceEndsAt: Date; overdue: boolean } | null> {
  const [role] = await db
    .select({ grantedAt: userRoles.grantedAt })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
  if (!role || (await hasSecondFactor(db, userId))) return null;
  const graceEndsAt = new Date(role.grantedAt.getTime() + ADMIN_SECOND_FACTOR_GRACE_MS);
  return { graceEndsAt, overdue: graceEndsAt.getTime() <= now.getTime() };
}
