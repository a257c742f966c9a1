/**
 * tRPC client: queries and mutations over batched HTTP, subscriptions over one lazy WebSocket
 * that reconnects by itself. The client imports only the *type* of the server's router.
 */
import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from "@trpc/client";
import { createTRPCContext, createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../server/trpc/router";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry(failureCount, error) {
        const code = (error as { data?: { code?: string } }).data?.code;
        if (code && ["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "BAD_REQUEST"].includes(code)) return false;
        return failureCount < 2;
      },
      refetchOnWindowFocus: false,
    },
  },
});

const wsUrl = () => `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/trpc`;

/** Opened on the first subscription, closed when none is left; reconnects with backoff. */
export const wsClient = createWSClient({ url: wsUrl, lazy: { enabled: true, closeMs: 2_000 } });

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === "subscription",
      true: wsLink({ client: wsClient }),
      false: httpBatchLink({ url: "/trpc", maxItems: 10 }),
    }),
  ],
});

/** Query/mutation option factories usable outside React (route loaders). */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();
