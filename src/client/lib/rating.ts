/**
 * The one way to show a member's average rating (spec part 2 §3: 1 to 3 stars; issue #13 §4):
 * one decimal ("2.0", "2.7") in the language's digits, with the number of ratings.
 */
import { i18n } from "@lingui/core";
import { plural } from "@lingui/core/macro";
import { factSeparator, numberFormat } from "../i18n";

/** The average with exactly one decimal: 2 → "2.0", 2.666 → "2.7" ("۲٫۰" in Persian). */
export function formatRatingValue(average: number, locale = i18n.locale): string {
  return numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
}

/**
 * The average and its count, as shown beside the stars: "2.0 · 3 ratings" ("۲٫۰، ۳ امتیاز"),
 * in the active language.
 */
export function formatRating(average: number, count: number): string {
  return `${formatRatingValue(average)}${factSeparator()}${plural(count, { one: "# rating", other: "# ratings" })}`;
}
