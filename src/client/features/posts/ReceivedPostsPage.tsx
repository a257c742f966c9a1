/**
 * A board's Received page (issue #14; ADR 16; spec part 2 §2, §4, §8): the active posts of other
 * members routed to the viewer on one board (`posts.received`), newest first (information:
 * experts first), loaded a page at a time. Respond opens the response dialog; Ignore archives
 * the post for this member. Either way the card leaves the list and the badges are refreshed
 * (the live badge also follows the server's events). `/member-request/received` is this page for
 * `membership.request`, with its texts and test ids.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconInbox, IconPresentation, IconUserCircle } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { RECEIVED_PAGE_SIZE } from "../../../common/memberRequests";
import type { Board } from "../../../common/posts";
import { LoadMore } from "../../components/ListPagination";
import { LoadError } from "../../components/LoadError";
import { errorText } from "../../lib/errors";
import { useTRPC } from "../../trpc";
import { RECEIVED_TITLES } from "./labels";
import { PostCard, PostCardSkeleton } from "./PostCard";
import { RespondDialog } from "./RespondDialog";
import type { ReceivedPost } from "./types";

export function ReceivedPostsPage({ board }: { board: Board }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const membership = board === "membership.request";
  const offers = board.endsWith(".offer");
  const consultancy = board === "consultancy.request";
  const title = i18n._(RECEIVED_TITLES[board]);
  useDocumentTitle(title);
  const input = { board, limit: RECEIVED_PAGE_SIZE };
  const list = useInfiniteQuery(
    trpc.posts.received.infiniteQueryOptions(input, { getNextPageParam: (last) => last.nextCursor }),
  );
  const ignore = useMutation(trpc.posts.ignore.mutationOptions());
  const [responding, setResponding] = useState<ReceivedPost | null>(null);
  const [ignoring, setIgnoring] = useState<number | null>(null);
  const loadFailed = membership ? t`Failed to load member requests` : t`Failed to load posts`;

  useEffect(() => {
    if (list.error) console.error("Failed to load received posts", board, list.error);
  }, [list.error, board]);

  /** Takes the card out at once, then reloads the list and the badges from the server. */
  async function leave(postId: number) {
    const key = trpc.posts.received.infiniteQueryKey(input);
    queryClient.setQueryData(key, (old) =>
      old ? { ...old, pages: old.pages.map((p) => ({ ...p, items: p.items.filter((r) => r.id !== postId) })) } : old,
    );
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.posts.received.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.badges.get.queryKey() }),
    ]);
  }

  async function archive(post: ReceivedPost) {
    setIgnoring(post.id);
    try {
      await ignore.mutateAsync({ postId: post.id, board });
    } catch (error) {
      console.error("Failed to archive post", error);
      notifications.show({
        color: "red",
        title: post.kind === "offer" ? t`Failed to archive offer` : t`Failed to archive request`,
        message: errorText(error),
      });
      return;
    } finally {
      setIgnoring(null);
    }
    notifications.show({
      color: "teal",
      title: post.kind === "offer" ? t`Offer Archived` : t`Request Archived`,
      message:
        post.kind === "offer"
          ? t`The offer has been moved to your archived list`
          : t`The request has been moved to your archived list`,
    });
    await leave(post.id);
  }

  const posts = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack maw={1100} mx="auto" gap="md" pb="md">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {membership ? (
            <Trans>Requests from other members that match your sectors, target countries and activity.</Trans>
          ) : consultancy ? (
            <Trans>
              Consultancy and training requests that match your approved services, and those that no service matched.
              Respond with a message and, if you like, a date and session mode.
            </Trans>
          ) : offers ? (
            <Trans>Offers from other members that match your profile. Respond to the ones that interest you.</Trans>
          ) : (
            <Trans>Requests from other members that match your profile. Respond to the ones you can help with.</Trans>
          )}
        </Text>
      </div>

      {list.isPending ? (
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          aria-busy="true"
          aria-label={offers ? t`Loading offers` : t`Loading requests`}
        >
          {[0, 1, 2, 3].map((i) => (
            <PostCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      ) : list.isError && posts.length === 0 ? (
        <LoadError title={loadFailed} error={list.error} onRetry={() => void list.refetch()} />
      ) : posts.length === 0 ? (
        <EmptyState membership={membership} offers={offers} consultancy={consultancy} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="received-requests">
            {posts.map((p) => (
              <PostCard
                key={p.id}
                post={p}
                onRespond={() => setResponding(p)}
                onIgnore={() => void archive(p)}
                ignoring={ignoring === p.id}
              />
            ))}
          </SimpleGrid>
          {list.isFetchNextPageError && <LoadError title={loadFailed} error={list.error} />}
          {list.hasNextPage && <LoadMore onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} />}
          {list.isFetchingNextPage && (
            <SimpleGrid cols={{ base: 1, md: 2 }} aria-hidden>
              <PostCardSkeleton />
              <PostCardSkeleton />
            </SimpleGrid>
          )}
        </>
      )}

      <RespondDialog
        post={responding}
        onClose={() => setResponding(null)}
        onResponded={(id) => {
          setResponding(null);
          void leave(id);
        }}
      />
    </Stack>
  );
}

function EmptyState({
  membership,
  offers,
  consultancy,
}: {
  membership: boolean;
  offers: boolean;
  consultancy: boolean;
}) {
  return (
    <Card withBorder radius="lg" p="xl" data-testid="received-empty">
      <Stack align="center" ta="center" gap="sm" maw={520} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal">
          <IconInbox size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h4">
          {membership ? (
            <Trans>No member requests for you yet</Trans>
          ) : offers ? (
            <Trans>No offers for you yet</Trans>
          ) : (
            <Trans>No requests for you yet</Trans>
          )}
        </Title>
        <Text c="dimmed" size="sm">
          {membership ? (
            <Trans>
              Requests reach you by the industrial sectors, target countries and activity in your profile. Complete your
              profile so that more members' requests match you.
            </Trans>
          ) : consultancy ? (
            <Trans>
              Consultation requests reach the providers of the approved services they match. Publish a service so that
              members' requests reach you.
            </Trans>
          ) : (
            <Trans>
              Posts reach you by the sectors, countries, activities and expertise in your profile. Complete your profile
              so that more members' posts match you.
            </Trans>
          )}
        </Text>
        {consultancy ? (
          <Button
            component={Link}
            to="/consultancy/send-offer"
            leftSection={<IconPresentation size={16} aria-hidden />}
          >
            <Trans>Publish a service</Trans>
          </Button>
        ) : (
          <Button component={Link} to="/profile" leftSection={<IconUserCircle size={16} aria-hidden />}>
            <Trans>Complete Your Profile</Trans>
          </Button>
        )}
      </Stack>
    </Card>
  );
}
