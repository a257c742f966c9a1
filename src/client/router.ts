/**
 * The client's router: the file routes of src/client/routes with the query client in their
 * context. The browser uses its own history; the build's prerender of the landing page
 * passes a memory history (docs/decisions/0015-prerendered-landing.md).
 */
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { queryClient } from "./queryClient";
import { routeTree } from "./routeTree.gen";

/**
 * A router over every route; `history` defaults to the browser's. A prerender passes a memory
 * history and no scroll restoration: on a server, the router would write its restoring script
 * into the page (which the CSP forbids), and the browser's first render has no such script.
 */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    scrollRestoration: !history,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
