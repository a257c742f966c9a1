/**
 * Turns a session token into the request's auth (session + viewer), once per request, in one
 * prepared query (DESIGN.md §4).
 */

import type { Db } from "../db/client";
import { loadSessionViewer } from "../domain/viewer";
import type { RequestAuth } from "../trpc/context";
import { logSecurityEvent } from "./security-events";
import { invalidateSession, parseSessionToken, type Session, sessionExpiresAt, sessionSecretMatches } from "./session";

/**
 * Validates `token` and loads its viewer. Returns `auth: null` for no, malformed, unknown,
 * forged or expired tokens and for suspended accounts; `clearCookie` says whether the cookie
 * should go. An expired session is deleted and logged as session_timeout.
 */
export async function authenticate(
  db: Db,
  token: string | undefined,
  ip: string | null,
  now = new Date(),
): Promise<{ auth: RequestAuth | null; clearCookie: boolean }> {
  if (!token) return { auth: null, clearCookie: false };
  const parts = parseSessionToken(token);
  if (!parts) return { auth: null, clearCookie: true };
  const found = await loadSessionViewer(db, parts.id);
  if (!found || !sessionSecretMatches(parts.secret, found.session.secretHash)) return { auth: null, clearCookie: true };
  const { secretHash: _, ...session } = found.session;
  if (sessionExpiresAt(session).getTime() <= now.getTime()) {
    await invalidateSession(db, session.id);
    await logSecurityEvent(db, {
      type: "session_timeout",
      userId: session.userId,
      ip,
      details: { detectedBy: "server" },
    });
    return { auth: null, clearCookie: true };
  }
  const { viewer } = found;
  if (!viewer || viewer.suspended) return { auth: null, clearCookie: true };
  return { auth: { session: session satisfies Session, viewer }, clearCookie: false };
}
