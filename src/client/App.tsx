/**
 * The client's provider tree (language, direction, theme, queries, router), one
 * implementation for the browser (`main.tsx`) and the build's prerender of the landing page
 * (`prerender.tsx`, docs/decisions/0015-prerendered-landing.md): both render exactly this, so
 * the browser can hydrate the prerendered HTML.
 */
import { I18nProvider } from "@lingui/react";
import { DirectionProvider, MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { type AnyRouter, RouterProvider } from "@tanstack/react-router";
import { type ReactNode, StrictMode, Suspense, useEffect } from "react";
import type { Locale } from "../common/constants";
import { LazyNotifications } from "./components/LazyNotifications";
import { directionOf, i18n } from "./i18n";
import { queryClient } from "./queryClient";
import { cssVariablesResolver, useAppTheme } from "./theme";

/** Mantine with the club's theme, its control names in the current language (theme.ts). */
function ThemedMantine({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={useAppTheme()} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}

/**
 * Marks `<html data-hydrated>` once the app has committed its first render (hydrated or not): from
 * then on every button on the page works. End-to-end tests wait for it before clicking on the
 * prerendered landing page, whose buttons are visible before its script has run.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}

interface AppProps {
  router: AnyRouter;
  locale: Locale;
  /**
   * Rendering on the server (the build's prerender). The router renders its matches inside a
   * Suspense boundary in the browser but not on a server; one more boundary here gives the HTML
   * the same boundaries as the browser's first render, so hydration finds what it expects.
   */
  server?: boolean;
}

/** The whole client for `router` in `locale` (whose catalog is already active in `i18n`). */
export function App({ router, locale, server = false }: AppProps) {
  const routes = <RouterProvider router={router} />;
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <DirectionProvider initialDirection={directionOf(locale)} detectDirection={false}>
          <ThemedMantine>
            <QueryClientProvider client={queryClient}>
              <LazyNotifications />
              <HydratedMark />
              {server ? <Suspense fallback={null}>{routes}</Suspense> : routes}
            </QueryClientProvider>
          </ThemedMantine>
        </DirectionProvider>
      </I18nProvider>
    </StrictMode>
  );
}
