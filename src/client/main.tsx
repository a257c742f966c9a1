/**
 * Client entry: language first (so the first paint is in the right language and direction),
 * then providers and the router.
 */
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { I18nProvider } from "@lingui/react";
import { DirectionProvider, MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { LazyNotifications } from "./components/LazyNotifications";
import { activateLocale, directionOf, i18n, storedLocale } from "./i18n";
import { routeTree } from "./routeTree.gen";
import { cssVariablesResolver, useAppTheme } from "./theme";
import { queryClient, TRPCProvider, trpc, trpcClient } from "./trpc";

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  defaultPreload: "intent",
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

/** Mantine with the club's theme, its control names in the current language (theme.ts). */
function ThemedMantine({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={useAppTheme()} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}

async function start() {
  const locale = storedLocale();
  await activateLocale(locale);
  const root = document.getElementById("root");
  if (!root) throw new Error("#root missing");
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <DirectionProvider initialDirection={directionOf(locale)} detectDirection={false}>
          <ThemedMantine>
            <QueryClientProvider client={queryClient}>
              <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
                <LazyNotifications />
                <RouterProvider router={router} />
              </TRPCProvider>
            </QueryClientProvider>
          </ThemedMantine>
        </DirectionProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
