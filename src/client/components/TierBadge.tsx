import { useLingui } from "@lingui/react/macro";
import { Badge, type BadgeProps } from "@mantine/core";
import type { Tier } from "../../common/constants";
import { TIER_COLORS } from "../theme";

/** Tier badge: Gold yellow, Silver gray, Turquoise teal (spec part 1 §2). */
export function TierBadge({ tier, ...props }: { tier: Tier } & BadgeProps) {
  const { t } = useLingui();
  const label = tier === "gold" ? t`Gold` : tier === "silver" ? t`Silver` : t`Turquoise`;
  return (
    <Badge color={TIER_COLORS[tier]} variant="filled" {...props}>
      {label}
    </Badge>
  );
}
