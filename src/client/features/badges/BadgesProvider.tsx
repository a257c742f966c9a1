/**
 * Live badge counts for the layout and the dashboard (DESIGN.md §5): matching posts of every
 * board (ADR 16; `requests` is the membership board's), unread offers, points and tier for every
 * member, pending applicants, knowledge submissions, services and unread contact messages for admins. One query for the first paint and one WebSocket subscription (`badges.onChange`),
 * opened once inside the member layout; the server decides which counts a member may see.
 */
import { useQuery } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { Tier } from "../../../common/constants";
import type { Board } from "../../../common/posts";
import { useTRPC } from "../../trpc";

export interface Badges {
  /** Matching member requests (capped at 100): `posts["membership.request"]`. */
  requests: number;
  /**
   * Matching posts of each board, each capped at 100 (ADR 16); a board is absent until the first
   * count (read it as 0). A type-only import keeps the posts schemas out of the layout's bundle.
   */
  posts: Partial<Record<Board, number>>;
  unreadOffers: number;
  /** Unread notifications of every kind (the top bar's bell; issue 17 §1). */
  unreadNotifications: number;
  pendingApplicants: number;
  /** Knowledge submissions waiting for review (admin inbox). */
  pendingSubmissions: number;
  /** Services waiting for review (admin service review, issue #15). */
  pendingServices: number;
  /** Unread contact form messages (admin contact inbox, issue #16 §3). */
  unreadContact: number;
  /** Live points balance and tier; undefined until the first value. */
  points?: number;
  tier?: Tier;
}

const NO_POSTS: Partial<Record<Board, number>> = {};

const BadgesContext = createContext<Badges>({
  requests: 0,
  posts: NO_POSTS,
  unreadOffers: 0,
  unreadNotifications: 0,
  pendingApplicants: 0,
  pendingSubmissions: 0,
  pendingServices: 0,
  unreadContact: 0,
});

export function BadgesProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const first = useQuery(trpc.badges.get.queryOptions());
  const live = useSubscription(trpc.badges.onChange.subscriptionOptions());
  const data = live.data ?? first.data;

  const value = useMemo<Badges>(
    () => ({
      requests: data?.requests ?? 0,
      posts: data?.posts ?? NO_POSTS,
      unreadOffers: data?.offers ?? 0,
      unreadNotifications: data?.notifications ?? 0,
      pendingApplicants: data?.admin?.applicants ?? 0,
      pendingSubmissions: data?.admin?.submissions ?? 0,
      pendingServices: data?.admin?.services ?? 0,
      unreadContact: data?.admin?.contact ?? 0,
      points: data?.points,
      tier: data?.tier,
    }),
    [data],
  );
  return <BadgesContext.Provider value={value}>{children}</BadgesContext.Provider>;
}

export function useBadges(): Badges {
  return useContext(BadgesContext);
}

/** The count, or "99+" (`cap` 100, the default) / "9+" (`cap` 10) at its cap (`boardBadgeCap`). */
export function badgeLabel(n: number, cap = 100): string {
  return n >= cap ? `${cap - 1}+` : String(n);
}
