/**
 * The Porter diamond drawn in SVG (issue #18 §2): the four determinants at the corners as in
 * Porter's figure (firm strategy, structure and rivalry at the top; factor conditions and demand
 * conditions at the sides; related and supporting industries at the bottom), the ratings 1–5 as
 * the filled shape over five guide rings, optionally the previous analysis as a dashed outline,
 * and government and chance as the two elements outside. The SVG is one image with a label that
 * reads every rating; the result page also lists them in a table.
 */
import { useLingui } from "@lingui/react/macro";
import type { DiamondDeterminant, DiamondExternal, DiamondScore } from "../../../common/assessments";
import { formatNumber } from "../../i18n";
import { DIAMOND_FACTOR_NAMES } from "./texts";

const WIDTH = 640;
const HEIGHT = 440;
const CX = WIDTH / 2;
const CY = HEIGHT / 2;
/** Distance from the centre of a rating of 5. */
const RADIUS = 130;

/** Each determinant's direction from the centre (x, y unit vector), as in Porter's figure. */
const CORNERS: Record<DiamondDeterminant, { dx: number; dy: number }> = {
  strategy: { dx: 0, dy: -1 },
  demand: { dx: 1, dy: 0 },
  related: { dx: 0, dy: 1 },
  factors: { dx: -1, dy: 0 },
};
const ORDER: DiamondDeterminant[] = ["strategy", "demand", "related", "factors"];

/** Where each external element's box is centred: chance top left, government bottom right. */
const EXTERNALS: Record<DiamondExternal, { x: number; y: number }> = {
  chance: { x: 80, y: 40 },
  government: { x: WIDTH - 80, y: HEIGHT - 40 },
};

function point(d: DiamondDeterminant, rating: number): string {
  const r = (rating / 5) * RADIUS;
  return `${CX + CORNERS[d].dx * r},${CY + CORNERS[d].dy * r}`;
}

function polygon(ratings: Record<DiamondDeterminant, number>): string {
  return ORDER.map((d) => point(d, ratings[d])).join(" ");
}

/** Splits a label into lines of at most `max` characters at spaces. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Where a determinant's label starts (its first line's centre) and how it is anchored. */
function labelAt(d: DiamondDeterminant, lines: number): { x: number; y: number } {
  const gap = RADIUS + 22;
  if (d === "strategy") return { x: CX, y: CY - gap - (lines - 1) * 19 - 14 };
  if (d === "related") return { x: CX, y: CY + gap + 8 };
  return { x: CX + CORNERS[d].dx * (gap + 58), y: CY - (lines * 19) / 2 };
}

export function DiamondChart({ score, previous }: { score: DiamondScore; previous?: DiamondScore }) {
  const { t, i18n } = useLingui();
  const name = (f: DiamondDeterminant | DiamondExternal) => i18n._(DIAMOND_FACTOR_NAMES[f]);
  const n = (v: number) => formatNumber(v, i18n.locale);
  const summary = [...ORDER, "government" as const, "chance" as const]
    .map((f) => {
      const rating = n(score.ratings[f]);
      return t`${name(f)}: ${rating} of 5`;
    })
    .join("; ");

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-label={t`Porter diamond: ${summary}`}
      data-testid="diamond-chart"
      style={{ maxWidth: WIDTH, display: "block", marginInline: "auto", direction: "ltr" }}
      fontFamily="inherit"
    >
      {[1, 2, 3, 4, 5].map((ring) => (
        <polygon
          key={ring}
          points={polygon({ strategy: ring, demand: ring, related: ring, factors: ring })}
          fill="none"
          stroke="var(--mantine-color-gray-4)"
          strokeWidth={ring === 5 ? 1.5 : 1}
          strokeDasharray={ring === 5 ? undefined : "3 4"}
        />
      ))}
      {ORDER.map((d) => (
        <line
          key={d}
          x1={CX}
          y1={CY}
          x2={CX + CORNERS[d].dx * RADIUS}
          y2={CY + CORNERS[d].dy * RADIUS}
          stroke="var(--mantine-color-gray-4)"
        />
      ))}
      {previous && (
        <polygon
          points={polygon(previous.ratings)}
          fill="none"
          stroke="var(--mantine-color-gray-7)"
          strokeWidth={2}
          strokeDasharray="6 4"
          data-testid="diamond-previous"
        />
      )}
      <polygon
        points={polygon(score.ratings)}
        fill="var(--mantine-color-teal-6)"
        fillOpacity={0.35}
        stroke="var(--mantine-color-teal-8)"
        strokeWidth={2.5}
        strokeLinejoin="round"
        data-testid="diamond-shape"
      />
      {ORDER.map((d) => {
        const [x, y] = point(d, score.ratings[d]).split(",").map(Number);
        return <circle key={d} cx={x} cy={y} r={5} fill="var(--mantine-color-teal-8)" />;
      })}
      {ORDER.map((d) => {
        const lines = wrap(name(d), d === "strategy" || d === "related" ? 24 : 13);
        const at = labelAt(d, lines.length);
        return (
          <text key={d} x={at.x} y={at.y} textAnchor="middle" fontSize={17} fill="var(--mantine-color-gray-9)">
            {lines.map((line, i) => (
              <tspan key={line} x={at.x} dy={i === 0 ? 0 : 19} fontWeight={600}>
                {line}
              </tspan>
            ))}
            <tspan x={at.x} dy={21} fill="var(--mantine-color-teal-9)" fontWeight={700}>
              {n(score.ratings[d])} / {n(5)}
            </tspan>
          </text>
        );
      })}
      {(["chance", "government"] as const).map((f) => (
        <g key={f}>
          <rect
            x={EXTERNALS[f].x - 72}
            y={EXTERNALS[f].y - 28}
            width={144}
            height={56}
            rx={10}
            fill="var(--mantine-color-blue-0)"
            stroke="var(--mantine-color-blue-7)"
            strokeDasharray="5 3"
          />
          <text x={EXTERNALS[f].x} y={EXTERNALS[f].y - 5} textAnchor="middle" fontSize={17} fontWeight={600}>
            {name(f)}
          </text>
          <text
            x={EXTERNALS[f].x}
            y={EXTERNALS[f].y + 18}
            textAnchor="middle"
            fontSize={17}
            fontWeight={700}
            fill="var(--mantine-color-blue-9)"
          >
            {n(score.ratings[f])} / {n(5)}
          </text>
        </g>
      ))}
    </svg>
  );
}
