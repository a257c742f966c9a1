import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Card, Group, Skeleton, Stack, Text } from "@mantine/core";
import { IconInbox, IconPaperclip } from "@tabler/icons-react";
import { UserText } from "../../components/UserText";
import { factSeparator, formatDate } from "../../i18n";
import { SHARE_TYPE_LABELS } from "../../lib/labels";
import { StatusBadge } from "../knowledge";
import { ReviewRow } from "./ReviewLayout";
import type { Submission } from "./types";

/** The author's name, or the spec's fallback when the profile has none. */
export function AuthorName({ name }: { name: string | null }) {
  return name ? <bdi>{name}</bdi> : <Trans>Unknown User</Trans>;
}

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
  if (items.length === 0) {
    return (
      <Card withBorder radius="lg" p="xl" data-testid="inbox-empty">
        <Stack align="center" gap="xs">
          <IconInbox size={32} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text c="dimmed" ta="center">
            <Trans>No submissions found</Trans>
          </Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} data-testid="inbox-list">
      {items.map((s) => {
        const selected = s.id === selectedId;
        return (
          <ReviewRow key={s.id} id={s.id} selected={selected} onSelect={() => onSelect(s)}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <UserText fw={600} size="sm" lineClamp={2} preWrap={false}>
                  {s.title}
                </UserText>
                <Text size="xs" c="dimmed" truncate>
                  <AuthorName name={s.authorName} />
                  {factSeparator(i18n.locale)}
                  {formatDate(s.createdAt, i18n.locale)}
                </Text>
                <Group gap={6}>
                  <Badge size="sm" variant="outline" color="gray" tt="none">
                    {i18n._(SHARE_TYPE_LABELS[s.shareType])}
                  </Badge>
                  {s.attachmentUrl && <IconPaperclip size={14} color="var(--mantine-color-dimmed)" aria-hidden />}
                </Group>
              </Stack>
              <StatusBadge status={s.status} size="sm" style={{ flexShrink: 0 }} />
            </Group>
          </ReviewRow>
        );
      })}
    </Stack>
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
