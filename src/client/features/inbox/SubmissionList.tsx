import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Card, Group, Skeleton, Stack } from "@mantine/core";
import { IconInbox, IconPaperclip } from "@tabler/icons-react";
import { MemberName } from "../../components/MemberName";
import { factSeparator, formatDate } from "../../i18n";
import { SHARE_TYPE_LABELS } from "../../lib/labels";
import { StatusBadge } from "../knowledge";
import { ReviewList } from "./ReviewLayout";
import type { Submission } from "./types";

/**
 * Submissions newest first; each row is a button that opens the review panel. The selected row
 * is marked for assistive technology with `aria-current`.
 */
export function SubmissionList({
  items,
  selectedId,
  onSelect,
}: {
  items: Submission[];
  selectedId: number | undefined;
  onSelect: (s: Submission) => void;
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
            <MemberName name={s.authorName} />
            {factSeparator(i18n.locale)}
            {formatDate(s.createdAt, i18n.locale)}
          </>
        ),
        extra: (
          <Group gap={6}>
            <Badge size="sm" variant="outline" color="gray" tt="none">
              {i18n._(SHARE_TYPE_LABELS[s.shareType])}
            </Badge>
            {s.attachmentUrl && <IconPaperclip size={14} color="var(--mantine-color-dimmed)" aria-hidden />}
          </Group>
        ),
        status: <StatusBadge status={s.status} size="sm" />,
      }))}
      selectedId={selectedId}
      onSelect={(id) => onSelect(byId.get(id) as Submission)}
      empty={<Trans>No submissions found</Trans>}
      emptyIcon={<IconInbox size={32} color="var(--mantine-color-gray-5)" aria-hidden />}
    />
  );
}

export function SubmissionListSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="xs" aria-busy="true" aria-label={t`Loading submissions`} data-testid="inbox-skeleton">
      {[0, 1, 2, 3, 4].map((i) => (
        <Card key={i} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton h={14} w="70%" />
              <Skeleton h={10} w="45%" />
              <Skeleton h={16} w={90} radius="xl" />
            </Stack>
            <Skeleton h={18} w={64} radius="xl" />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
