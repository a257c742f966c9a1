/**
 * Received Offers `/offers/received` (spec part 2 §2, §4, §5, §8): the responses to the
 * viewer's requests, newest first — responder, date, the request's type and text, the response,
 * the contact block (hidden until revealed) and the rating. Opening the page marks the offers
 * read, which clears the unread-offers badge.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Avatar,
  Badge,
  Blockquote,
  Button,
  Card,
  Divider,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconCalendar, IconMailOpened, IconSend, IconUserCircle, IconUsers } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import type { inferRouterOutputs } from "@trpc/server";
import { useEffect, useRef } from "react";
import type { PostArea } from "../../../common/constants";
import type { AppRouter } from "../../../server/trpc/router";
import { staleResultsStyle } from "../../components/FilteredListStates";
import { LoadError } from "../../components/LoadError";
import { useMemberName } from "../../components/MemberName";
import { UserText } from "../../components/UserText";
import { formatCalendarDate, formatDateTime } from "../../i18n";
import { CONSULTATION_TYPE_LABELS, EXPORT_SERVICE_LABELS, SESSION_MODE_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";
import { RequestBadges } from "../memberRequests";
import { AreaFilter } from "../posts/AreaFilter";
import { AREA_LABELS } from "../posts/labels";
import { Detail } from "../posts/PostDetails";
import { ContactBlock } from "./ContactBlock";
import { OfferRating } from "./OfferRating";

type Offer = inferRouterOutputs<AppRouter>["offers"]["list"][number];

const route = getRouteApi("/_app/offers/received");

export function ReceivedOffersPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useDocumentTitle(t`Received Offers`);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // Unfiltered, the key stays `offers.list` without input, the one OfferRating updates.
  const list = useQuery({
    ...trpc.offers.list.queryOptions(search.area ? { area: search.area } : undefined),
    placeholderData: keepPreviousData,
  });
  const markRead = useMutation(trpc.offers.markRead.mutationOptions());
  const marked = useRef(false);

  // Opening the page reads the offers (spec part 2 §2): once per visit.
  useEffect(() => {
    if (marked.current) return;
    marked.current = true;
    markRead.mutate(undefined, {
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.badges.get.queryKey() }),
      onError: (error) => console.error("Failed to mark offers read", error),
    });
  }, [markRead, queryClient, trpc]);

  useEffect(() => {
    if (list.error) console.error("Failed to load received offers", list.error);
  }, [list.error]);

  function setArea(area: PostArea | undefined) {
    void navigate({ search: (prev) => ({ ...prev, area }), resetScroll: false });
  }

  return (
    <Stack maw={1100} mx="auto" gap="md" pb="md">
      <div>
        <Title order={1} size="h2">
          <Trans>Received Offers</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>
            Members' responses to your requests and offers. Reveal their contact details to follow up, and rate each
            offer.
          </Trans>
        </Text>
      </div>

      <AreaFilter value={search.area} onChange={setArea} />

      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" aria-label={t`Loading offers`}>
          {[0, 1, 2, 3].map((i) => (
            <OfferCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      ) : list.isError ? (
        <LoadError title={t`Failed to load received offers`} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        search.area ? (
          <FilteredEmpty onReset={() => setArea(undefined)} />
        ) : (
          <EmptyState />
        )
      ) : (
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          data-testid="received-offers"
          style={staleResultsStyle(list.isPlaceholderData)}
        >
          {list.data.map((offer) => (
            <OfferCard key={offer.id} offer={offer} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function OfferCard({ offer }: { offer: Offer }) {
  const { t, i18n } = useLingui();
  const name = useMemberName()(offer.responderName);
  return (
    <Card withBorder radius="lg" p="lg" component="article" aria-label={name} data-testid="offer-card">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar color="teal" radius="xl" name={offer.responderName ?? undefined}>
            {offer.responderName ? undefined : <IconUserCircle size={22} aria-hidden />}
          </Avatar>
          <div style={{ minWidth: 0, flex: 1 }}>
            <UserText fw={600} truncate preWrap={false} data-testid="responder-name">
              {name}
            </UserText>
            <Text size="xs" c="dimmed">
              <time dateTime={String(offer.createdAt)}>{formatDateTime(offer.createdAt, i18n.locale)}</time>
            </Text>
          </div>
        </Group>

        <Group gap={6}>
          <Badge color="teal" variant="light" tt="none" data-testid="offer-area">
            {i18n._(AREA_LABELS[offer.area])}
          </Badge>
          <Badge color="indigo" variant="outline" data-testid="offer-kind">
            {offer.kind === "offer" ? t`Answers your offer` : t`Answers your request`}
          </Badge>
        </Group>

        <RequestBadges
          requestType={offer.requestType}
          activityType={offer.activityType}
          subActivity={offer.subActivity}
        />
        {offer.details.requestType && offer.details.exportService && (
          <Group gap={6} data-testid="offer-consultation">
            <Badge color="blue" variant="light">
              {i18n._(CONSULTATION_TYPE_LABELS[offer.details.requestType])}
            </Badge>
            <Badge color="gray" variant="light" tt="none">
              {i18n._(EXPORT_SERVICE_LABELS[offer.details.exportService])}
            </Badge>
          </Group>
        )}

        {offer.requestDescription && (
          <div>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
              {offer.kind === "offer" ? <Trans>Your offer</Trans> : <Trans>Your request</Trans>}
            </Text>
            <Blockquote
              color="gray"
              p="xs"
              ps="sm"
              styles={{ root: { fontSize: "var(--mantine-font-size-sm)" } }}
              data-testid="offer-request"
            >
              <UserText size="sm" c="dimmed">
                {offer.requestDescription}
              </UserText>
            </Blockquote>
          </div>
        )}

        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
            <Trans>Their response</Trans>
          </Text>
          <UserText data-testid="offer-message">{offer.message}</UserText>
        </div>
        {(offer.proposedDate || offer.proposedMode) && (
          <Stack gap={6} data-testid="offer-proposal">
            {offer.proposedDate && (
              <Detail icon={<IconCalendar size={14} />} label={t`Proposed date`}>
                {formatCalendarDate(offer.proposedDate, i18n.locale)}
              </Detail>
            )}
            {offer.proposedMode && (
              <Detail icon={<IconUsers size={14} />} label={t`Proposed session mode`}>
                {i18n._(SESSION_MODE_LABELS[offer.proposedMode])}
              </Detail>
            )}
          </Stack>
        )}

        <ContactBlock responseId={offer.id} />
        <Divider />
        <OfferRating responseId={offer.id} rating={offer.rating} />
      </Stack>
    </Card>
  );
}

function OfferCardSkeleton() {
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
        <Skeleton h={20} w={120} radius="xl" />
        <Skeleton h={48} radius="sm" />
        <Skeleton h={12} />
        <Skeleton h={12} w="70%" />
        <Skeleton h={36} w={190} radius="sm" />
        <Skeleton h={24} w={120} />
      </Stack>
    </Card>
  );
}

function FilteredEmpty({ onReset }: { onReset: () => void }) {
  return (
    <Card withBorder radius="lg" p="xl" data-testid="offers-empty">
      <Stack align="center" ta="center" gap="sm" maw={520} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal">
          <IconMailOpened size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h4">
          <Trans>No responses in this area</Trans>
        </Title>
        <Button variant="default" onClick={onReset}>
          <Trans>Show every area</Trans>
        </Button>
      </Stack>
    </Card>
  );
}

function EmptyState() {
  return (
    <Card withBorder radius="lg" p="xl" data-testid="offers-empty">
      <Stack align="center" ta="center" gap="sm" maw={520} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal">
          <IconMailOpened size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h4">
          <Trans>No offers yet</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>When members respond to your requests, their offers appear here.</Trans>
        </Text>
        <Button component={Link} to="/member-request/send" leftSection={<IconSend size={16} aria-hidden />}>
          <Trans>Send a Request</Trans>
        </Button>
      </Stack>
    </Card>
  );
}
