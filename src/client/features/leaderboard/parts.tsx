/**
 * Pieces shared by the leaderboard page and the dashboard's monthly leaderboard card.
 */
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { Text, ThemeIcon, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconMedal } from "@tabler/icons-react";
import type { Activity, Tier } from "../../../common/constants";
import { formatNumber } from "../../i18n";
import { ACTIVITY_LABELS } from "../../lib/labels";

/** One ranked member as `leaderboard.list` returns it. */
export interface RankedMember {
  userId: string;
  name: string;
  tier: Tier;
  activities: Activity[];
  points: number;
  rank: number;
}

const MEDAL_COLORS = ["yellow", "gray", "orange"] as const;

/** A medal for ranks 1–3 (gold, silver, bronze), else the rank number; both read "Rank n". */
export function RankMedal({ rank, size = 36 }: { rank: number; size?: number }) {
  const { t, i18n } = useLingui();
  const n = formatNumber(rank, i18n.locale);
  const label = t`Rank ${n}`;
  const color = MEDAL_COLORS[rank - 1];
  if (color) {
    return (
      <Tooltip label={label} withArrow>
        <ThemeIcon
          color={color}
          variant={rank === 1 ? "filled" : "light"}
          radius="xl"
          size={size}
          role="img"
          aria-label={label}
          data-rank={rank}
          style={{ flexShrink: 0 }}
        >
          <IconMedal size={Math.round(size * 0.55)} aria-hidden />
        </ThemeIcon>
      </Tooltip>
    );
  }
  return (
    <Text
      fw={700}
      c="dimmed"
      ta="center"
      w={size}
      data-rank={rank}
      style={{ flexShrink: 0, fontVariantNumeric: "tabular-nums" }}
    >
      <VisuallyHidden>{label}</VisuallyHidden>
      <span aria-hidden>{n}</span>
    </Text>
  );
}

/** "Exporter · Export Expert" in the active language. */
export function activitiesText(i18n: I18n, activities: readonly Activity[]): string {
  return activities.map((a) => (ACTIVITY_LABELS[a] ? i18n._(ACTIVITY_LABELS[a]) : a)).join(" · ");
}
