/**
 * The audit log `/admin/audit` (docs/architecture.md "Security model"; ASVS 5.0 V16.2.1): every
 * security event and admin action, newest first, with who acted, on whom, when and from which
 * IP; filters (admin, member by name/e-mail or by id from a member's "Audit log" link, event
 * type, days) kept in the URL; pages. A table on wide screens, stacked cards on small ones.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  useMantineTheme,
} from "@mantine/core";
import { useDocumentTitle, useMediaQuery } from "@mantine/hooks";
import { IconHistory, IconX } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import type { inferRouterOutputs } from "@trpc/server";
import { useEffect } from "react";
import type { AppRouter } from "../../../server/trpc/router";
import { DateField } from "../../components/DateField";
import { FilterBar, FilterSearch, FilterSelect } from "../../components/FilterBar";
import { EmptyFilteredList, staleResultsStyle } from "../../components/FilteredListStates";
import { ListPagination } from "../../components/ListPagination";
import { LoadError } from "../../components/LoadError";
import { useStartAlign } from "../../components/UserText";
import { formatDateTime } from "../../i18n";
import { useTRPC } from "../../trpc";
import { type AuditSearch, hasAuditFilters } from "./auditSearch";
import { EventDetails, EventLabel } from "./EventDetails";
import { AUDIT_EVENT_LABELS, AUDIT_EVENT_TYPES, type SecurityEventType } from "./eventLabels";

const route = getRouteApi("/_app/admin/audit");

type AuditEvent = inferRouterOutputs<AppRouter>["audit"]["list"]["items"][number];
type Person = { id: string; name: string | null; email: string | null };

/** A member or admin named in an event, linked to their row in Member Management. */
function PersonLink({ person, testId }: { person: Person | null; testId: string }) {
  const start = useStartAlign();
  if (!person) {
    return (
      <Text size="sm" c="dimmed" component="span" data-testid={testId}>
        —
      </Text>
    );
  }
  const label = person.name ?? person.email;
  if (!person.email || !label) {
    return (
      <Text size="sm" c="dimmed" component="span" data-testid={testId}>
        <Trans>Unknown account</Trans>
      </Text>
    );
  }
  return (
    <div style={{ minWidth: 0 }} data-testid={testId}>
      <Anchor
        renderRoot={(props) => <Link {...props} to="/admin/members" search={{ q: person.email ?? undefined }} />}
        size="sm"
        dir="auto"
        ta={start}
      >
        {label}
      </Anchor>
      {person.name && (
        <Text size="xs" c="dimmed" dir="ltr" ta={start} truncate>
          {person.email}
        </Text>
      )}
    </div>
  );
}

function When({ event }: { event: AuditEvent }) {
  const { i18n } = useLingui();
  return (
    <Text
      size="sm"
      component="time"
      dateTime={new Date(event.createdAt).toISOString()}
      style={{ whiteSpace: "nowrap" }}
    >
      {formatDateTime(event.createdAt, i18n.locale)}
    </Text>
  );
}

function Ip({ ip }: { ip: string | null }) {
  return ip ? (
    <Text size="sm" dir="ltr" component="span" ff="monospace">
      {ip}
    </Text>
  ) : (
    <Text size="sm" c="dimmed" component="span">
      —
    </Text>
  );
}

function EventsTable({ events }: { events: AuditEvent[] }) {
  return (
    <Paper withBorder radius="lg">
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" horizontalSpacing="sm" data-testid="audit-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Time</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Event</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>By</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Member</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>IP address</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((e) => (
              <Table.Tr key={e.id} data-testid="audit-row" data-type={e.type}>
                <Table.Td>
                  <When event={e} />
                </Table.Td>
                <Table.Td maw={360}>
                  <EventLabel type={e.type} />
                  <EventDetails type={e.type} details={e.details} />
                </Table.Td>
                <Table.Td maw={220}>
                  <PersonLink person={e.actor} testId="audit-actor" />
                </Table.Td>
                <Table.Td maw={220}>
                  <PersonLink person={e.target} testId="audit-target" />
                </Table.Td>
                <Table.Td>
                  <Ip ip={e.ip} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function EventCards({ events }: { events: AuditEvent[] }) {
  return (
    <Stack gap="sm" data-testid="audit-cards">
      {events.map((e) => (
        <Card key={e.id} withBorder radius="lg" p="md" data-testid="audit-row" data-type={e.type}>
          <Stack gap={6}>
            <div>
              <EventLabel type={e.type} />
              <EventDetails type={e.type} details={e.details} />
            </div>
            <When event={e} />
            <Group gap="lg" align="flex-start" wrap="wrap">
              <div>
                <Text size="xs" c="dimmed">
                  <Trans>By</Trans>
                </Text>
                <PersonLink person={e.actor} testId="audit-actor" />
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  <Trans>Member</Trans>
                </Text>
                <PersonLink person={e.target} testId="audit-target" />
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  <Trans>IP address</Trans>
                </Text>
                <Ip ip={e.ip} />
              </div>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

export function AuditLogPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.lg})`, undefined, { getInitialValueInEffect: false });
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  useDocumentTitle(t`Audit log`);

  const list = useQuery({
    ...trpc.audit.list.queryOptions({
      actorId: search.actor,
      targetId: search.target,
      target: search.q,
      type: search.type,
      from: search.from,
      to: search.to,
      page,
    }),
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

  function change(patch: Partial<Omit<AuditSearch, "page">>, replace = false) {
    void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), replace, resetScroll: false });
  }
  function reset() {
    void navigate({ search: {}, resetScroll: false });
  }
  const events = list.data?.items ?? [];
  const filtered = hasAuditFilters(search);
  const actors = (list.data?.actors ?? []).map((a) => ({ value: a.id, label: a.name ?? a.id }));
  // The actor filter keeps showing an admin chosen by link even before the list names them.
  if (search.actor && !actors.some((a) => a.value === search.actor)) {
    actors.push({ value: search.actor, label: t`Unknown account` });
  }
  const targetName = events.find((e) => e.target?.id === search.target)?.target?.name;

  return (
    <Stack maw={1300} mx="auto" gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          <Trans>Audit log</Trans>
        </Title>
        {list.isSuccess && (
          <Group gap="xs" wrap="nowrap">
            {list.isFetching && <Loader size="xs" aria-label={t`Loading`} />}
            <Text c="dimmed" size="sm" aria-live="polite" data-testid="audit-total">
              <Plural value={total} one="# event" other="# events" />
            </Text>
          </Group>
        )}
      </Group>

      <FilterBar
        label={t`Filter events`}
        cols={{ xs: 2, md: 3, xl: 6 }}
        activeFilters={[search.actor, search.type, search.from, search.to].filter(Boolean).length}
        canReset={filtered}
        onReset={reset}
        search={
          <FilterSearch
            label={t`Member`}
            placeholder={t`Name or e-mail`}
            value={search.q}
            onChange={(q) => change({ q }, true)}
            data-testid="audit-search"
          />
        }
        filters={
          <>
            <FilterSelect
              label={t`By admin`}
              placeholder={t`Everyone`}
              data={actors}
              value={search.actor}
              onChange={(actor) => change({ actor })}
              data-testid="audit-filter-actor"
            />
            <FilterSelect<SecurityEventType>
              label={t`Event`}
              placeholder={t`All events`}
              codes={AUDIT_EVENT_TYPES}
              labels={AUDIT_EVENT_LABELS}
              value={search.type as SecurityEventType | undefined}
              onChange={(type) => change({ type })}
              searchable
              data-testid="audit-filter-type"
            />
            <DateField
              label={t`From`}
              value={search.from ?? null}
              onChange={(from) => change({ from: from ?? undefined })}
              maxDate={search.to}
              clearLabel={t`Clear start date`}
              data-testid="audit-from"
            />
            <DateField
              label={t`To`}
              value={search.to ?? null}
              onChange={(to) => change({ to: to ?? undefined })}
              minDate={search.from}
              clearLabel={t`Clear end date`}
              data-testid="audit-to"
            />
          </>
        }
      />

      {search.target && (
        <Group gap="xs">
          <Badge size="lg" variant="light" tt="none" data-testid="audit-target-filter">
            {targetName ? t`Events about ${targetName}` : t`Events about one member`}
          </Badge>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => change({ target: undefined })}
          >
            <Trans>Show every member</Trans>
          </Button>
        </Group>
      )}

      {list.isError && !list.data && (
        <LoadError title={t`Failed to load the audit log`} error={list.error} onRetry={() => void list.refetch()} />
      )}

      {list.isPending && (
        <Stack gap="xs" aria-busy="true" aria-label={t`Loading`}>
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <Skeleton key={i} height={56} radius="md" />
          ))}
        </Stack>
      )}

      {list.isSuccess && events.length === 0 && !list.isPlaceholderData && (
        <EmptyFilteredList icon={IconHistory} filtered={filtered} onReset={reset} testId="audit-empty">
          {filtered ? <Trans>No events match these filters</Trans> : <Trans>No events yet</Trans>}
        </EmptyFilteredList>
      )}

      {events.length > 0 && (
        <div style={staleResultsStyle(list.isPlaceholderData)}>
          {wide ? <EventsTable events={events} /> : <EventCards events={events} />}
        </div>
      )}

      {list.isSuccess && (
        <ListPagination
          page={page}
          pages={pages}
          onChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) })}
          testId="audit-pagination"
        />
      )}
    </Stack>
  );
}
