/**
 * Profile Settings → Security activity (docs/architecture.md "Security model"; ASVS 5.0
 * V16.2.1): the member's own security events (`audit.mine`: sign-ins, password and e-mail
 * changes, second factors, data exports…), newest first, with time, event and IP address, a
 * page at a time. Admins' decisions and notes are not among them.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Skeleton, Stack, Table, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { staleResultsStyle } from "../../components/FilteredListStates";
import { ListPagination } from "../../components/ListPagination";
import { LoadError } from "../../components/LoadError";
import { formatDateTime } from "../../i18n";
import { useTRPC } from "../../trpc";
import { SectionCard } from "../profile/SectionCard";
import { EventLabel } from "./EventDetails";

export function SecurityActivitySection() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const events = useQuery({ ...trpc.audit.mine.queryOptions({ page }), placeholderData: keepPreviousData });
  const pages = events.data ? Math.max(1, Math.ceil(events.data.total / events.data.pageSize)) : 1;

  return (
    <SectionCard
      icon={<IconShieldLock size={20} />}
      title={<Trans>Security activity</Trans>}
      description={
        <Trans>
          Sign-ins and changes to your account's security, newest first. If you do not recognise one, change your
          password.
        </Trans>
      }
      testId="security-activity"
    >
      {events.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t`Loading security activity`}>
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <Skeleton key={i} h={36} />
          ))}
        </Stack>
      ) : events.isError ? (
        <LoadError
          title={t`Failed to load your security activity`}
          error={events.error}
          onRetry={() => void events.refetch()}
        />
      ) : events.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="security-activity-empty">
          <Trans>No security events yet.</Trans>
        </Text>
      ) : (
        <Stack gap="sm" style={staleResultsStyle(events.isPlaceholderData)}>
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="xs" data-testid="security-activity-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Time</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Event</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>IP address</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.data.items.map((e) => (
                  <Table.Tr key={e.id} data-testid="security-activity-row" data-type={e.type}>
                    <Table.Td>
                      <Text size="sm" component="time" dateTime={new Date(e.createdAt).toISOString()}>
                        {formatDateTime(e.createdAt, i18n.locale)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <EventLabel type={e.type} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" dir="ltr" component="span" ff="monospace">
                        {e.ip ?? "—"}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination page={page} pages={pages} onChange={setPage} testId="security-activity-pagination" />
        </Stack>
      )}
    </SectionCard>
  );
}
