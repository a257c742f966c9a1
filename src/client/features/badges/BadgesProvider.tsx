/**
 * Live badge counts for the layout and the dashboard (DESIGN.md §5): matching requests and
 * unread offers for every member, pending applicants for admins. One WebSocket subscription
 * each, opened once inside the member layout; the HTTP queries fill the first paint.
 */
import { useQuery } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import type { Tier } from "../../../common/constants";
import { newSubscriptionKey } from "../../../common/subscriptionKey";
import { useTRPC } from "../../trpc";

export interface Badges {
  /** Matching requests (capped at 100). */
  requests: number;
  unreadOffers: number;
  pendingApplicants: number;
  /** Knowledge submissions waiting for review (admin inbox). */
  pendingSubmissions: number;
  /** Live points balance and tier; undefined until the subscription's first value. */
  points?: number;
  tier?: Tier;
}

const BadgesContext = createContext<Badges>({
  requests: 0,
  unreadOffers: 0,
  pendingApplicants: 0,
  pendingSubmissions: 0,
});

export function BadgesProvider({ isAdmin, children }: { isAdmin: boolean; children: ReactNode }) {
  const trpc = useTRPC();
  const requestsQuery = useQuery(trpc.memberRequests.receivedCount.queryOptions());
  const offersQuery = useQuery(trpc.offers.unreadCount.queryOptions());
  const pendingQuery = useQuery({ ...trpc.approval.pendingCount.queryOptions(), enabled: isAdmin });
  // The key lets the server write fan-out updates to this subscription directly (ADR 0009).
  const [key] = useState(newSubscriptionKey);
  const member = useSubscription(trpc.badges.onChange.subscriptionOptions({ key }));
  const admin = useSubscription(trpc.approval.onPendingCount.subscriptionOptions(undefined, { enabled: isAdmin }));
  const inboxQuery = useQuery({ ...trpc.inbox.counts.queryOptions(), enabled: isAdmin });
  const inbox = useSubscription(trpc.inbox.onPendingCount.subscriptionOptions(undefined, { enabled: isAdmin }));

  const value = useMemo<Badges>(
    () => ({
      requests: member.data?.requests ?? requestsQuery.data ?? 0,
      unreadOffers: member.data?.offers ?? offersQuery.data ?? 0,
      pendingApplicants: admin.data ?? pendingQuery.data ?? 0,
      pendingSubmissions: inbox.data ?? inboxQuery.data?.pending ?? 0,
      points: member.data?.points,
      tier: member.data?.tier,
    }),
    [member.data, requestsQuery.data, offersQuery.data, admin.data, pendingQuery.data, inbox.data, inboxQuery.data],
  );
  return <BadgesContext.Provider value={value}>{children}</BadgesContext.Provider>;
}

export function useBadges(): Badges {
  return useContext(BadgesContext);
}

/** "99+" above the cap. */
export function badgeLabel(n: number): string {
  return n > 99 ? "99+" : String(n);
}
