/**
 * A member's average rating (spec part 2 §3: 0–3 stars, one decimal) as stars with the figure and
 * the count beside them: "★★☆ 2.0 · 3 ratings". The stars are one image named "Average rating 2.0
 * of 3" (a read-only Mantine Rating is a plain div, which may not carry a name itself). Used on the
 * dashboard banner, directory cards and member pages.
 */
import { useLingui } from "@lingui/react/macro";
import { Group, Rating, Text } from "@mantine/core";
import { MAX_STARS } from "../../common/offers";
import { formatRating, formatRatingValue } from "../lib/rating";

export function AverageRating({
  average,
  count,
  size,
  testId,
  textTestId,
}: {
  average: number;
  count: number;
  size: "xs" | "sm";
  testId?: string;
  textTestId?: string;
}) {
  const { t } = useLingui();
  return (
    <Group gap={6} data-testid={testId}>
      <span
        role="img"
        aria-label={t`Average rating ${formatRatingValue(average)} of 3`}
        style={{ display: "inline-flex" }}
      >
        <Rating value={average} count={MAX_STARS} fractions={10} readOnly size={size} aria-hidden />
      </span>
      <Text size={size} c="dimmed" data-testid={textTestId}>
        {formatRating(average, count)}
      </Text>
    </Group>
  );
}
