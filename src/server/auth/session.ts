/**
 * Server-side sessions following the Lucia guide (DESIGN.md §4): the token is
 * `<id>.<secret>`, each part 24 base32 characters from a CSPRNG (120 bits); only the SHA-256 of
 * the secret is stored and it is compared in constant time. Sessions end 30 minutes after the
 * last activity (spec part 1 §4) and 12 hours after they began, whichever comes first.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, lt, ne, or } from "drizzle-orm";
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS } from "../../common/constants";
import type { Db, DbOrTx } from "../db/client";
import { sessions } from "../db/schema";
import { publish } from "../live/events";

export interface Session {
  id: string;
  userId: string;
  createdAt: Date;
  lastActiveAt: Date;
}

/** When the session ends if nothing happens: min(idle end, absolute end). */
export function sessionExpiresAt(s: Pick<Session, "createdAt" | "lastActiveAt">): Date {
  return new Date(
    Math.min(s.lastActiveAt.getTime() + SESSION_IDLE_TIMEOUT_MS, s.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
  );
}

function randomPart(): string {
  const bytes = new Uint8Array(15); // 120 bits
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));
}

/** Creates a session for `userId`; returns the token for the cookie and the stored row. */
export async function createSession(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<{ token: string; session: Session }> {
  const id = randomPart();
  const secret = randomPart();
  const session: Session = { id, userId, createdAt: now, lastActiveAt: now };
  await db.insert(sessions).values({ id, userId, secretHash: hashSecret(secret), createdAt: now, lastActiveAt: now });
  return { token: `${id}.${secret}`, session };
}

/**
 * Exactly what `createSession` issues: two parts of 24 lowercase base32 characters
 * (`a`–`z`, `2`–`7`; 15 random bytes each) joined by a dot.
 */
const SESSION_TOKEN = /^([a-z2-7]{24})\.([a-z2-7]{24})$/;

/**
 * The two parts of a well-formed token `<id>.<secret>`, or null for anything else — NUL bytes,
 * other characters, other lengths, a missing or extra part — so a forged or garbled cookie
 * counts as no session and never reaches SQL (issue #10 §3).
 */
export function parseSessionToken(token: string): { id: string; secret: string } | null {
  const match = SESSION_TOKEN.exec(token);
  if (!match?.[1] || !match[2]) return null;
  return { id: match[1], secret: match[2] };
}

/** Whether `secret` hashes to the stored `secretHash`, compared in constant time. */
export function sessionSecretMatches(secret: string, secretHash: string): boolean {
  const a = new TextEncoder().encode(hashSecret(secret));
  const b = new TextEncoder().encode(secretHash);
  return a.length === b.length && constantTimeEqual(a, b);
}

/** Records activity now (the idle timer restarts); returns the updated session. */
export async function touchSession(db: DbOrTx, session: Session, now = new Date()): Promise<Session> {
  await db.update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, session.id));
  return { ...session, lastActiveAt: now };
}

/**
 * Ends one session. Publishes `member.changed` for its member, so every process closes the
 * session's WebSockets and ends its subscriptions (DESIGN.md §4, §5).
 */
export async function invalidateSession(db: DbOrTx, sessionId: string): Promise<void> {
  const [gone] = await db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ userId: sessions.userId });
  if (gone) await publish(db, { type: "member.changed", userIds: [gone.userId] });
}

/**
 * Ends every session of `userId`, except `keepSessionId` when given, and publishes
 * `member.changed` for the member (see `invalidateSession`).
 */
export async function invalidateUserSessions(db: DbOrTx, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
  await publish(db, { type: "member.changed", userIds: [userId] });
}

/** Deletes sessions past their idle or absolute end (housekeeping). */
export async function pruneExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.lastActiveAt, new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS)),
        lt(sessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS)),
      ),
    );
}

/** Cookie name: `__Host-` prefixed (and Secure) in production. */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-session" : "session";
}
