/**
 * The bands of a readiness score, apart from the result page (ResultView.tsx) so the dashboard's
 * latest-result card names the band without loading the result page's code.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** The band of an overall score. */
export function bandOf(overall: number): { label: MessageDescriptor; color: string } {
  if (overall >= 75) return { label: msg`Ready to export`, color: "teal.9" };
  if (overall >= 50) return { label: msg`Nearly ready`, color: "blue.9" };
  if (overall >= 25) return { label: msg`Getting ready`, color: "orange.9" };
  return { label: msg`Early stage`, color: "red.9" };
}
