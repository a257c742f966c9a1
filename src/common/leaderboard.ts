/**
 * The leaderboard's input: ranking period and how many members to list (spec part 2 §2
 * Leaderboard; DESIGN.md §8.1).
 */
import { z } from "zod";

export const leaderboardInput = z.object({
  period: z.enum(["month", "allTime"]).default("allTime"),
  limit: z.number().int().min(1).max(100).default(20),
});
