/**
 * The build's prerender of the landing page (docs/decisions/0015-prerendered-landing.md): built
 * for Node by `scripts/prerender-landing.mjs`, it renders `/landing` in one language with the
 * same provider tree as the browser (`App.tsx`), so the page paints from its HTML and the browser
 * hydrates it. Nothing signed-in is rendered: the session is learnt after hydration.
 */
import { t } from "@lingui/core/macro";
import { createMemoryHistory } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import type { Locale } from "../common/constants";
import { App } from "./App";
import { directionOf, loadLocale } from "./i18n";
import { createAppRouter } from "./router";

export interface PrerenderedPage {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** The document title the page sets when it runs. */
  title: string;
  lang: Locale;
  dir: "ltr" | "rtl";
}

/** Renders `/landing` in `locale`. */
export async function prerenderLanding(locale: Locale): Promise<PrerenderedPage> {
  await loadLocale(locale);
  const router = createAppRouter(createMemoryHistory({ initialEntries: ["/landing"] }));
  await router.load();
  const html = renderToString(<App router={router} locale={locale} server />);
  return { html, title: t`Export Club — synergy for export`, lang: locale, dir: directionOf(locale) };
}
