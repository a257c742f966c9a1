/** A tier's price and monthly help quota as text (landing page, upgrade dialog, Request Help). */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { MONTHLY_HELP_QUOTA, TIER_COST, type Tier } from "../../common/constants";
import { formatNumber } from "../i18n";

/** "Free" or "500 points", from TIER_COST. */
export function TierPrice({ tier }: { tier: Tier }) {
  const { i18n } = useLingui();
  const cost = TIER_COST[tier];
  if (cost === 0) return <Trans>Free</Trans>;
  const points = formatNumber(cost, i18n.locale);
  return <Trans>{points} points</Trans>;
}

/** "2 help requests a month" or "Unlimited help requests", from MONTHLY_HELP_QUOTA. */
export function TierQuota({ tier }: { tier: Tier }) {
  const quota = MONTHLY_HELP_QUOTA[tier];
  if (quota === null) return <Trans>Unlimited help requests</Trans>;
  return <Plural value={quota} one="# help request a month" other="# help requests a month" />;
}
