/**
 * One published knowledge item as a card (the library list and a member's page): type,
 * category, title linking to its reading page, excerpt, author (linking to their member page
 * unless `hideAuthor`), date and likes.
 */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Avatar, Badge, Card, Group, Skeleton, Stack, Text } from "@mantine/core";
import { IconHeart, IconHeartFilled, IconPaperclip } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import type { ShareType } from "../../../common/knowledge";
import { UserText, useStartAlign } from "../../components/UserText";
import { formatDate, formatNumber } from "../../i18n";
import { SHARE_TYPE_LABELS } from "../../lib/labels";
import { categoryLabel } from "../knowledge";

export interface LibraryCard {
  id: number;
  title: string;
  excerpt: string;
  shareType: ShareType;
  category: string;
  hasAttachment: boolean;
  publishedAt: Date | string;
  likeCount: number;
  likedByMe: boolean;
  author: { userId: string; name: string; photoUrl: string | null };
}

/** The author's photo and name, linking to their member page. */
export function AuthorLink({ author, size = 28 }: { author: LibraryCard["author"]; size?: number }) {
  return (
    <Group gap={8} wrap="nowrap" miw={0}>
      <Avatar src={author.photoUrl} name={author.name} color="initials" size={size} radius="xl" alt="" />
      <Anchor
        renderRoot={(props) => <Link to="/members/$userId" params={{ userId: author.userId }} {...props} />}
        size="sm"
        fw={500}
        truncate
        data-testid="author-link"
      >
        <bdi>{author.name}</bdi>
      </Anchor>
    </Group>
  );
}

/** The like count with a filled heart when the viewer likes it. */
export function LikeCount({ count, liked }: { count: number; liked: boolean }) {
  const { i18n } = useLingui();
  const Icon = liked ? IconHeartFilled : IconHeart;
  return (
    <Group
      gap={4}
      wrap="nowrap"
      role="img"
      aria-label={plural(count, { one: "# like", other: "# likes" })}
      data-testid="like-count"
    >
      <Icon size={16} color="var(--mantine-color-red-7)" aria-hidden />
      <Text size="sm" aria-hidden>
        {formatNumber(count, i18n.locale)}
      </Text>
    </Group>
  );
}

export function KnowledgeCard({
  item,
  countryName,
  hideAuthor = false,
}: {
  item: LibraryCard;
  countryName: (code: string) => string;
  hideAuthor?: boolean;
}) {
  const { i18n } = useLingui();
  const titleId = useId();
  const start = useStartAlign();
  return (
    <Card withBorder radius="lg" p="md" component="article" aria-labelledby={titleId} data-testid="knowledge-card">
      <Stack gap="xs" h="100%">
        <Group gap={6} wrap="wrap">
          <Badge variant="light" color="teal" tt="none">
            {i18n._(SHARE_TYPE_LABELS[item.shareType])}
          </Badge>
          <Badge variant="outline" color="gray" tt="none" maw="100%">
            {categoryLabel(i18n, item.shareType, item.category, countryName)}
          </Badge>
          {item.hasAttachment && <IconPaperclip size={14} color="var(--mantine-color-dimmed)" aria-hidden />}
        </Group>
        <Anchor
          renderRoot={(props) => <Link to="/knowledge/$itemId" params={{ itemId: String(item.id) }} {...props} />}
          id={titleId}
          fw={700}
          size="md"
          c="var(--mantine-color-text)"
          lineClamp={2}
          dir="auto"
          ta={start}
          data-testid="knowledge-card-title"
        >
          {item.title}
        </Anchor>
        <UserText size="sm" c="dimmed" lineClamp={3} preWrap={false} style={{ flex: 1 }}>
          {item.excerpt}
        </UserText>
        <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
          {hideAuthor ? <span /> : <AuthorLink author={item.author} size={24} />}
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Text size="xs" c="dimmed" component="time" dateTime={new Date(item.publishedAt).toISOString()}>
              {formatDate(item.publishedAt, i18n.locale)}
            </Text>
            <LikeCount count={item.likeCount} liked={item.likedByMe} />
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/** Placeholder card while a page loads. */
export function KnowledgeCardSkeleton() {
  return (
    <Card withBorder radius="lg" p="md" aria-hidden>
      <Stack gap="xs">
        <Group gap={6}>
          <Skeleton h={18} w={90} radius="xl" />
          <Skeleton h={18} w={70} radius="xl" />
        </Group>
        <Skeleton h={16} w="80%" />
        <Skeleton h={10} w="100%" />
        <Skeleton h={10} w="90%" />
        <Group justify="space-between">
          <Skeleton h={24} w={120} radius="xl" />
          <Skeleton h={12} w={60} />
        </Group>
      </Stack>
    </Card>
  );
}

/** "No knowledge shared yet" for a member's page. */
export function NoKnowledge() {
  return (
    <Text size="sm" c="dimmed" data-testid="no-knowledge">
      <Trans>No published knowledge yet.</Trans>
    </Text>
  );
}
