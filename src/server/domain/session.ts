/**
 * The session's idle timer and the remembered language (spec part 1 §4 Session timeout and
 * Language; DESIGN.md §4; docs/decisions/0001). Only recorded activity extends a session.
 */
import { eq } from "drizzle-orm";
import type { Locale } from "../../common/constants";
import { logSecurityEvent } from "../auth/security-events";
import { type Session, sessionExpiresAt, touchSession } from "../auth/session";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { publish } from "../live/events";
import { recordActiveDay } from "./analytics";

/**
 * The member was active (heartbeat) or pressed Extend Session (`refreshed`, logged as
 * session_refreshed): restarts the idle timer, records the account's last activity, and lets open
 * subscriptions of this session move their in-memory timer (and counts the member's active day
 * for the admin analytics, `recordActiveDay`) — all in one transaction. Returns
 * when the session now ends.
 */
export async function recordActivity(
  db: Db,
  session: Session,
  opts: { refreshed: boolean; ip: string | null },
): Promise<{ expiresAt: Date }> {
  return db.transaction(async (tx) => {
    const touched = await touchSession(tx, session);
    await recordActiveDay(tx, session.userId, touched.lastActiveAt);
    await publish(tx, {
      type: "session.touched",
      sessionId: touched.id,
      lastActiveAt: touched.lastActiveAt.toISOString(),
    });
    if (opts.refreshed) await logSecurityEvent(tx, { type: "session_refreshed", userId: session.userId, ip: opts.ip });
    return { expiresAt: sessionExpiresAt(touched) };
  });
}

/** Remembers the interface language on the account (mail follows it). */
export async function setLocale(db: Db, userId: string, locale: Locale): Promise<{ locale: Locale }> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
  return { locale };
}
