/**
 * Client entry: language first (so the first paint is in the right language and direction),
 * then the app (`App.tsx`). The landing page arrives prerendered in the language the `locale`
 * cookie names (docs/decisions/0015-prerendered-landing.md): when the page holds that HTML in
 * the language being started, it is hydrated, as a transition so the work yields to the browser
 * every few milliseconds; otherwise the app renders from scratch.
 */
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App";
import { activateLocale, storedLocale } from "./i18n";
import { createAppRouter } from "./router";

async function start() {
  const locale = storedLocale();
  await activateLocale(locale);
  const root = document.getElementById("root");
  if (!root) throw new Error("#root missing");
  const router = createAppRouter();
  const app = <App router={router} locale={locale} />;
  if (root.dataset.prerendered === locale && window.location.pathname === "/landing" && !window.location.search) {
    // The route's matches must be loaded before the first render, as they were for the prerender.
    await router.load();
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}

void start();
