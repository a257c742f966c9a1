/**
 * Pure helpers of the session-timeout UI (spec part 1 §2 Session warning modal, §4).
 */
import { SESSION_WARNING_MS } from "./constants";

/** Remaining whole minutes, rounded up (e.g. 61 s → 2, 60 s → 1, 0 s → 0). */
export function remainingMinutes(remainingMs: number): number {
  return Math.max(0, Math.ceil(remainingMs / 60_000));
}

export type TimerPhase = "active" | "warning" | "expired";

/** `warning` at 5 minutes or less remaining, `expired` at 0. */
export function timerPhase(remainingMs: number): TimerPhase {
  if (remainingMs <= 0) return "expired";
  if (remainingMs <= SESSION_WARNING_MS) return "warning";
  return "active";
}
