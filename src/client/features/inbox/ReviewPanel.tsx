/**
 * The review panel of the admin inbox (spec part 2 §2, §4, §8): the full submission and, for a
 * pending one only, the points to award (50 by default, 100 or 200), optional notes, Approve and
 * Reject. A reviewed submission shows its outcome read-only.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Anchor,
  Badge,
  Divider,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCoins, IconExternalLink } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { LIMITS } from "../../../common/constants";
import { APPROVAL_POINTS, DEFAULT_APPROVAL_POINTS } from "../../../common/inbox";
import { MemberName } from "../../components/MemberName";
import { UserText } from "../../components/UserText";
import { formatDateTime, formatNumber } from "../../i18n";
import { errorCode, errorText } from "../../lib/errors";
import { SHARE_TYPE_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";
import { Fact, ShareTypeFacts, StatusBadge } from "../knowledge";
import { DecisionButtons } from "./ReviewLayout";
import type { Submission } from "./types";

type Points = (typeof APPROVAL_POINTS)[number];

/** The decision as a word inside "Submission has been {status}". */
const DECISION_WORDS: Record<"approved" | "rejected", MessageDescriptor> = {
  approved: msg({ message: "approved", context: "a submission's new status, inside a sentence" }),
  rejected: msg({ message: "rejected", context: "a submission's new status, inside a sentence" }),
};

export function ReviewPanel({
  submission: s,
  countryName,
  onReviewed,
  onStale,
}: {
  submission: Submission;
  countryName: (code: string) => string;
  /** The submission as it is after this review (for the panel until the list reloads). */
  onReviewed: (next: Submission) => void;
  /** Someone else reviewed or removed it meanwhile. */
  onStale: () => void;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const review = useMutation(trpc.inbox.review.mutationOptions());
  const [points, setPoints] = useState<Points>(DEFAULT_APPROVAL_POINTS);
  const [notes, setNotes] = useState("");
  const [pendingDecision, setPendingDecision] = useState<"approved" | "rejected" | null>(null);
  const titleId = useId();
  const pointsLabelId = useId();

  async function decide(decision: "approved" | "rejected") {
    setPendingDecision(decision);
    const trimmed = notes.trim();
    try {
      await review.mutateAsync(
        decision === "approved"
          ? { id: s.id, decision, points, notes: trimmed || undefined }
          : { id: s.id, decision, notes: trimmed || undefined },
      );
      const status = i18n._(DECISION_WORDS[decision]);
      notifications.show({
        color: "teal",
        title: t`Review submitted`,
        message: t`Submission has been ${status}`,
      });
      onReviewed({
        ...s,
        status: decision,
        pointsAwarded: decision === "approved" ? points : null,
        adminNotes: trimmed || null,
        reviewedAt: new Date().toISOString(),
      });
    } catch (error) {
      console.error("Failed to update submission", error);
      const code = errorCode(error);
      notifications.show({
        color: "red",
        title: t`Failed to update submission`,
        message: code === "UNAUTHORIZED" ? t`Please sign in to review submissions.` : errorText(error),
      });
      if (code === "CONFLICT" || code === "NOT_FOUND") onStale();
    } finally {
      setPendingDecision(null);
      await Promise.all([
        queryClient.invalidateQueries(trpc.inbox.list.pathFilter()),
        queryClient.invalidateQueries(trpc.inbox.counts.queryFilter()),
      ]);
    }
  }

  const submittedAt = formatDateTime(s.createdAt, i18n.locale);
  const award = formatNumber(points, i18n.locale);
  const busy = review.isPending;

  return (
    <Stack gap="md" component="article" aria-labelledby={titleId} data-testid="review-panel">
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={titleId} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
            <span dir="auto">{s.title}</span>
          </Title>
          <StatusBadge status={s.status} style={{ flexShrink: 0 }} />
        </Group>
        <Text size="sm" c="dimmed">
          <Trans>
            By <MemberName name={s.authorName} /> · {submittedAt}
          </Trans>
        </Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Fact label={<Trans>Type</Trans>}>
          <Badge variant="outline" color="gray" tt="none">
            {i18n._(SHARE_TYPE_LABELS[s.shareType])}
          </Badge>
        </Fact>
        <ShareTypeFacts item={s} countryName={countryName} testIdPrefix="review" />
        <Fact label={<Trans>Attachment</Trans>} testId="review-attachment">
          {s.attachmentUrl ? (
            <Anchor href={s.attachmentUrl} target="_blank" rel="noopener" inherit>
              <Group gap={4} component="span" wrap="nowrap">
                <Trans>Open attachment</Trans>
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          ) : (
            <Trans>None</Trans>
          )}
        </Fact>
      </SimpleGrid>

      <div>
        <Text size="xs" c="dimmed" fw={500} mb={4}>
          <Trans>Content</Trans>
        </Text>
        <Paper withBorder radius="md" p="sm" bg="gray.0">
          <UserText size="sm" data-testid="review-content">
            {s.content}
          </UserText>
        </Paper>
      </div>

      <Divider />

      {s.status === "pending" ? (
        <Stack gap="sm" data-testid="review-form">
          <div>
            <Text size="sm" fw={500} id={pointsLabelId} mb={4}>
              <Trans>Points to award on approval</Trans>
            </Text>
            <SegmentedControl
              value={String(points)}
              onChange={(v) => setPoints(Number(v) as Points)}
              data={APPROVAL_POINTS.map((p) => ({ value: String(p), label: formatNumber(p, i18n.locale) }))}
              aria-labelledby={pointsLabelId}
              disabled={busy}
              color="teal"
              data-testid="points-control"
            />
          </div>
          <Textarea
            label={t`Admin notes (optional)`}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            maxLength={LIMITS.approvalNotesMax}
            autosize
            minRows={3}
            maxRows={8}
            disabled={busy}
            data-testid="admin-notes"
          />
          <DecisionButtons
            onDecide={(d) => void decide(d)}
            pending={pendingDecision}
            busy={busy}
            approveLabel={<Trans>Approve (+{award} points)</Trans>}
          />
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="review-outcome">
          <Fact label={<Trans>Status</Trans>}>
            <StatusBadge status={s.status} />
          </Fact>
          <Fact label={<Trans>Points awarded</Trans>} testId="review-points">
            {s.pointsAwarded != null ? (
              <Group gap={4} component="span" wrap="nowrap">
                <IconCoins size={14} aria-hidden />
                {formatNumber(s.pointsAwarded, i18n.locale)}
              </Group>
            ) : (
              <Trans>None</Trans>
            )}
          </Fact>
          <Fact label={<Trans>Reviewed</Trans>}>
            {s.reviewedAt ? formatDateTime(s.reviewedAt, i18n.locale) : <Trans>Not recorded</Trans>}
          </Fact>
          <Fact label={<Trans>Admin notes</Trans>} testId="review-notes" wide>
            {s.adminNotes ? <UserText inherit>{s.adminNotes}</UserText> : <Trans>None</Trans>}
          </Fact>
        </SimpleGrid>
      )}
    </Stack>
  );
}
