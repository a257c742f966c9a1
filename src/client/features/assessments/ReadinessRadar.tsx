/**
 * The radar chart of the four areas (issue #18 §1), optionally with the previous result behind
 * the latest. Drawing only: the numbers are also written out beside it for screen readers, so the
 * chart itself is hidden from them. Loaded lazily (recharts is large).
 */
import "@mantine/charts/styles.css";
import { useLingui } from "@lingui/react/macro";
import { RadarChart } from "@mantine/charts";
import { READINESS_AREAS, type ReadinessScore } from "../../../common/assessments";
import { formatNumber } from "../../i18n";
import { AREA_NAMES } from "./texts";

export default function ReadinessRadar({ score, previous }: { score: ReadinessScore; previous?: ReadinessScore }) {
  const { t, i18n } = useLingui();
  const latestName = t`This result`;
  const previousName = t`Previous result`;
  const data = READINESS_AREAS.map((area) => ({
    area: i18n._(AREA_NAMES[area]),
    [latestName]: score.areas[area],
    ...(previous ? { [previousName]: previous.areas[area] } : {}),
  }));
  return (
    // Recharts anchors its labels for left-to-right text; in Persian they would run into the chart.
    <div aria-hidden dir="ltr" data-testid="readiness-radar">
      <RadarChart
        h={300}
        data={data}
        dataKey="area"
        accessibilityLayer={false}
        withPolarRadiusAxis
        polarRadiusAxisProps={{
          domain: [0, 100],
          tickCount: 5,
          angle: 45,
          tickFormatter: (value: number) => formatNumber(value, i18n.locale),
        }}
        polarAngleAxisProps={{ tick: { fontSize: 12 } }}
        radarChartProps={{ outerRadius: "62%" }}
        withLegend={!!previous}
        series={[
          ...(previous ? [{ name: previousName, color: "gray.6", opacity: 0.15 }] : []),
          { name: latestName, color: "teal.7", opacity: 0.35 },
        ]}
        textColor="gray.8"
      />
    </div>
  );
}
