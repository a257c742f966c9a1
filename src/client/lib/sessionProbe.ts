/**
 * The session, asked for without the tRPC client: `GET /trpc/session.get`, which is how tRPC's
 * HTTP link sends a query without input (its HTTP RPC format; no transformer is configured), and
 * the answer `{ result: { data } }`. The landing page and the `/` redirect use it, so a visitor
 * never downloads the tRPC client (docs/decisions/0021-entry-chunk-without-the-member-area.md).
 * Everything else asks through tRPC (trpc.ts).
 */
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../server/trpc/router";

/** What `session.get` answers: the viewer and the session's end, or null when signed out. */
export type SessionState = inferRouterOutputs<AppRouter>["session"]["get"];

/** The current session (null when signed out); rejects when the server cannot be asked. */
export async function probeSession(): Promise<SessionState> {
  const res = await fetch("/trpc/session.get", { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`session.get answered ${res.status}`);
  const body = (await res.json()) as { result?: { data?: SessionState } };
  return body.result?.data ?? null;
}
