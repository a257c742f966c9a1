/**
 * Subscription keys (ADR 0009): a random string the client passes as the input of
 * `badges.onChange`, so that the server can address that subscription on its socket
 * (`src/server/badgeFrames.ts`). Not a secret: it only names a subscription on the client's own
 * connection.
 */
import { z } from "zod";

/** 16 to 64 URL-safe characters. */
export const subscriptionKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** A new key: 24 hex characters (96 random bits) from `crypto.getRandomValues`. */
export function newSubscriptionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
