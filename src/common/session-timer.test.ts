/**
 * Session-timeout helpers (spec part 1 §2 Session warning modal, §4, §9).
 */
import { describe, expect, it } from "vitest";
import { SESSION_IDLE_TIMEOUT_MS, SESSION_WARNING_MS } from "./constants";
import { remainingMinutes, timerPhase } from "./session-timer";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe("remainingMinutes", () => {
  it.each([
    [30 * MINUTE, 30],
    [29 * MINUTE + 1, 30],
    [5 * MINUTE, 5],
    [4 * MINUTE + 1, 5],
    [61 * SECOND, 2],
    [60 * SECOND, 1],
    [59 * SECOND, 1],
    [1, 1],
    [0, 0],
    [-5 * SECOND, 0],
  ])("%i ms → %i minute(s), rounded up", (ms, minutes) => {
    expect(remainingMinutes(ms)).toBe(minutes);
  });
});

describe("timerPhase", () => {
  it("is active above 5 minutes", () => {
    expect(timerPhase(SESSION_IDLE_TIMEOUT_MS)).toBe("active");
    expect(timerPhase(5 * MINUTE + 1)).toBe("active");
  });

  it("warns at 5 minutes or less", () => {
    expect(SESSION_WARNING_MS).toBe(5 * MINUTE);
    expect(timerPhase(5 * MINUTE)).toBe("warning");
    expect(timerPhase(MINUTE)).toBe("warning");
    expect(timerPhase(1)).toBe("warning");
  });

  it("is expired at 0 and below", () => {
    expect(timerPhase(0)).toBe("expired");
    expect(timerPhase(-1)).toBe("expired");
  });

  it("the session lasts 30 minutes from the last activity", () => {
    expect(SESSION_IDLE_TIMEOUT_MS).toBe(30 * MINUTE);
  });
});
