/**
 * The knowledge library `/knowledge` (issue #13 §1): published knowledge of the four share types,
 * searched (full text over title and content, Persian and English) and filtered by type, country,
 * product category and event type, newest or most liked first, a page at a time (Load more).
 * Filters live in the URL.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconBooks } from "@tabler/icons-react";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { EVENT_TYPES, KNOWLEDGE_COUNTRIES, PRODUCT_CATEGORY_CODES } from "../../../common/knowledge";
import { LIBRARY_PAGE_SIZE } from "../../../common/library";
import { FilterBar, FilterSearch, FilterSelect } from "../../components/FilterBar";
import { EmptyFilteredList, staleResultsStyle } from "../../components/FilteredListStates";
import { LoadMore } from "../../components/ListPagination";
import { LoadError } from "../../components/LoadError";
import { SHARE_TYPE_LABELS } from "../../lib/labels";
import { oneOf } from "../../lib/searchParams";
import { useTRPC } from "../../trpc";
import { eventTypeOptions, productCategoryOptions, useKnowledgeCountries } from "../knowledge";
import { KnowledgeCard, KnowledgeCardSkeleton } from "./KnowledgeCard";
import { hasLibraryFilters, LIBRARY_TYPES, type LibrarySearch } from "./librarySearch";

const route = getRouteApi("/_app/knowledge");

export function LibraryPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Knowledge library`);
  const trpc = useTRPC();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const countries = useKnowledgeCountries(i18n.locale);

  const input = {
    search: search.q,
    shareType: search.type,
    country: oneOf(KNOWLEDGE_COUNTRIES, search.country),
    productCategory: oneOf(PRODUCT_CATEGORY_CODES, search.product),
    eventType: oneOf(EVENT_TYPES, search.event),
    sort: search.sort ?? ("newest" as const),
    limit: LIBRARY_PAGE_SIZE,
  };
  const list = useInfiniteQuery({
    ...trpc.library.list.infiniteQueryOptions(input, { getNextPageParam: (last) => last.nextCursor }),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (list.error) console.error("Failed to load the library", list.error);
  }, [list.error]);

  function change(patch: Partial<LibrarySearch>, replace = false) {
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace, resetScroll: false });
  }
  function reset() {
    void navigate({ search: (prev) => ({ sort: prev.sort }), resetScroll: false });
  }

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = hasLibraryFilters(search);
  const active = [search.type, search.country, search.product, search.event].filter(Boolean).length;

  return (
    <Stack maw={1200} mx="auto" gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Title order={1} size="h2">
            <Trans>Knowledge library</Trans>
          </Title>
          <Text c="dimmed" size="sm">
            <Trans>
              Knowledge members shared and the admins approved. Like what helps you: each like gives its author 2
              points.
            </Trans>
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {list.isFetching && !list.isFetchingNextPage && <Loader size="xs" aria-label={t`Loading`} />}
          <Button component={Link} to="/share" variant="light">
            <Trans>Share Knowledge</Trans>
          </Button>
        </Group>
      </Group>

      <FilterBar
        label={t`Filter knowledge`}
        cols={{ xs: 2, md: 3, xl: 5 }}
        activeFilters={active}
        canReset={filtered}
        onReset={reset}
        search={
          <FilterSearch
            label={t`Search title and content`}
            placeholder={t`Words in English or Persian`}
            value={search.q}
            onChange={(q) => change({ q }, true)}
            data-testid="library-search"
          />
        }
        filters={
          <>
            <FilterSelect
              label={t`Type`}
              placeholder={t`All types`}
              codes={LIBRARY_TYPES}
              labels={SHARE_TYPE_LABELS}
              value={search.type}
              onChange={(type) => change({ type })}
              data-testid="library-filter-type"
            />
            <FilterSelect
              label={t`Country`}
              placeholder={t`All countries`}
              data={countries.data}
              filter={countries.filter}
              value={search.country}
              onChange={(country) => change({ country })}
              searchable
              data-testid="library-filter-country"
            />
            <FilterSelect
              label={t`Product category`}
              placeholder={t`All product categories`}
              data={productCategoryOptions(i18n)}
              value={search.product}
              onChange={(product) => change({ product })}
              searchable
              data-testid="library-filter-product"
            />
            <FilterSelect
              label={t`Event type`}
              placeholder={t`All event types`}
              data={eventTypeOptions(i18n)}
              value={search.event}
              onChange={(event) => change({ event })}
              data-testid="library-filter-event"
            />
            <Select
              label={t`Sort by`}
              data={[
                { value: "newest", label: t`Newest first` },
                { value: "mostLiked", label: t`Most liked first` },
              ]}
              value={search.sort ?? "newest"}
              onChange={(v) => change({ sort: v === "mostLiked" ? "mostLiked" : undefined })}
              allowDeselect={false}
              data-testid="library-sort"
            />
          </>
        }
      />

      {list.isError && !list.data && (
        <LoadError title={t`Failed to load the library`} error={list.error} onRetry={() => void list.refetch()} />
      )}

      {list.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t`Loading`}>
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <KnowledgeCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      )}

      {list.isSuccess && items.length === 0 && !list.isPlaceholderData && (
        <EmptyFilteredList icon={IconBooks} filtered={filtered} onReset={reset} testId="library-empty">
          {filtered ? (
            <Trans>No knowledge matches this search or these filters</Trans>
          ) : (
            <Trans>No knowledge has been published yet. Share what you know: approved items appear here.</Trans>
          )}
        </EmptyFilteredList>
      )}

      {items.length > 0 && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          style={staleResultsStyle(list.isPlaceholderData)}
          data-testid="library-grid"
        >
          {items.map((item) => (
            <KnowledgeCard key={item.id} item={item} countryName={countries.nameOf} />
          ))}
        </SimpleGrid>
      )}

      {list.isFetchNextPageError && <LoadError title={t`Failed to load the library`} error={list.error} />}
      {list.hasNextPage && !list.isPlaceholderData && (
        <LoadMore onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} />
      )}
    </Stack>
  );
}
