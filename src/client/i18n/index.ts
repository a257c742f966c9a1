/**
 * Interface language (spec part 1 §4 Language): English default, Persian right-to-left.
 * The choice is kept in localStorage under a product key; catalogs load on demand.
 */
import { i18n } from "@lingui/core";
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALE_STORAGE_KEY,
  LOCALES,
  type Locale,
} from "../../common/constants";

export { i18n };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The remembered language, else English. */
export function storedLocale(): Locale {
  try {
    const v = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(v) ? v : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function directionOf(locale: Locale): "rtl" | "ltr" {
  return locale === "fa" ? "rtl" : "ltr";
}

// English is the source language: its texts are in the code (the macro keeps them, and the build
// compiles them: scripts/babel-lingui-precompile.ts), so it needs no catalog. Other languages
// load their compiled catalog.

/** Loads the catalog of `locale` and activates it (no DOM: the build's prerender uses it too). */
export async function loadLocale(locale: Locale): Promise<void> {
  const { messages } = locale === DEFAULT_LOCALE ? { messages: {} } : await import(`../locales/${locale}/messages.po`);
  i18n.loadAndActivate({ locale, messages });
}

/**
 * Loads and activates `locale`, remembers it (localStorage, and the `locale` cookie by which the
 * server picks the prerendered landing page's language) and sets `<html lang dir>`.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** Locale tag for Intl formatting: Persian uses Persian digits and the Solar Hijri calendar. */
export function intlLocale(locale: string): string {
  return locale === "fa" ? "fa-IR" : "en-US";
}

type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.DisplayNames | Intl.Collator;
const formatters = new Map<string, Formatter>();

/**
 * The formatter `make` builds for `kind`, `locale` and `options`, made once and kept: constructing
 * an `Intl` object loads the locale's data and costs far more than using it (a dashboard formats
 * dozens of numbers and dates per render; a language picker names a hundred languages).
 */
function kept<T extends Formatter>(kind: string, locale: string, options: object | undefined, make: () => T): T {
  const key = `${kind} ${locale} ${JSON.stringify(options ?? {})}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The kept `Intl.NumberFormat` of the app locale `locale` ("en" or "fa", through `intlLocale`) and `options`. */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept("number", locale, options, () => new Intl.NumberFormat(intlLocale(locale), options));
}

/** The kept `Intl.DateTimeFormat` of the app locale `locale` and `options`. */
export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept("date", locale, options, () => new Intl.DateTimeFormat(intlLocale(locale), options));
}

/** The kept `Intl.RelativeTimeFormat` of the app locale `locale` and `options`. */
export function relativeTimeFormat(locale: string, options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return kept("relative", locale, options, () => new Intl.RelativeTimeFormat(intlLocale(locale), options));
}

/** The kept `Intl.DisplayNames` of `type` (currency, language, …) in the language `locale` ("en", "fa"). */
export function displayNames(locale: string, type: Intl.DisplayNamesType): Intl.DisplayNames {
  return kept("names", locale, { type }, () => new Intl.DisplayNames([locale], { type }));
}

/** The kept `Intl.Collator` that sorts names in `locale` ("fa" sorts Persian names, anything else English). */
export function collator(locale: string): Intl.Collator {
  const tag = locale === "fa" ? "fa" : "en";
  return kept("collator", tag, undefined, () => new Intl.Collator(tag));
}

/** Formats a date with its time in the active locale, e.g. "Nov 22, 2026, 3:04 PM". */
export function formatDateTime(value: Date | string, locale = i18n.locale): string {
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value));
}

export function formatDate(value: Date | string, locale = i18n.locale): string {
  return dateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(value));
}

/** An ISO calendar date ("2026-05-01") in the active language, without shifting by time zone. */
export function formatCalendarDate(isoDate: string, locale = i18n.locale): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(d);
}

export function formatNumber(value: number, locale = i18n.locale): string {
  return numberFormat(locale).format(value);
}

/** Between the items of a list in running text: ", " ("، " in Persian). */
export function listSeparator(locale = i18n.locale): string {
  return locale === "fa" ? "، " : ", ";
}

/**
 * Between two facts on one line ("2.0 · 3 ratings"): a middle dot in English; in Persian a comma,
 * since a middle dot beside Persian digits reads as a zero ("۲٫۰ · ۳" looks like "۲٫۰ ۰ ۳").
 */
export function factSeparator(locale = i18n.locale): string {
  return locale === "fa" ? "، " : " · ";
}
