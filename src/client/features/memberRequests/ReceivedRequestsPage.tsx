/**
 * Received Member Requests `/member-request/received` (spec part 2 §2, §4, §8; DESIGN.md §9):
 * the active requests of other members that match the viewer's profile, newest first, loaded a
 * page at a time. Respond to Request opens the response dialog; Ignore archives the request for
 * this member. Either way the card leaves the list and the badge count is refreshed.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  IconArchive,
  IconBox,
  IconBuildingFactory2,
  IconInbox,
  IconMessageReply,
  IconUserCircle,
  IconWorld,
} from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useEffect, useState } from "react";
import { RECEIVED_PAGE_SIZE } from "../../../common/memberRequests";
import { LoadMore } from "../../components/ListPagination";
import { LoadError } from "../../components/LoadError";
import { UserText } from "../../components/UserText";
import { formatDateTime } from "../../i18n";
import { errorText } from "../../lib/errors";
import { sectorName } from "../../lib/reference";
import { useTRPC } from "../../trpc";
import { RequestBadges } from "./RequestBadges";
import { RespondDialog } from "./RespondDialog";
import type { ReceivedRequest } from "./types";

export function ReceivedRequestsPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useDocumentTitle(t`Received Member Requests`);
  const input = { limit: RECEIVED_PAGE_SIZE };
  const list = useInfiniteQuery(
    trpc.memberRequests.received.infiniteQueryOptions(input, { getNextPageParam: (last) => last.nextCursor }),
  );
  const ignore = useMutation(trpc.memberRequests.ignore.mutationOptions());
  const [responding, setResponding] = useState<ReceivedRequest | null>(null);
  const [ignoring, setIgnoring] = useState<number | null>(null);

  useEffect(() => {
    if (list.error) console.error("Failed to load member requests", list.error);
  }, [list.error]);

  /** Takes the card out at once, then reloads the list and the badge from the server. */
  async function leave(requestId: number) {
    const key = trpc.memberRequests.received.infiniteQueryKey(input);
    queryClient.setQueryData(key, (old) =>
      old ? { ...old, pages: old.pages.map((p) => ({ ...p, items: p.items.filter((r) => r.id !== requestId) })) } : old,
    );
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.memberRequests.received.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.badges.get.queryKey() }),
    ]);
  }

  async function archive(request: ReceivedRequest) {
    setIgnoring(request.id);
    try {
      await ignore.mutateAsync({ requestId: request.id });
    } catch (error) {
      console.error("Failed to archive request", error);
      notifications.show({ color: "red", title: t`Failed to archive request`, message: errorText(error) });
      return;
    } finally {
      setIgnoring(null);
    }
    notifications.show({
      color: "teal",
      title: t`Request Archived`,
      message: t`The request has been moved to your archived list`,
    });
    await leave(request.id);
  }

  const requests = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack maw={1100} mx="auto" gap="md" pb="md">
      <div>
        <Title order={1} size="h2">
          <Trans>Received Member Requests</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>Requests from other members that match your sectors, target countries and activity.</Trans>
        </Text>
      </div>

      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" aria-label={t`Loading requests`}>
          {[0, 1, 2, 3].map((i) => (
            <RequestCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      ) : list.isError && requests.length === 0 ? (
        <LoadError title={t`Failed to load member requests`} error={list.error} onRetry={() => void list.refetch()} />
      ) : requests.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="received-requests">
            {requests.map((r) => (
              <RequestCard
                key={r.id}
                request={r}
                onRespond={() => setResponding(r)}
                onIgnore={() => void archive(r)}
                ignoring={ignoring === r.id}
              />
            ))}
          </SimpleGrid>
          {list.isFetchNextPageError && <LoadError title={t`Failed to load member requests`} error={list.error} />}
          {list.hasNextPage && <LoadMore onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} />}
          {list.isFetchingNextPage && (
            <SimpleGrid cols={{ base: 1, md: 2 }} aria-hidden>
              <RequestCardSkeleton />
              <RequestCardSkeleton />
            </SimpleGrid>
          )}
        </>
      )}

      <RespondDialog
        request={responding}
        onClose={() => setResponding(null)}
        onResponded={(id) => {
          setResponding(null);
          void leave(id);
        }}
      />
    </Stack>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color="gray" size="sm" radius="sm" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text size="sm" style={{ minWidth: 0 }}>
        <Text span c="dimmed" size="sm">
          {label}:
        </Text>{" "}
        {children}
      </Text>
    </Group>
  );
}

function RequestCard({
  request: r,
  onRespond,
  onIgnore,
  ignoring,
}: {
  request: ReceivedRequest;
  onRespond: () => void;
  onIgnore: () => void;
  ignoring: boolean;
}) {
  const { t, i18n } = useLingui();
  const fa = i18n.locale === "fa";
  const name = r.posterName ?? t`Anonymous Member`;
  const product = r.productId !== null ? (fa ? r.productNameFa : r.productNameEn) : null;
  const country = r.countryCode !== null ? (fa ? r.countryNameFa : r.countryNameEn) : null;
  return (
    <Card withBorder radius="lg" p="lg" data-testid="request-card" component="article" aria-label={name}>
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar color="teal" radius="xl" name={r.posterName ?? undefined}>
            {r.posterName ? undefined : <IconUserCircle size={22} aria-hidden />}
          </Avatar>
          <div style={{ minWidth: 0, flex: 1 }}>
            <UserText fw={600} truncate preWrap={false} data-testid="requester-name">
              {name}
            </UserText>
            <Text size="xs" c="dimmed">
              <time dateTime={String(r.createdAt)}>{formatDateTime(r.createdAt, i18n.locale)}</time>
            </Text>
          </div>
        </Group>
        <RequestBadges
          urgency={r.urgency}
          requestType={r.requestType}
          activityType={r.activityType}
          subActivity={r.subActivity}
        />
        {r.title && (
          <UserText fw={700} size="lg" data-testid="request-title">
            {r.title}
          </UserText>
        )}
        <UserText data-testid="request-description">{r.description}</UserText>
        {(product || country || r.sector) && (
          <Stack gap={6}>
            {product && (
              <Detail icon={<IconBox size={14} />} label={t`Product`}>
                {product}
              </Detail>
            )}
            {country && (
              <Detail icon={<IconWorld size={14} />} label={t`Country`}>
                {country}
              </Detail>
            )}
            {r.sector && (
              <Detail icon={<IconBuildingFactory2 size={14} />} label={t`Sector`}>
                {sectorName(r.sector, i18n.locale)}
              </Detail>
            )}
          </Stack>
        )}
        <Group gap="sm" mt="auto" pt="xs">
          <Button leftSection={<IconMessageReply size={16} aria-hidden />} onClick={onRespond} data-testid="respond">
            <Trans>Respond to Request</Trans>
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

function RequestCardSkeleton() {
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

function EmptyState() {
  return (
    <Card withBorder radius="lg" p="xl" data-testid="received-empty">
      <Stack align="center" ta="center" gap="sm" maw={520} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal">
          <IconInbox size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h4">
          <Trans>No member requests for you yet</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>
            Requests reach you by the industrial sectors, target countries and activity in your profile. Complete your
            profile so that more members' requests match you.
          </Trans>
        </Text>
        <Button component={Link} to="/profile" leftSection={<IconUserCircle size={16} aria-hidden />}>
          <Trans>Complete Your Profile</Trans>
        </Button>
      </Stack>
    </Card>
  );
}
