/**
 * Accessibility checks (issue 11 point 2): axe-core over the page as it is now, WCAG 2.1 A and AA
 * rules only. A violation fails the test at its end (a soft expectation), so one run lists every
 * page's violations; the message names the page and, per rule, the elements and why.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The axe tags of WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * The violations axe finds on `page` (WCAG 2.1 A/AA), one line per rule and up to 5 elements each.
 *
 * Run as `axe.run` in the page itself (`setLegacyMode`): the default mode runs `axe.runPartial` in
 * every frame and then opens a blank page of the context to combine the parts, which tripled the
 * time of a check (Profile Settings: 5.2 s against 1.4 s; the club's pages have no cross-origin
 * frames, which only the default mode reaches). Only violations come back with their elements
 * (`resultTypes`): the passes' thousands of nodes were serialised for nothing. `options` goes first,
 * since it replaces what `withTags` set. Figures: docs/decisions/0029-the-suite-on-a-slower-machine.md.
 *
 * `within` (a CSS selector) checks only the elements it matches, with their contents: an open
 * dialog (`DIALOG`) is checked on its own, since the page behind it had its own check and the
 * dialog changes nothing there (on Profile Settings, 2,700 elements, that is 2 s less a dialog).
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG21_AA)
    .setLegacyMode(true);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 5)
      .map((n) => `    ${n.target.join(" ")}: ${(n.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 240)}`)
      .join("\n");
    const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : "";
    return `${v.id} (${v.impact}, ${v.nodes.length} element(s)): ${v.help}\n${nodes}${more}`;
  });
}

/** What `within` names for an open dialog or drawer (Mantine's modals, drawers and menus' dialogs). */
export const DIALOG = "[role='dialog']";

/**
 * Expects no axe violations on `page`, or only within `within` (see `axeViolations`); `name` says
 * which page and state.
 */
export async function expectNoAxeViolations(page: Page, name: string, within?: string): Promise<void> {
  const violations = await axeViolations(page, within);
  expect.soft(violations, `axe (WCAG 2.1 A/AA) on ${name}:\n${violations.join("\n")}`).toEqual([]);
}
