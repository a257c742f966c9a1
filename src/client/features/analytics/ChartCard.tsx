/**
 * One analytics card (issue #17 §3): title and description, the chart (drawn lazily), a text
 * alternative (Show table: the same figures as a table, also what screen readers get), a
 * Download CSV button, a skeleton while loading, an empty state when the range has no data and
 * the load error with Try again. Dimmed while a new range loads.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { IconChartBarOff, IconDownload, IconTable } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from "react";
import { staleResultsStyle } from "../../components/FilteredListStates";
import { LoadError } from "../../components/LoadError";
import type { ChartSpec } from "./AnalyticsChart";
import { type CsvValue, csvFileName, downloadCsv, toCsv } from "./csv";

const AnalyticsChart = lazy(() => import("./AnalyticsChart"));

export interface ChartColumn {
  /** The CSV header of the column (stable, not translated). */
  key: string;
  /** The table's header, translated. */
  label: string;
  /** The table's text of a value (default: as is); the CSV keeps the raw value. */
  format?: (value: CsvValue) => string;
}

export interface ChartView {
  columns: ChartColumn[];
  rows: Record<string, CsvValue>[];
  spec: ChartSpec;
  /** Nothing to draw: the empty state shows instead of the chart. */
  empty: boolean;
  /** A line of headline figures above the chart. */
  summary?: ReactNode;
}

export interface ChartQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export function ChartCard<T>({
  chart,
  title,
  description,
  query,
  view,
  range,
  controls,
}: {
  /** The chart's key: test ids and the CSV file name. */
  chart: string;
  title: ReactNode;
  description: ReactNode;
  query: ChartQuery<T>;
  view: (data: T) => ChartView;
  range: { from: string; to: string };
  /** Extra controls beside the title (e.g. Requests / Offers). */
  controls?: ReactNode;
}) {
  const { t } = useLingui();
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const titleId = useId();
  const v = query.data === undefined ? null : view(query.data);

  useEffect(() => {
    if (query.isError) console.error(`Failed to load the ${chart} chart`, query.error);
  }, [query.isError, query.error, chart]);

  const download = () => {
    if (!v) return;
    const csv = toCsv(
      v.columns.map((c) => c.key),
      v.rows.map((r) => v.columns.map((c) => r[c.key] ?? null)),
    );
    downloadCsv(csvFileName(chart, range.from, range.to), csv);
  };

  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      data-testid={`chart-${chart}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Box style={{ flex: "1 1 12rem" }}>
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Box>
          {controls}
        </Group>
        {query.isError && !v ? (
          <LoadError
            title={<Trans>Failed to load this chart</Trans>}
            error={query.error}
            onRetry={() => query.refetch()}
          />
        ) : !v ? (
          <Stack gap="xs" aria-busy="true" aria-label={t`Loading`}>
            <Skeleton h={18} w="40%" />
            <Skeleton h={220} />
          </Stack>
        ) : (
          <Stack gap="sm" style={staleResultsStyle(query.isPlaceholderData)}>
            {v.summary && <Text size="sm">{v.summary}</Text>}
            {v.empty ? (
              <Stack align="center" gap={4} py="xl" data-testid={`chart-${chart}-empty`}>
                <IconChartBarOff size={28} aria-hidden color="var(--mantine-color-gray-6)" />
                <Text size="sm" c="dimmed">
                  <Trans>No data in this date range.</Trans>
                </Text>
              </Stack>
            ) : (
              <Suspense fallback={<Skeleton h={260} />}>
                <AnalyticsChart spec={v.spec} testId={`chart-${chart}-drawing`} />
              </Suspense>
            )}
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconTable size={14} aria-hidden />}
                aria-expanded={showTable}
                aria-controls={tableId}
                onClick={() => setShowTable((s) => !s)}
              >
                {showTable ? <Trans>Hide table</Trans> : <Trans>Show table</Trans>}
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={download}
                data-testid={`chart-${chart}-csv`}
              >
                <Trans>Download CSV</Trans>
              </Button>
            </Group>
            <Box id={tableId} hidden={!showTable}>
              <Table.ScrollContainer minWidth={300}>
                <Table striped withTableBorder fz="sm" aria-labelledby={titleId}>
                  <Table.Thead>
                    <Table.Tr>
                      {v.columns.map((c) => (
                        <Table.Th key={c.key} scope="col">
                          {c.label}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {v.rows.map((r, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows are figures in a fixed order
                      <Table.Tr key={i}>
                        {v.columns.map((c) => (
                          <Table.Td key={c.key}>
                            {c.format ? c.format(r[c.key] ?? null) : String(r[c.key] ?? "")}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Box>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
