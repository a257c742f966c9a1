/**
 * Admin Inbox `/admin/inbox` (spec part 2 §2, §4, §7 call 8, §8): counters of pending, approved
 * and rejected knowledge submissions, the submissions newest first under filter tabs, and a
 * review panel — beside the list on wide screens, a bottom drawer on phones. The tab and the
 * selected submission live in the URL. The list follows the live pending count, so a new
 * submission appears without a reload.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Card, Drawer, Grid, ScrollArea, Stack, Tabs, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle, useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconHandClick } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { ApprovalStatus } from "../../../common/constants";
import { LoadError } from "../../components/LoadError";
import { formatNumber } from "../../i18n";
import { errorText } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import { useBadges } from "../badges";
import { useKnowledgeCountries } from "../knowledge";
import { Counters } from "./Counters";
import { ReviewPanel } from "./ReviewPanel";
import { SubmissionList, SubmissionListSkeleton } from "./SubmissionList";
import type { Submission } from "./types";

const route = getRouteApi("/_app/admin/inbox");

type Tab = "all" | ApprovalStatus;
const TABS: Tab[] = ["all", "pending", "approved", "rejected"];

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

  function setTab(tab: string | null) {
    const next = tab && tab !== "all" ? (tab as ApprovalStatus) : undefined;
    void navigate({ search: (prev) => ({ ...prev, status: next }), replace: true, resetScroll: false });
  }

  const tabLabel = (tab: Tab) =>
    tab === "all" ? (
      <Trans>All</Trans>
    ) : tab === "pending" ? (
      <Trans>Pending</Trans>
    ) : tab === "approved" ? (
      <Trans>Approved</Trans>
    ) : (
      <Trans>Rejected</Trans>
    );
  const tabCount = (tab: Tab) => {
    if (!counts.data) return null;
    const n = tab === "all" ? counts.data.pending + counts.data.approved + counts.data.rejected : counts.data[tab];
    return formatNumber(n, i18n.locale);
  };

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
    <Stack align="center" gap="xs" py="xl" data-testid="review-placeholder">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
        <IconHandClick size={24} />
      </ThemeIcon>
      <Text c="dimmed" ta="center">
        <Trans>Select a submission to review it.</Trans>
      </Text>
    </Stack>
  );

  const listArea = list.isPending ? (
    <SubmissionListSkeleton />
  ) : list.isError ? (
    <LoadError title={t`Failed to load submissions: ${message}`} onRetry={() => void list.refetch()} />
  ) : (
    <SubmissionList items={list.data} selectedId={search.id} onSelect={select} />
  );

  return (
    <Stack maw={1200} mx="auto" gap="md" pb="md">
      <div>
        <Title order={1} size="h2">
          <Trans>Admin Inbox</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>Review the knowledge members share. Approving awards the points you choose to the author.</Trans>
        </Text>
      </div>

      {counts.isError ? <LoadError error={counts.error} /> : <Counters counts={counts.data} />}

      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Tabs value={status ?? "all"} onChange={setTab} keepMounted={false} variant="outline">
            <ScrollArea type="never" offsetScrollbars={false}>
              <Tabs.List style={{ flexWrap: "nowrap" }}>
                {TABS.map((tab) => (
                  <Tabs.Tab
                    key={tab}
                    value={tab}
                    data-testid={`tab-${tab}`}
                    // Tabs keep their width (the list scrolls instead), so the counts stay readable.
                    style={{ flexShrink: 0 }}
                    rightSection={
                      tabCount(tab) !== null ? (
                        <Badge
                          size="sm"
                          variant="light"
                          color="gray"
                          circle={false}
                          style={{ flexShrink: 0, overflow: "visible" }}
                          data-testid={`tab-count-${tab}`}
                        >
                          {tabCount(tab)}
                        </Badge>
                      ) : undefined
                    }
                  >
                    {tabLabel(tab)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </ScrollArea>
            {TABS.map((tab) => (
              <Tabs.Panel key={tab} value={tab} pt="sm">
                {listArea}
              </Tabs.Panel>
            ))}
          </Tabs>
        </Grid.Col>

        {wide && (
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card
              withBorder
              radius="lg"
              p={0}
              style={{
                position: "sticky",
                top: "calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))",
              }}
            >
              <ScrollArea.Autosize
                mah="calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-md))"
                type="auto"
              >
                <div style={{ padding: "var(--mantine-spacing-lg)" }}>{panel}</div>
              </ScrollArea.Autosize>
            </Card>
          </Grid.Col>
        )}
      </Grid>

      {!wide && (
        <Drawer
          opened={search.id !== undefined}
          onClose={closePanel}
          position="bottom"
          size="92%"
          radius="lg"
          title={<Trans>Review submission</Trans>}
          closeButtonProps={{ "aria-label": t`Close` }}
          data-testid="review-drawer"
        >
          {panel}
        </Drawer>
      )}
    </Stack>
  );
}
