/**
 * The one relative-time text of the client ("now", "5 minutes ago", "2 days ago") with
 * `Intl.RelativeTimeFormat`, and a clock hook that keeps such texts true.
 */
import { useEffect, useState } from "react";
import { formatDate, relativeTimeFormat } from "../i18n";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

export interface RelativeTimeOptions {
  /** The reference time in epoch milliseconds; defaults to `Date.now()`. */
  now?: number;
  /** From this age on (milliseconds), the plain date ("Nov 22, 2026") instead; default never. */
  dateFrom?: number;
}

/**
 * `value` relative to now in `locale`: under a minute "now", then whole minutes under an hour,
 * hours under a day, days under 30 days, months (of 30 days) under 365 days, then years. Past
 * and future both work ("in 3 days"). With `dateFrom`, anything at least that old (or that far
 * ahead) is shown as its date. Pure.
 */
export function formatRelativeTime(value: Date | string, locale: string, options: RelativeTimeOptions = {}): string {
  const now = options.now ?? Date.now();
  const diff = new Date(value).getTime() - now;
  const abs = Math.abs(diff);
  if (abs < MINUTE) return relativeTimeFormat(locale, { numeric: "auto" }).format(0, "second");
  if (options.dateFrom !== undefined && abs >= options.dateFrom) return formatDate(value, locale);
  const rtf = relativeTimeFormat(locale, { numeric: "always" });
  if (abs < HOUR) return rtf.format(Math.trunc(diff / MINUTE), "minute");
  if (abs < DAY) return rtf.format(Math.trunc(diff / HOUR), "hour");
  if (abs < MONTH) return rtf.format(Math.trunc(diff / DAY), "day");
  if (abs < YEAR) return rtf.format(Math.trunc(diff / MONTH), "month");
  return rtf.format(Math.trunc(diff / YEAR), "year");
}

/** One week in milliseconds, for `dateFrom` ("relative within a week, then the date"). */
export const WEEK_MS = 7 * DAY;

/** The current time (epoch ms), refreshed every `intervalMs` so relative times stay true. */
export function useNow(intervalMs = MINUTE): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
