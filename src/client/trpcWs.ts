/**
 * The subscription transport: one WebSocket, opened on the first subscription, closed when none
 * is left, reconnecting with backoff. Loaded by `trpc.ts` on the first subscription (the member
 * area's live badges), so the public pages do not download the WebSocket client.
 *
 * The server closes the socket with 4401 when its session has ended (signed out elsewhere,
 * expired, password changed, suspended): the client then stops reconnecting and re-reads the
 * session, so the member area hands over to the landing page (routes/_app.tsx).
 */
import { createWSClient, wsLink } from "@trpc/client";
import type { AppRouter } from "../server/trpc/router";
import { queryClient } from "./queryClient";
import { trpc } from "./trpc";

/** Close code of a socket whose session ended (src/server/live/connections.ts). */
const SESSION_ENDED = 4401;

const wsUrl = () => `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/trpc`;

export const wsClient = createWSClient({
  url: wsUrl,
  lazy: { enabled: true, closeMs: 2_000 },
  onClose(cause) {
    if (cause?.code !== SESSION_ENDED) return;
    void wsClient.close();
    void queryClient.invalidateQueries({ queryKey: trpc.session.get.queryKey() });
  },
});

export const subscriptionLink = wsLink<AppRouter>({ client: wsClient });
