import { createFileRoute } from "@tanstack/react-router";
import { LeaderboardPage, type LeaderboardPeriod } from "../../features/leaderboard/LeaderboardPage";

interface LeaderboardSearch {
  /** Absent = this month. */
  period?: LeaderboardPeriod;
}

/** Leaderboard (spec part 2 §2); the period is kept in the address (`?period=allTime`). */
export const Route = createFileRoute("/_app/leaderboard")({
  validateSearch: (search: Record<string, unknown>): LeaderboardSearch =>
    search.period === "allTime" ? { period: "allTime" } : {},
  component: LeaderboardRoute,
});

function LeaderboardRoute() {
  const { period = "month" } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LeaderboardPage
      period={period}
      onPeriodChange={(next) =>
        void navigate({ search: next === "allTime" ? { period: "allTime" } : {}, replace: true })
      }
    />
  );
}
