/**
 * tRPC client: queries and mutations over batched HTTP, subscriptions over one lazy WebSocket
 * that reconnects by itself. The client imports only the *type* of the server's router.
 *
 * Not part of the entry chunk: the member area, the dialogs and the public tools import it (so it
 * arrives with them), the entry's route guards load it with `import("./trpc")`, and the landing
 * page asks for the session through a plain client of its own (lib/sessionProbe.ts;
 * docs/decisions/0021-entry-chunk-without-the-member-area.md).
 */
import {
  createTRPCClient,
  httpBatchLink,
  type OperationLink,
  splitLink,
  TRPCClientError,
  type TRPCLink,
} from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../server/trpc/router";
import { queryClient } from "./queryClient";

type WsModule = typeof import("./trpcWs");
let wsModule: Promise<WsModule> | null = null;
let wsLoaded: WsModule | null = null;

/**
 * The WebSocket link, with its code (`./trpcWs`) fetched on the first subscription: only the
 * member area subscribes, so the landing page's initial JavaScript leaves it out. Operations
 * wait for the module, then run through the real `wsLink`; unsubscribing before it arrives
 * cancels them.
 */
function lazyWsLink(): TRPCLink<AppRouter> {
  return (runtime) => {
    let link: OperationLink<AppRouter> | null = null;
    return ({ op, next }) =>
      observable((observer) => {
        let stopped = false;
        let subscription: { unsubscribe(): void } | null = null;
        wsModule ??= import("./trpcWs").then((m) => {
          wsLoaded = m;
          return m;
        });
        wsModule.then(
          (m) => {
            if (stopped) return;
            link ??= m.subscriptionLink(runtime);
            subscription = link({ op, next }).subscribe(observer);
          },
          (error: unknown) => {
            wsModule = null; // try again on the next subscription
            if (!stopped)
              observer.error(TRPCClientError.from(error instanceof Error ? error : new Error(String(error))));
          },
        );
        return () => {
          stopped = true;
          subscription?.unsubscribe();
        };
      });
  };
}

/**
 * Closes the WebSocket (if one was ever opened) after sign-in or sign-out, so the next
 * subscription connects again with the new session cookie.
 */
export function closeWebSocket(): void {
  void wsLoaded?.wsClient.close();
}

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === "subscription",
      true: lazyWsLink(),
      false: httpBatchLink({ url: "/trpc", maxItems: 10 }),
    }),
  ],
});

/**
 * Query and mutation option factories over the one client and query cache: tRPC's singleton
 * setup (no React context, so the entry's provider tree needs nothing from tRPC).
 */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** The option factories in a component (`useQuery(trpc.x.queryOptions())`); always `trpc`. */
export function useTRPC(): typeof trpc {
  return trpc;
}
