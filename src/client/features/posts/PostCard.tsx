/**
 * One card of a Received page (issue #14): the poster's name and avatar, when it was posted and
 * until when it is open, the post's badges and fields (`PostDetails`), and Respond and Ignore.
 * Requests read "Respond to Request", offers "Respond to Offer".
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar, Button, Card, Group, Skeleton, Stack, Text } from "@mantine/core";
import { IconArchive, IconMessageReply, IconUserCircle } from "@tabler/icons-react";
import { useMemberName } from "../../components/MemberName";
import { UserText } from "../../components/UserText";
import { formatDate, formatDateTime } from "../../i18n";
import { PostBadges, PostDetails } from "./PostDetails";
import type { ReceivedPost } from "./types";

export function PostCard({
  post,
  onRespond,
  onIgnore,
  ignoring,
}: {
  post: ReceivedPost;
  onRespond: () => void;
  onIgnore: () => void;
  ignoring: boolean;
}) {
  const { i18n } = useLingui();
  const name = useMemberName()(post.posterName);
  const until = formatDate(post.expiresAt, i18n.locale);
  return (
    <Card withBorder radius="lg" p="lg" data-testid="request-card" component="article" aria-label={name}>
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar color="teal" radius="xl" name={post.posterName ?? undefined}>
            {post.posterName ? undefined : <IconUserCircle size={22} aria-hidden />}
          </Avatar>
          <div style={{ minWidth: 0, flex: 1 }}>
            <UserText fw={600} truncate preWrap={false} data-testid="requester-name">
              {name}
            </UserText>
            <Text size="xs" c="dimmed">
              <time dateTime={String(post.createdAt)}>{formatDateTime(post.createdAt, i18n.locale)}</time>
              {" · "}
              <span data-testid="post-expiry">
                <Trans>
                  open until <time dateTime={String(post.expiresAt)}>{until}</time>
                </Trans>
              </span>
            </Text>
          </div>
        </Group>
        <PostBadges post={post} />
        <PostDetails post={post} />
        <Group gap="sm" mt="auto" pt="xs">
          <Button leftSection={<IconMessageReply size={16} aria-hidden />} onClick={onRespond} data-testid="respond">
            {post.kind === "offer" ? <Trans>Respond to Offer</Trans> : <Trans>Respond to Request</Trans>}
          </Button>
          <Button
            variant="default"
            leftSection={<IconArchive size={16} aria-hidden />}
            onClick={onIgnore}
            loading={ignoring}
            data-testid="ignore"
          >
            <Trans>Ignore</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A card's shape while the list loads. */
export function PostCardSkeleton() {
  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Group gap="sm">
          <Skeleton h={38} w={38} circle />
          <div style={{ flex: 1 }}>
            <Skeleton h={14} w="40%" mb={6} />
            <Skeleton h={10} w="30%" />
          </div>
        </Group>
        <Group gap={6}>
          <Skeleton h={20} w={70} radius="xl" />
          <Skeleton h={20} w={110} radius="xl" />
        </Group>
        <Skeleton h={12} />
        <Skeleton h={12} w="85%" />
        <Skeleton h={12} w="50%" />
        <Group gap="sm" mt="xs">
          <Skeleton h={36} w={170} radius="sm" />
          <Skeleton h={36} w={90} radius="sm" />
        </Group>
      </Stack>
    </Card>
  );
}
