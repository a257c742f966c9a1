/**
 * Drawing one analytics chart (issue #17 §3) with Mantine's charts: bars (grouped, stacked or
 * horizontal), lines, or a donut with its legend. Loaded lazily (recharts is large), so only the
 * analytics page and the assessment result pay for it. Drawing only: each card also has the
 * figures as a table, so the drawing is hidden from screen readers. In Persian the drawing stays
 * left-to-right for recharts' text anchoring, but its time axis is reversed and the value axis
 * moves to the right, so weeks read from right to left like the page.
 */
import "@mantine/charts/styles.css";
import { useLingui } from "@lingui/react/macro";
import { BarChart, type ChartSeries, DonutChart, LineChart } from "@mantine/charts";
import { Box, ColorSwatch, Group, Text } from "@mantine/core";
import { formatNumber } from "../../i18n";

export type ChartSpec =
  | {
      kind: "bar" | "line";
      data: Record<string, string | number | null>[];
      /** The category key (a week's label, a star count…), already formatted for display. */
      dataKey: string;
      series: (ChartSeries & { label: string })[];
      stacked?: boolean;
      /** Horizontal bars (categories down the side). */
      horizontal?: boolean;
      /** Series with `yAxisId: "right"` use a second value axis. */
      rightAxis?: boolean;
      /** Formats the left axis' values (default: a number). */
      format?: (value: number) => string;
      formatRight?: (value: number) => string;
      /** Values are fractions (a rate): the left axis may have ticks between integers. */
      fractional?: boolean;
    }
  | { kind: "donut"; data: { name: string; value: number; color: string }[] };

export default function AnalyticsChart({ spec, testId }: { spec: ChartSpec; testId: string }) {
  const { i18n } = useLingui();
  const fa = i18n.locale === "fa";
  const number = (v: number) => formatNumber(v, i18n.locale);

  if (spec.kind === "donut") {
    return (
      <Group data-testid={testId} wrap="nowrap" gap="md" justify="center">
        <div aria-hidden dir="ltr">
          <DonutChart
            data={spec.data}
            size={160}
            thickness={26}
            withTooltip
            tooltipDataSource="segment"
            valueFormatter={number}
            // A drawing only (the table is the text alternative): no sector takes the focus.
            pieProps={{ rootTabIndex: -1 }}
            pieChartProps={{ accessibilityLayer: false }}
          />
        </div>
        <Box aria-hidden>
          {spec.data.map((d) => (
            <Group key={d.name} gap={6} wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${d.color.replace(".", "-")})`} size={12} withShadow={false} />
              <Text size="sm">
                {d.name}: {number(d.value)}
              </Text>
            </Group>
          ))}
        </Box>
      </Group>
    );
  }

  const format = spec.format ?? number;
  const common = {
    h: 260,
    data: spec.data,
    dataKey: spec.dataKey,
    series: spec.series,
    withLegend: spec.series.length > 1,
    legendProps: { verticalAlign: "bottom" as const },
    valueFormatter: format,
    textColor: "gray.8",
    accessibilityLayer: false,
    withRightYAxis: spec.rightAxis,
    rightYAxisProps: spec.rightAxis
      ? {
          orientation: fa ? ("left" as const) : ("right" as const),
          tickFormatter: spec.formatRight ?? number,
          allowDecimals: false,
        }
      : undefined,
  };
  const categoryAxis = { reversed: fa, tick: { fontSize: 11 } };
  const valueAxis = {
    orientation: fa ? ("right" as const) : ("left" as const),
    tickFormatter: format,
    allowDecimals: !!spec.fractional,
  };

  return (
    // Recharts anchors its labels for left-to-right text; the axes are mirrored instead (above).
    <div aria-hidden dir="ltr" data-testid={testId}>
      {spec.kind === "line" ? (
        <LineChart
          {...common}
          curveType="linear"
          connectNulls={false}
          xAxisProps={categoryAxis}
          yAxisProps={valueAxis}
        />
      ) : spec.horizontal ? (
        <BarChart
          {...common}
          orientation="vertical"
          yAxisProps={{ ...categoryAxis, reversed: false, orientation: fa ? "right" : "left", width: 110 }}
          xAxisProps={{ reversed: fa, tickFormatter: format, allowDecimals: false }}
          withLegend={false}
        />
      ) : (
        <BarChart
          {...common}
          type={spec.stacked ? "stacked" : "default"}
          xAxisProps={categoryAxis}
          yAxisProps={valueAxis}
        />
      )}
    </div>
  );
}
