/**
 * My posts `/posts/mine` (issue #14; ADR 16): the member's own requests and offers of every
 * service area, newest first, a page at a time (`posts.mine`), filtered by area through the URL
 * (`?area=`). Each shows its area and kind, state (active, closed, expired), its fields, when it
 * was posted and until when it is open, and how many responses it received (a link to the
 * responses of its area). Close asks for confirmation, then the post leaves everyone's received
 * lists and shows as closed.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconLock, IconMessages, IconNotes, IconSend } from "@tabler/icons-react";
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { PostArea } from "../../../common/constants";
import { RECEIVED_PAGE_SIZE } from "../../../common/memberRequests";
import { staleResultsStyle } from "../../components/FilteredListStates";
import { LoadMore } from "../../components/ListPagination";
import { LoadError } from "../../components/LoadError";
import { formatDate } from "../../i18n";
import { errorText } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import { AreaFilter } from "./AreaFilter";
import { AREA_LABELS } from "./labels";
import { PostCardSkeleton } from "./PostCard";
import { PostBadges, PostDetails } from "./PostDetails";
import type { MyPost } from "./types";

const route = getRouteApi("/_app/posts/mine");

export function MyPostsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`My posts`);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const input = { area: search.area, limit: RECEIVED_PAGE_SIZE };
  const list = useInfiniteQuery({
    ...trpc.posts.mine.infiniteQueryOptions(input, { getNextPageParam: (last) => last.nextCursor }),
    placeholderData: keepPreviousData,
  });
  const close = useMutation(trpc.posts.close.mutationOptions());
  const [closing, setClosing] = useState<MyPost | null>(null);

  useEffect(() => {
    if (list.error) console.error("Failed to load my posts", list.error);
  }, [list.error]);

  function setArea(area: PostArea | undefined) {
    void navigate({ search: (prev) => ({ ...prev, area }), resetScroll: false });
  }

  async function confirmClose() {
    if (!closing) return;
    const post = closing;
    try {
      await close.mutateAsync({ postId: post.id });
    } catch (error) {
      console.error("Failed to close post", error);
      notifications.show({ color: "red", title: t`Failed to close the post`, message: errorText(error) });
      return;
    }
    queryClient.setQueryData(trpc.posts.mine.infiniteQueryKey(input), (old) =>
      old
        ? {
            ...old,
            pages: old.pages.map((p) => ({
              ...p,
              items: p.items.map((r) => (r.id === post.id ? { ...r, status: "closed" as const } : r)),
            })),
          }
        : old,
    );
    setClosing(null);
    notifications.show({
      color: "teal",
      title: t`Post closed`,
      message: t`It no longer reaches other members.`,
    });
    await queryClient.invalidateQueries({ queryKey: trpc.posts.mine.pathKey() });
  }

  const posts = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack maw={1100} mx="auto" gap="md" pb="md">
      <div>
        <Title order={1} size="h2">
          <Trans>My posts</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>Your requests and offers in every service area, with the responses they received.</Trans>
        </Text>
      </div>

      <AreaFilter value={search.area} onChange={setArea} />

      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" aria-label={t`Loading your posts`}>
          {[0, 1].map((i) => (
            <PostCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      ) : list.isError && posts.length === 0 ? (
        <LoadError title={t`Failed to load your posts`} error={list.error} onRetry={() => void list.refetch()} />
      ) : posts.length === 0 ? (
        <EmptyState filtered={search.area !== undefined} onReset={() => setArea(undefined)} />
      ) : (
        <>
          <SimpleGrid
            cols={{ base: 1, md: 2 }}
            data-testid="my-posts"
            style={staleResultsStyle(list.isPlaceholderData)}
          >
            {posts.map((p) => (
              <MyPostCard key={p.id} post={p} onClose={() => setClosing(p)} />
            ))}
          </SimpleGrid>
          {list.isFetchNextPageError && <LoadError title={t`Failed to load your posts`} error={list.error} />}
          {list.hasNextPage && <LoadMore onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} />}
        </>
      )}

      <Modal
        opened={closing !== null}
        onClose={() => !close.isPending && setClosing(null)}
        title={<Trans>Close this post?</Trans>}
        centered
        closeButtonProps={{ "aria-label": t`Cancel` }}
      >
        <Stack gap="md">
          <Text size="sm">
            <Trans>
              A closed post leaves every member's received list and cannot be opened again. The responses you already
              received stay in Responses.
            </Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setClosing(null)} disabled={close.isPending} data-autofocus>
              <Trans>Keep it open</Trans>
            </Button>
            <Button
              color="red"
              loading={close.isPending}
              onClick={() => void confirmClose()}
              data-testid="close-post-confirm"
            >
              <Trans>Close post</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function StatusBadge({ status }: { status: MyPost["status"] }) {
  const { t } = useLingui();
  const [color, text] =
    status === "active"
      ? (["green", t`Active`] as const)
      : status === "closed"
        ? (["gray", t`Closed`] as const)
        : (["orange", t`Expired`] as const);
  return (
    <Badge color={color} variant="light" style={{ flexShrink: 0 }} data-testid="post-status" data-status={status}>
      {text}
    </Badge>
  );
}

function MyPostCard({ post, onClose }: { post: MyPost; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const area = i18n._(AREA_LABELS[post.area]);
  const posted = formatDate(post.createdAt, i18n.locale);
  const until = formatDate(post.expiresAt, i18n.locale);
  const count = post.responses;
  return (
    <Card withBorder radius="lg" p="lg" component="article" aria-label={area} data-testid="my-post">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Group gap={6} style={{ minWidth: 0 }}>
            <Badge
              color="teal"
              variant="light"
              tt="none"
              maw="100%"
              h="auto"
              py={2}
              styles={{ label: { whiteSpace: "normal", overflow: "visible" } }}
              data-testid="post-area"
            >
              {area}
            </Badge>
            <Badge color="indigo" variant="outline" data-testid="post-kind">
              {post.kind === "offer" ? t`Offer` : t`Request`}
            </Badge>
          </Group>
          <StatusBadge status={post.status} />
        </Group>
        <PostBadges post={post} />
        <PostDetails post={post} />
        <Text size="xs" c="dimmed">
          <Trans>
            Posted <time dateTime={String(post.createdAt)}>{posted}</time>
          </Trans>
          {" · "}
          {post.status === "active" ? (
            <Trans>
              open until <time dateTime={String(post.expiresAt)}>{until}</time>
            </Trans>
          ) : post.status === "expired" ? (
            <Trans>
              expired on <time dateTime={String(post.expiresAt)}>{until}</time>
            </Trans>
          ) : (
            <Trans>closed</Trans>
          )}
        </Text>
        <Group justify="space-between" gap="sm" mt="auto" pt="xs">
          <Group gap={6} wrap="nowrap">
            <IconMessages size={16} aria-hidden />
            {count > 0 ? (
              <Anchor
                renderRoot={(props) => <Link {...props} to="/offers/received" search={{ area: post.area }} />}
                size="sm"
                data-testid="post-responses"
              >
                <Plural value={count} one="# response" other="# responses" />
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed" data-testid="post-responses">
                <Trans>No responses yet</Trans>
              </Text>
            )}
          </Group>
          {post.status === "active" && (
            <Button
              variant="default"
              color="red"
              size="sm"
              leftSection={<IconLock size={16} aria-hidden />}
              onClick={onClose}
              data-testid="close-post"
            >
              <Trans>Close</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function EmptyState({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  return (
    <Card withBorder radius="lg" p="xl" data-testid="my-posts-empty">
      <Stack align="center" ta="center" gap="sm" maw={520} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal">
          <IconNotes size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h4">
          {filtered ? <Trans>No posts in this area</Trans> : <Trans>You have not posted anything yet</Trans>}
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Send a request or an offer from the dashboard's services; it appears here with its responses.</Trans>
        </Text>
        {filtered ? (
          <Button variant="default" onClick={onReset}>
            <Trans>Show every area</Trans>
          </Button>
        ) : (
          <Button component={Link} to="/dashboard" leftSection={<IconSend size={16} aria-hidden />}>
            <Trans>Go to the services</Trans>
          </Button>
        )}
      </Stack>
    </Card>
  );
}
