/**
 * Accessibility checks (issue 11 point 2): axe-core over the page as it is now, WCAG 2.1 A and AA
 * rules only. A violation fails the test at its end (a soft expectation), so one run lists every
 * page's violations; the message names the page and, per rule, the elements and why.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type * as Axe from "axe-core";

/** The axe tags of WCAG 2.0 and 2.1, levels A and AA. */
const WCAG21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** What `axeViolations` brings back of one of axe's violations. */
interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary: string }[];
}

/** axe-core's browser build, put into a page by `axeViolations`. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * The violations axe finds on `page` (WCAG 2.1 A/AA), one line per rule and up to 5 elements each.
 *
 * axe-core is put into each frame of the page once per document (not at every check) and run as
 * `axe.run` in the page's main frame, which reaches same-origin frames itself. The integration
 * package, @axe-core/playwright, evaluated axe's 550 KB of source twice at every check, about half
 * a second of a check that takes one (figures:
 * docs/decisions/0030-axe-once-per-document-and-no-idle-browser.md). Only violations come back
 * with their elements (`resultTypes`): the passes' thousands of nodes would be serialised for
 * nothing.
 *
 * `within` (a CSS selector) checks only the elements it matches, with their contents: an open
 * dialog (`DIALOG`) is checked on its own, since the page behind it had its own check and the
 * dialog changes nothing there (on Profile Settings, 2,700 elements, that is 2 s less a dialog).
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  for (const frame of page.frames()) {
    // A frame axe cannot enter (a PDF viewer's) is left out, as @axe-core/playwright left it out.
    const present = await frame.evaluate("typeof window.axe === 'object'").catch(() => true);
    if (!present) await frame.evaluate(AXE_SOURCE).catch(() => undefined);
  }
  const violations: Violation[] = await page.evaluate(
    async ({ within, tags }) => {
      const { axe } = window as unknown as { axe: typeof Axe };
      const results = await axe.run(within ? { include: [[within]] } : document, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
      });
      return results.violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact: impact ?? null,
        help,
        nodes: nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary ?? "" })),
      }));
    },
    { within: within ?? null, tags: WCAG21_AA },
  );
  return violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 5)
      .map((n) => `    ${n.target.join(" ")}: ${n.failureSummary.replace(/\s+/g, " ").slice(0, 240)}`)
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
