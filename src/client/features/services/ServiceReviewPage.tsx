/**
 * Service review `/admin/services` (issue #15 §1): the admin inbox's layout (ReviewLayout) for
 * services — counters, pending / approved / rejected tabs, the list (oldest waiting first) and a
 * review panel with Approve and Reject (a rejection needs a note, which the provider reads). The
 * tab and the selected service live in the URL; the list follows the live pending count.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Card, Divider, Group, Skeleton, Stack, Text, Textarea, Title } from "@mantine/core";
import { useDocumentTitle, useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconMessage, IconSchool } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import type { inferRouterOutputs } from "@trpc/server";
import { useEffect, useId, useRef, useState } from "react";
import { Msg } from "../../../common/messages";
import { SERVICE_LIMITS, type ServiceStatus } from "../../../common/services";
import type { AppRouter } from "../../../server/trpc/router";
import { LoadError } from "../../components/LoadError";
import { MemberName } from "../../components/MemberName";
import { UserText } from "../../components/UserText";
import { factSeparator, formatDate, formatDateTime } from "../../i18n";
import { translateServerText } from "../../i18n/serverMessages";
import { errorCode, errorText } from "../../lib/errors";
import { CONSULTATION_TYPE_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";
import { useBadges } from "../badges";
import { DecisionButtons, ReviewLayout, ReviewList, ReviewPlaceholder, type ReviewTab } from "../inbox/ReviewLayout";
import { ServiceDetails, ServiceStatusBadge } from "./ServiceDetails";

const route = getRouteApi("/_app/admin/services");

type ReviewedService = inferRouterOutputs<AppRouter>["services"]["reviewList"]["items"][number];

const TABS: ReviewTab[] = ["pending", "approved", "rejected"];

export function ServiceReviewPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const wide = useMediaQuery("(min-width: 62em)", undefined, { getInitialValueInEffect: false });
  useDocumentTitle(t`Service review`);

  const status: ServiceStatus = search.status ?? "pending";
  const list = useQuery(trpc.services.reviewList.queryOptions({ status }));
  const [snapshot, setSnapshot] = useState<ReviewedService | null>(null);
  const fromList = search.id !== undefined ? list.data?.items.find((s) => s.id === search.id) : undefined;
  const selected = snapshot && snapshot.id === search.id ? snapshot : (fromList ?? null);

  // Live: when the pending count moves (a new or edited service, another admin's review), reload.
  const { pendingServices } = useBadges();
  const seenPending = useRef<number | null>(null);
  useEffect(() => {
    if (seenPending.current !== null && seenPending.current !== pendingServices) {
      void queryClient.invalidateQueries(trpc.services.reviewList.pathFilter());
    }
    seenPending.current = pendingServices;
  }, [pendingServices, queryClient, trpc]);

  function select(s: ReviewedService) {
    setSnapshot(s);
    void navigate({ search: (prev) => ({ ...prev, id: s.id }), replace: wide, resetScroll: false });
  }

  function closePanel() {
    void navigate({ search: (prev) => ({ ...prev, id: undefined }), replace: true, resetScroll: false });
  }

  function setTab(tab: ReviewTab) {
    const next = tab === "pending" || tab === "all" ? undefined : tab;
    void navigate({ search: (prev) => ({ ...prev, status: next, id: undefined }), replace: true, resetScroll: false });
  }

  const panel = selected ? (
    <ServiceReviewPanel
      key={`${selected.id}:${selected.status}`}
      service={selected}
      onReviewed={(next) => setSnapshot(next)}
      onStale={() => setSnapshot(null)}
    />
  ) : search.id !== undefined && list.isSuccess ? (
    <Text c="dimmed" ta="center" py="xl" data-testid="review-missing">
      <Trans>This service is not in the current list.</Trans>
    </Text>
  ) : (
    <ReviewPlaceholder>
      <Trans>Select a service to review it.</Trans>
    </ReviewPlaceholder>
  );

  const listArea = list.isPending ? (
    <Stack gap="xs" aria-busy="true" aria-label={t`Loading services`}>
      {[0, 1, 2].map((i) => (
        <Card key={i} withBorder radius="md" p="sm">
          <Skeleton h={14} w="70%" mb={8} />
          <Skeleton h={10} w="45%" />
        </Card>
      ))}
    </Stack>
  ) : list.isError ? (
    <LoadError title={t`Failed to load services`} onRetry={() => void list.refetch()} />
  ) : (
    <ServiceReviewList items={list.data.items} selectedId={search.id} onSelect={select} />
  );

  return (
    <ReviewLayout
      title={<Trans>Service review</Trans>}
      intro={
        <Trans>
          Approve the consultancy and training services members publish, or reject them with a note. Approved services
          appear in consultation searches.
        </Trans>
      }
      counts={list.data?.counts}
      countsError={list.isError ? list.error : undefined}
      tabs={TABS}
      tab={status}
      onTab={setTab}
      list={listArea}
      panel={panel}
      wide={wide}
      drawerOpen={search.id !== undefined}
      onCloseDrawer={closePanel}
      drawerTitle={<Trans>Review service</Trans>}
    />
  );
}

function ServiceReviewList({
  items,
  selectedId,
  onSelect,
}: {
  items: ReviewedService[];
  selectedId: number | undefined;
  onSelect: (s: ReviewedService) => void;
}) {
  const { i18n } = useLingui();
  const byId = new Map(items.map((s) => [s.id, s]));
  return (
    <ReviewList
      items={items.map((s) => ({
        id: s.id,
        title: s.title,
        facts: (
          <>
            <MemberName name={s.providerName} />
            {factSeparator(i18n.locale)}
            {i18n._(CONSULTATION_TYPE_LABELS[s.serviceType])}
            {factSeparator(i18n.locale)}
            {formatDate(s.updatedAt, i18n.locale)}
          </>
        ),
        status: <ServiceStatusBadge service={s} size="sm" />,
      }))}
      selectedId={selectedId}
      onSelect={(id) => onSelect(byId.get(id) as ReviewedService)}
      empty={<Trans>No services found</Trans>}
      emptyIcon={<IconSchool size={32} color="var(--mantine-color-gray-6)" aria-hidden />}
    />
  );
}

function ServiceReviewPanel({
  service: s,
  onReviewed,
  onStale,
}: {
  service: ReviewedService;
  onReviewed: (next: ReviewedService) => void;
  onStale: () => void;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const review = useMutation(trpc.services.review.mutationOptions());
  const [notes, setNotes] = useState("");
  const [noteError, setNoteError] = useState<string | null>(null);
  const [pendingDecision, setPendingDecision] = useState<"approved" | "rejected" | null>(null);
  const titleId = useId();

  async function decide(decision: "approved" | "rejected") {
    const trimmed = notes.trim();
    if (decision === "rejected" && !trimmed) {
      setNoteError(translateServerText(Msg.serviceRejectNoteRequired));
      document.getElementById(`${titleId}-notes`)?.focus();
      return;
    }
    setPendingDecision(decision);
    try {
      await review.mutateAsync({ id: s.id, decision, notes: trimmed });
      notifications.show({
        color: "teal",
        title: t`Review submitted`,
        message: decision === "approved" ? t`The service is approved.` : t`The service is rejected.`,
      });
      onReviewed({ ...s, status: decision, adminNotes: trimmed || null, reviewedAt: new Date().toISOString() });
    } catch (error) {
      console.error("Failed to review service", error);
      notifications.show({ color: "red", title: t`Failed to review the service`, message: errorText(error) });
      const code = errorCode(error);
      if (code === "CONFLICT" || code === "NOT_FOUND") onStale();
    } finally {
      setPendingDecision(null);
      await queryClient.invalidateQueries(trpc.services.reviewList.pathFilter());
    }
  }

  const busy = review.isPending;
  const updated = formatDateTime(s.updatedAt, i18n.locale);
  return (
    <Stack gap="md" component="article" aria-labelledby={titleId} data-testid="review-panel">
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={titleId} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
            <span dir="auto">{s.title}</span>
          </Title>
          <ServiceStatusBadge service={s} style={{ flexShrink: 0 }} />
        </Group>
        <Text size="sm" c="dimmed">
          <Trans>
            By <MemberName name={s.providerName} /> · {updated}
          </Trans>
        </Text>
      </Stack>

      <ServiceDetails service={s} />

      <Divider />

      {s.status === "pending" ? (
        <Stack gap="sm" data-testid="review-form">
          <Textarea
            id={`${titleId}-notes`}
            label={t`Note to the provider`}
            description={t`Required to reject; optional on approval.`}
            value={notes}
            onChange={(e) => {
              setNotes(e.currentTarget.value);
              setNoteError(null);
            }}
            error={noteError}
            maxLength={SERVICE_LIMITS.notesChars}
            autosize
            minRows={3}
            maxRows={8}
            disabled={busy}
            data-testid="admin-notes"
          />
          <DecisionButtons onDecide={(d) => void decide(d)} pending={pendingDecision} busy={busy} />
        </Stack>
      ) : (
        <Stack gap="xs" data-testid="review-outcome">
          <Text size="sm">
            {s.reviewedAt ? (
              <Trans>Reviewed {formatDateTime(s.reviewedAt, i18n.locale)}</Trans>
            ) : (
              <Trans>Reviewed</Trans>
            )}
          </Text>
          {s.adminNotes && (
            <Alert
              color="gray"
              variant="light"
              icon={<IconMessage size={18} aria-hidden />}
              title={t`Note to the provider`}
            >
              <UserText size="sm">{s.adminNotes}</UserText>
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}
