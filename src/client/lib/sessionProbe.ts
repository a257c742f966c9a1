/**
 * The session, asked for through tRPC's plain client and one HTTP link (no query cache, no
 * batching, no WebSocket): the landing page and the `/` redirect use it, so a visitor downloads
 * only this much of tRPC (docs/decisions/0021-entry-chunk-without-the-member-area.md).
 * Everything else asks through the full client (trpc.ts).
 */
import { createTRPCClient, httpLink } from "@trpc/client";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../server/trpc/router";

/** What `session.get` answers: the viewer and the session's end, or null when signed out. */
export type SessionState = inferRouterOutputs<AppRouter>["session"]["get"];

let client: ReturnType<typeof createTRPCClient<AppRouter>> | undefined;

/** The current session (null when signed out); rejects (TRPCClientError) when the server cannot be asked. */
export function probeSession(): Promise<SessionState> {
  client ??= createTRPCClient<AppRouter>({ links: [httpLink({ url: "/trpc" })] });
  return client.session.get.query();
}
