/**
 * Admin analytics (issue #17 §3): the charts' names and the date range every chart query takes,
 * shared by the server (validation) and the page (the picker checks the same rule before it asks).
 *
 * A range is two UTC calendar days, both included: `from` 00:00 UTC up to the end of `to`. The
 * weekly charts bucket by ISO week (Monday 00:00 UTC, Postgres `date_trunc('week', …)` in UTC),
 * so the first and last weeks of a range may be partial.
 */
import { z } from "zod";
import { Msg } from "./messages";
import { dateSchema } from "./validation";

/** Every chart of the analytics page; each is one procedure `analytics.<chart>` (one query). */
export const ANALYTICS_CHARTS = [
  "applications",
  "membersByActivity",
  "membersByTier",
  "membersByCountry",
  "posts",
  "responses",
  "ratings",
  "knowledge",
  "activeMembers",
] as const;
export type AnalyticsChart = (typeof ANALYTICS_CHARTS)[number];

/** The longest range a chart answers: two years of days (a leap day included). */
export const ANALYTICS_MAX_RANGE_DAYS = 731;

/** Weeks the page shows before the admin picks a range: this week and the 11 before it. */
export const ANALYTICS_DEFAULT_WEEKS = 12;

/** How many countries the "members by target country" chart lists, most members first. */
export const ANALYTICS_TOP_COUNTRIES = 12;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days from `from` to `to` ("YYYY-MM-DD", UTC); negative when `to` is earlier. */
export function rangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The rule of a range, shared by the schema and the picker: `null` when it is acceptable. */
export function rangeProblem(
  from: string,
  to: string,
): (typeof Msg)["analyticsRangeOrder" | "analyticsRangeTooLong"] | null {
  const days = rangeDays(from, to);
  if (days < 0) return Msg.analyticsRangeOrder;
  if (days > ANALYTICS_MAX_RANGE_DAYS) return Msg.analyticsRangeTooLong;
  return null;
}

/**
 * A chart's input: `{ from, to }` ISO dates (1900–2100, `Msg.invalidDate`), from ≤ to
 * (`Msg.analyticsRangeOrder`), at most `ANALYTICS_MAX_RANGE_DAYS` apart
 * (`Msg.analyticsRangeTooLong`). Leaving the input out means `defaultRange()`.
 */
export const analyticsRangeInput = z
  .object({ from: dateSchema, to: dateSchema })
  .superRefine((r, ctx) => {
    const problem = rangeProblem(r.from, r.to);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["to"] });
  })
  .optional();
export type AnalyticsRange = { from: string; to: string };

/** "YYYY-MM-DD" of a moment, in UTC. */
export function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The default range at `now`: from the Monday `ANALYTICS_DEFAULT_WEEKS − 1` weeks back to today (UTC). */
export function defaultRange(now: Date = new Date()): AnalyticsRange {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  const from = new Date(today.getTime() - (sinceMonday + 7 * (ANALYTICS_DEFAULT_WEEKS - 1)) * DAY_MS);
  return { from: isoDay(from), to: isoDay(today) };
}
