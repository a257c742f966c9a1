/**
 * The one TanStack Query cache of the client. Apart from the tRPC client (trpc.ts) so the entry
 * chunk can hold the cache and its provider without tRPC: a visitor of the landing page never
 * downloads the tRPC client (docs/decisions/0021-entry-chunk-without-the-member-area.md).
 */
import { QueryClient } from "@tanstack/react-query";

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
