/**
 * Member directory `/members` (issue #3 §4): approved members only, searched by name and
 * filtered by activity, sector, target country and tier; cards and paging. Filters live in
 * the URL. Contact fields never reach this page.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect } from "react";
import { EmptyFilteredList, staleResultsStyle } from "../../components/FilteredListStates";
import { ListPagination } from "../../components/ListPagination";
import { LoadError } from "../../components/LoadError";
import { isSectorCode, useCountryOptions } from "../../lib/reference";
import { useTRPC } from "../../trpc";
import { type DirectorySearch, hasDirectoryFilters } from "./directorySearch";
import { MemberCard, MemberCardSkeleton } from "./MemberCard";
import { MemberFilters } from "./MemberFilters";

const route = getRouteApi("/_app/members");

export function MembersPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const countries = useCountryOptions(i18n.locale);
  const page = search.page ?? 1;

  const list = useQuery({
    ...trpc.members.list.queryOptions({
      search: search.q,
      activity: search.activity,
      sector: search.sector && isSectorCode(search.sector) ? search.sector : undefined,
      country: search.country,
      tier: search.tier,
      page,
    }),
    placeholderData: keepPreviousData,
  });

  const total = list.data?.total ?? 0;
  const pageSize = list.data?.pageSize ?? 1;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  // A page past the end (an old link, or members left): go to the last page.
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && page > pages) {
      void navigate({ search: (prev) => ({ ...prev, page: pages > 1 ? pages : undefined }), replace: true });
    }
  }, [list.isSuccess, list.isPlaceholderData, page, pages, navigate]);

  function change(patch: Partial<Omit<DirectorySearch, "page">>, replace = false) {
    void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), replace, resetScroll: false });
  }
  function reset() {
    void navigate({ search: {}, resetScroll: false });
  }
  function goTo(next: number) {
    void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) });
  }

  const filtered = hasDirectoryFilters(search);
  const items = list.data?.items ?? [];

  return (
    <Stack maw={1200} mx="auto" gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          <Trans>Members</Trans>
        </Title>
        {list.isSuccess && (
          <Group gap="xs" wrap="nowrap">
            {list.isFetching && <Loader size="xs" aria-label={t`Loading`} />}
            <Text c="dimmed" size="sm" aria-live="polite" data-testid="members-total">
              <Plural value={total} one="# member" other="# members" />
            </Text>
          </Group>
        )}
      </Group>

      <MemberFilters search={search} onChange={change} onReset={reset} countries={countries} />

      {list.isError && !list.data && (
        <LoadError title={t`Failed to load members`} error={list.error} onRetry={() => void list.refetch()} />
      )}

      {list.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t`Loading`}>
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <MemberCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      )}

      {list.isSuccess && items.length === 0 && !list.isPlaceholderData && (
        <EmptyFilteredList icon={IconUsers} filtered={filtered} onReset={reset} testId="members-empty">
          {filtered ? <Trans>No members match these filters</Trans> : <Trans>No members yet</Trans>}
        </EmptyFilteredList>
      )}

      {items.length > 0 && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          style={staleResultsStyle(list.isPlaceholderData)}
          data-testid="members-grid"
        >
          {items.map((m) => (
            <MemberCard key={m.userId} member={m} countryName={countries.nameOf} />
          ))}
        </SimpleGrid>
      )}

      {list.isSuccess && <ListPagination page={page} pages={pages} onChange={goTo} testId="members-pagination" />}
    </Stack>
  );
}
