/**
 * Member administration `/admin/members` (issue #3 §5): every account with approval state,
 * role, tier, points and last activity; search and filters (kept in the URL); approve / reject
 * pending applicants, suspend / reinstate, grant / revoke the admin role — never on one's own
 * account. A table on wide screens, stacked cards on small ones.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import {
  Badge,
  Card,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  useMantineTheme,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect } from "react";
import { FilterBar, FilterSearch, FilterSelect } from "../../components/FilterBar";
import { EmptyFilteredList, staleResultsStyle } from "../../components/FilteredListStates";
import { ListPagination } from "../../components/ListPagination";
import { LoadError } from "../../components/LoadError";
import { TierBadge } from "../../components/TierBadge";
import { formatNumber } from "../../i18n";
import { ACCOUNT_STATUS_LABELS, ACTIVITY_LABELS, MEMBER_ROLE_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";
import { useSession } from "../session";
import {
  AccountActionsMenu,
  AccountName,
  AdminBadge,
  ApprovalBadge,
  LastActive,
  noShrink,
  SuspendedBadge,
  SuspensionNote,
} from "./AccountParts";
import { ACCOUNT_STATUSES, type AdminMembersSearch, hasAdminMemberFilters, MEMBER_ROLES } from "./adminMembersSearch";
import type { Account } from "./types";
import { type MemberActions, useMemberActions } from "./useMemberActions";

const route = getRouteApi("/_app/admin/members");

function Activities({ account }: { account: Account }) {
  const { i18n } = useLingui();
  return (
    <Group gap={4}>
      {account.activities.map((a) => (
        <Badge key={a} variant="outline" size="sm" tt="none" style={noShrink}>
          {i18n._(ACTIVITY_LABELS[a])}
        </Badge>
      ))}
    </Group>
  );
}

function AccountsTable({
  accounts,
  viewerId,
  actions,
}: {
  accounts: Account[];
  viewerId: string | undefined;
  actions: MemberActions;
}) {
  return (
    <Paper withBorder radius="lg">
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover data-testid="members-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Member</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Activities</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Status and role</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Tier</Trans>
              </Table.Th>
              <Table.Th ta="end">
                <Trans>Points</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Last active</Trans>
              </Table.Th>
              <Table.Th w={56}>
                <VisuallyHidden>
                  <Trans>Actions</Trans>
                </VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.map((a) => {
              const isSelf = a.userId === viewerId;
              return (
                <Table.Tr key={a.userId} data-testid="member-row">
                  <Table.Td maw={240}>
                    <AccountName account={a} isSelf={isSelf} />
                  </Table.Td>
                  <Table.Td>
                    <Activities account={a} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <ApprovalBadge account={a} />
                      <AdminBadge account={a} />
                      <SuspendedBadge account={a} />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <TierBadge tier={a.tier} size="sm" style={noShrink} />
                  </Table.Td>
                  <Table.Td ta="end">{formatNumber(a.points)}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <LastActive account={a} />
                  </Table.Td>
                  <Table.Td>
                    <AccountActionsMenu account={a} isSelf={isSelf} actions={actions} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function AccountCards({
  accounts,
  viewerId,
  actions,
}: {
  accounts: Account[];
  viewerId: string | undefined;
  actions: MemberActions;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="members-cards">
      {accounts.map((a) => {
        const isSelf = a.userId === viewerId;
        return (
          <Card key={a.userId} withBorder radius="lg" p="md" data-testid="member-row">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <AccountName account={a} isSelf={isSelf} />
                <AccountActionsMenu account={a} isSelf={isSelf} actions={actions} />
              </Group>
              <Group gap={4}>
                <ApprovalBadge account={a} />
                <AdminBadge account={a} />
                <SuspendedBadge account={a} />
                <TierBadge tier={a.tier} size="sm" />
              </Group>
              <SuspensionNote account={a} />
              <Activities account={a} />
              <Group gap="lg">
                <Text size="sm">
                  <Text component="span" c="dimmed" size="sm">
                    <Trans>Points</Trans>
                  </Text>{" "}
                  {formatNumber(a.points)}
                </Text>
                <Text size="sm" component="div">
                  <Text component="span" c="dimmed" size="sm">
                    <Trans>Last active</Trans>
                  </Text>{" "}
                  <LastActive account={a} />
                </Text>
              </Group>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

export function AdminMembersPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.lg})`, undefined, { getInitialValueInEffect: false });
  const { data: session } = useSession();
  const viewerId = session?.viewer.id;
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  const { actions, modalsNode } = useMemberActions();

  const list = useQuery({
    ...trpc.adminMembers.list.queryOptions({ search: search.q, status: search.status, role: search.role, page }),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;
  const pageSize = list.data?.pageSize ?? 1;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && page > pages) {
      void navigate({ search: (prev) => ({ ...prev, page: pages > 1 ? pages : undefined }), replace: true });
    }
  }, [list.isSuccess, list.isPlaceholderData, page, pages, navigate]);

  function change(patch: Partial<Omit<AdminMembersSearch, "page">>, replace = false) {
    void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), replace, resetScroll: false });
  }
  function reset() {
    void navigate({ search: {}, resetScroll: false });
  }
  const accounts = list.data?.items ?? [];
  const filtered = hasAdminMemberFilters(search);

  return (
    <Stack maw={1300} mx="auto" gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          <Trans>Member Management</Trans>
        </Title>
        {list.isSuccess && (
          <Group gap="xs" wrap="nowrap">
            {list.isFetching && <Loader size="xs" aria-label={t`Loading`} />}
            <Text c="dimmed" size="sm" aria-live="polite" data-testid="accounts-total">
              <Plural value={total} one="# account" other="# accounts" />
            </Text>
          </Group>
        )}
      </Group>

      <FilterBar
        label={t`Filter accounts`}
        cols={{ xs: 2, md: 4 }}
        activeFilters={[search.status, search.role].filter(Boolean).length}
        canReset={filtered}
        onReset={reset}
        search={
          <FilterSearch
            label={t`Search`}
            placeholder={t`Name or e-mail`}
            value={search.q}
            onChange={(q) => change({ q }, true)}
            data-testid="accounts-search"
          />
        }
        filters={
          <>
            <FilterSelect
              label={t`Status`}
              placeholder={t`All statuses`}
              codes={ACCOUNT_STATUSES}
              labels={ACCOUNT_STATUS_LABELS}
              value={search.status}
              onChange={(status) => change({ status })}
              data-testid="filter-status"
            />
            <FilterSelect
              label={t`Role`}
              placeholder={t`All roles`}
              codes={MEMBER_ROLES}
              labels={MEMBER_ROLE_LABELS}
              value={search.role}
              onChange={(role) => change({ role })}
              data-testid="filter-role"
            />
          </>
        }
      />

      {list.isError && !list.data && (
        <LoadError title={t`Failed to load accounts`} error={list.error} onRetry={() => void list.refetch()} />
      )}

      {list.isPending && (
        <Stack gap="xs" aria-busy="true" aria-label={t`Loading`}>
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <Skeleton key={i} height={56} radius="md" />
          ))}
        </Stack>
      )}

      {list.isSuccess && accounts.length === 0 && !list.isPlaceholderData && (
        <EmptyFilteredList filtered={filtered} onReset={reset}>
          {filtered ? <Trans>No accounts match these filters</Trans> : <Trans>No accounts yet</Trans>}
        </EmptyFilteredList>
      )}

      {accounts.length > 0 && (
        <div style={staleResultsStyle(list.isPlaceholderData)}>
          {wide ? (
            <AccountsTable accounts={accounts} viewerId={viewerId} actions={actions} />
          ) : (
            <AccountCards accounts={accounts} viewerId={viewerId} actions={actions} />
          )}
        </div>
      )}

      {list.isSuccess && (
        <ListPagination
          page={page}
          pages={pages}
          onChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) })}
          testId="accounts-pagination"
        />
      )}

      {modalsNode}
    </Stack>
  );
}
