/**
 * The subscription transport: one WebSocket, opened on the first subscription, closed when none
 * is left, reconnecting with backoff. Loaded by `trpc.ts` on the first subscription (the member
 * area's live badges), so the public pages do not download the WebSocket client.
 */
import { createWSClient, wsLink } from "@trpc/client";
import type { AppRouter } from "../server/trpc/router";

const wsUrl = () => `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/trpc`;

export const wsClient = createWSClient({ url: wsUrl, lazy: { enabled: true, closeMs: 2_000 } });

export const subscriptionLink = wsLink<AppRouter>({ client: wsClient });
