import { describe, expect, it } from "vitest";
import { formatRelativeTime, WEEK_MS } from "./time";

const NOW = Date.parse("2026-11-24T12:00:00Z");
const ago = (ms: number) => new Date(NOW - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("formatRelativeTime", () => {
  it("says now under a minute, past or future", () => {
    expect(formatRelativeTime(ago(30_000), "en", { now: NOW })).toBe("now");
    expect(formatRelativeTime(ago(-30_000), "en", { now: NOW })).toBe("now");
  });

  it("uses whole minutes, hours, days, months and years", () => {
    expect(formatRelativeTime(ago(5 * MIN + 59_000), "en", { now: NOW })).toBe("5 minutes ago");
    expect(formatRelativeTime(ago(2 * HOUR), "en", { now: NOW })).toBe("2 hours ago");
    expect(formatRelativeTime(ago(DAY), "en", { now: NOW })).toBe("1 day ago");
    expect(formatRelativeTime(ago(45 * DAY), "en", { now: NOW })).toBe("1 month ago");
    expect(formatRelativeTime(ago(800 * DAY), "en", { now: NOW })).toBe("2 years ago");
  });

  it("reads future times forward", () => {
    expect(formatRelativeTime(ago(-3 * DAY), "en", { now: NOW })).toBe("in 3 days");
  });

  it("accepts ISO strings", () => {
    expect(formatRelativeTime("2026-11-24T10:00:00Z", "en", { now: NOW })).toBe("2 hours ago");
  });

  it("gives the date from `dateFrom` on", () => {
    expect(formatRelativeTime(ago(6 * DAY), "en", { now: NOW, dateFrom: WEEK_MS })).toBe("6 days ago");
    expect(formatRelativeTime(ago(8 * DAY), "en", { now: NOW, dateFrom: WEEK_MS })).toBe("Nov 16, 2026");
  });

  it("speaks Persian with Persian digits", () => {
    const text = formatRelativeTime(ago(3 * HOUR), "fa", { now: NOW });
    expect(text).toContain("۳");
    expect(text).not.toMatch(/[0-9]/);
  });
});
