/**
 * Turns a session token into the request's auth (session + viewer), once per request.
 */

import type { Db } from "../db/client";
import { loadViewer } from "../domain/viewer";
import type { RequestAuth } from "../trpc/context";
import { logSecurityEvent } from "./security-events";
import { validateSessionToken } from "./session";

/**
 * Validates `token` and loads its viewer. Returns `auth: null` for no, invalid or expired
 * tokens and for suspended accounts; `clearCookie` says whether the cookie should go.
 * An expired session is deleted and logged as session_timeout.
 */
export async function authenticate(
  db: Db,
  token: string | undefined,
  ip: string | null,
): Promise<{ auth: RequestAuth | null; clearCookie: boolean }> {
  if (!token) return { auth: null, clearCookie: false };
  const result = await validateSessionToken(db, token);
  if (result.status === "invalid") return { auth: null, clearCookie: true };
  if (result.status === "expired") {
    await logSecurityEvent(db, {
      type: "session_timeout",
      userId: result.session.userId,
      ip,
      details: { detectedBy: "server" },
    });
    return { auth: null, clearCookie: true };
  }
  const viewer = await loadViewer(db, result.session.userId);
  if (!viewer || viewer.suspended) return { auth: null, clearCookie: true };
  return { auth: { session: result.session, viewer }, clearCookie: false };
}
