/**
 * Admin Inbox `/admin/inbox` (spec part 2 §2, §4, §7 call 8, §8): counters of pending, approved
 * and rejected knowledge submissions, the submissions newest first under filter tabs, and a
 * review panel — beside the list on wide screens, a bottom drawer on phones. The tab and the
 * selected submission live in the URL. The list follows the live pending count, so a new
 * submission appears without a reload.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Text } from "@mantine/core";
import { useDocumentTitle, useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { LoadError } from "../../components/LoadError";
import { errorText } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import { useBadges } from "../badges";
import { useKnowledgeCountries } from "../knowledge";
import { ReviewLayout, ReviewPlaceholder, type ReviewTab } from "./ReviewLayout";
import { ReviewPanel } from "./ReviewPanel";
import { SubmissionList, SubmissionListSkeleton } from "./SubmissionList";
import type { Submission } from "./types";

const route = getRouteApi("/_app/admin/inbox");

const TABS: ReviewTab[] = ["all", "pending", "approved", "rejected"];

export function InboxPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const wide = useMediaQuery("(min-width: 62em)", undefined, { getInitialValueInEffect: false });
  useDocumentTitle(t`Admin Inbox`);

  const status = search.status;
  const counts = useQuery(trpc.inbox.counts.queryOptions());
  const list = useQuery(trpc.inbox.list.queryOptions(status ? { status } : {}));
  const countries = useKnowledgeCountries(i18n.locale);

  // The last submission opened, kept so the panel stays while the list reloads or after a
  // review takes it out of the current tab.
  const [snapshot, setSnapshot] = useState<Submission | null>(null);
  const fromList = search.id !== undefined ? list.data?.find((s) => s.id === search.id) : undefined;
  const snap = snapshot && snapshot.id === search.id ? snapshot : null;
  // Just reviewed here: the outcome wins over the list row until the list has reloaded.
  const selected = snap && snap.status !== "pending" && fromList?.status === "pending" ? snap : (fromList ?? snap);

  // Live: when the pending count moves (a new submission, another admin's review), reload.
  const { pendingSubmissions } = useBadges();
  const seenPending = useRef<number | null>(null);
  useEffect(() => {
    if (seenPending.current !== null && seenPending.current !== pendingSubmissions) {
      void queryClient.invalidateQueries(trpc.inbox.list.pathFilter());
      void queryClient.invalidateQueries(trpc.inbox.counts.queryFilter());
    }
    seenPending.current = pendingSubmissions;
  }, [pendingSubmissions, queryClient, trpc]);

  // Spec part 2 §8: 'Failed to load submissions: {message}' (also shown inline with a retry).
  const message = list.isError ? errorText(list.error) : "";
  useEffect(() => {
    if (!message) return;
    console.error("Failed to load submissions", list.error);
    notifications.show({ color: "red", message: t`Failed to load submissions: ${message}` });
  }, [message, list.error, t]);

  function select(s: Submission) {
    setSnapshot(s);
    // On phones the drawer is a new history entry, so Back closes it.
    void navigate({ search: (prev) => ({ ...prev, id: s.id }), replace: wide, resetScroll: false });
  }

  function closePanel() {
    void navigate({ search: (prev) => ({ ...prev, id: undefined }), replace: true, resetScroll: false });
  }

  function setTab(tab: ReviewTab) {
    const next = tab !== "all" ? tab : undefined;
    void navigate({ search: (prev) => ({ ...prev, status: next }), replace: true, resetScroll: false });
  }

  const panel = selected ? (
    <ReviewPanel
      key={`${selected.id}:${selected.status}`}
      submission={selected}
      countryName={countries.nameOf}
      onReviewed={(next) => setSnapshot(next)}
      onStale={() => setSnapshot(null)}
    />
  ) : search.id !== undefined && list.isSuccess ? (
    <Text c="dimmed" ta="center" py="xl" data-testid="review-missing">
      <Trans>This submission is not in the current list.</Trans>
    </Text>
  ) : (
    <ReviewPlaceholder>
      <Trans>Select a submission to review it.</Trans>
    </ReviewPlaceholder>
  );

  const listArea = list.isPending ? (
    <SubmissionListSkeleton />
  ) : list.isError ? (
    <LoadError title={t`Failed to load submissions: ${message}`} onRetry={() => void list.refetch()} />
  ) : (
    <SubmissionList items={list.data} selectedId={search.id} onSelect={select} />
  );

  return (
    <ReviewLayout
      title={<Trans>Admin Inbox</Trans>}
      intro={<Trans>Review the knowledge members share. Approving awards the points you choose to the author.</Trans>}
      counts={counts.data}
      countsError={counts.isError ? counts.error : undefined}
      tabs={TABS}
      tab={status ?? "all"}
      onTab={setTab}
      list={listArea}
      panel={panel}
      wide={wide}
      drawerOpen={search.id !== undefined}
      onCloseDrawer={closePanel}
      drawerTitle={<Trans>Review submission</Trans>}
    />
  );
}
