/**
 * The Porter diamond analysis (issue #18 §2, §3, §4). A member with one earlier analysis (saved
 * through the API) starts a new one from the information page's Start Analysis, is stopped on an
 * empty first step, rates the first factor with the keyboard alone and the others with the mouse,
 * reads the result (the scores of the unit test's mixed set, strengths and gaps with the notes,
 * the SVG diamond with the previous outline, the per-factor change), prints it (window.print is
 * replaced to count the call; the print layout is checked under print media and saved with
 * page.pdf), and finds it listed and compared in the profile. Screenshots in English, Persian and
 * at phone width; axe on the form and the result.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import {
  callTrpc,
  expect,
  login,
  newPerson,
  pick,
  SCREENSHOT_DIR,
  snap,
  switchLanguage,
  test,
} from "./support/fixtures";

const FACTORS = ["factors", "demand", "related", "strategy", "government", "chance"] as const;
const RATING_NAMES = ["Serious disadvantage", "Disadvantage", "Neutral", "Advantage", "Strong advantage"];
/** The unit test's mixed set: overall 63, strengths factors/strategy/chance, gaps demand/government. */
const RATINGS = [4, 2, 3, 5, 1, 4];

const focusedName = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? "");

test("a member completes a diamond analysis, finds it saved, compared and listed, and prints it", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed += 1;
    };
  });
  await login(page, newPerson("Parisa", "Ahmadi"));
  // An earlier analysis of the same product and market, to compare with.
  await callTrpc(page.request, "mutation", "assessments.save", {
    kind: "diamond",
    answers: {
      product: "Saffron",
      market: "DE",
      factors: Object.fromEntries(FACTORS.map((f) => [f, { rating: 2, notes: "" }])),
    },
  });

  await page.goto("/porter-diamond-analysis");
  await page.getByRole("link", { name: "Start Analysis" }).click();
  await expect(page).toHaveURL(/\/porter-diamond-analysis\/start$/);
  await expect(page.getByTestId("diamond-step")).toHaveText("Step 1 of 7: Product and target market");
  await expect(page.getByTestId("diamond-source")).toContainText("The Competitive Advantage of Nations");

  // Next on an empty first step says why and focuses the product.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Please name the product you are analysing.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Product" })).toBeFocused();
  await page.getByRole("textbox", { name: "Product" }).fill("Saffron");
  await pick(page, "diamond-market", /^Germany/, "germ");
  await page.getByRole("button", { name: "Next" }).click();

  // The first factor with the keyboard alone: Tab to the rating, Space, arrows; Enter on Next.
  await expect(page.getByTestId("diamond-step")).toHaveText("Step 2 of 7: Factor conditions");
  await expect(page.getByRole("heading", { level: 2, name: "Factor conditions" })).toBeFocused();
  await expect(page.getByText("Which inputs give your product an edge in this market", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, "the diamond form (en)");
  await snap(page, "diamond-form-en");
  for (let i = 0; i < 20 && (await focusedName(page)) !== "rating-factors"; i++) await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  for (let i = 1; i < RATINGS[0]!; i++) await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "4 · Advantage" })).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.type("Skilled growers and a long harvest tradition.");
  await page.keyboard.press("Enter"); // a new line in the notes, not a submit
  await page.getByRole("button", { name: "Next" }).focus();
  await page.keyboard.press("Enter");

  for (const [i, factor] of FACTORS.entries()) {
    if (i === 0) continue;
    await expect(page.getByTestId("diamond-step")).toContainText(`Step ${i + 2} of 7`);
    const rating = RATINGS[i]!;
    await page
      .getByTestId(`rating-${factor}`)
      .getByRole("radio", { name: `${rating} · ${RATING_NAMES[rating - 1]}` })
      .check();
    if (factor === "demand")
      await page.getByRole("textbox", { name: "Your notes" }).fill("Few buyers know Persian saffron.");
    await page.getByRole("button", { name: i === FACTORS.length - 1 ? "See my analysis" : "Next" }).click();
  }

  const result = page.getByTestId("diamond-result");
  await expect(page.getByRole("heading", { level: 1, name: "Your Porter diamond analysis" })).toBeFocused();
  await expect(result.getByTestId("diamond-subject")).toHaveText("Saffron in Germany");
  await expect(result.getByTestId("diamond-overall")).toHaveText("63 out of 100");
  await expect(result.getByTestId("diamond-strengths")).toContainText("Skilled growers and a long harvest tradition.");
  await expect(result.getByTestId("diamond-strengths")).toContainText("Firm strategy, structure and rivalry");
  await expect(result.getByTestId("diamond-gaps")).toContainText("Few buyers know Persian saffron.");
  await expect(result.getByTestId("diamond-gaps")).toContainText("Government");
  await expect(result.getByTestId("diamond-row-strategy")).toContainText("5 · Strong advantage");
  await expect(result.getByRole("img", { name: /Porter diamond: .*Factor conditions: 4 of 5/ })).toBeVisible();
  await expect(page.getByTestId("readiness-saved")).toContainText("Saved to your profile.");
  await snap(page, "diamond-result-en");
  await expectNoAxeViolations(page, "the diamond result (en)");

  // Print: the browser's dialog is called, and the print layout is the analysis alone.
  await result.getByRole("button", { name: "Print or save as PDF" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("header").first()).toBeHidden();
  await expect(page.locator("footer").first()).toBeHidden();
  await expect(result.getByRole("button", { name: "Print or save as PDF" })).toBeHidden();
  await expect(page.getByTestId("diamond-chart")).toBeVisible();
  await snap(page, "diamond-print-en");
  const pdf = await page.pdf({ path: path.join(SCREENSHOT_DIR, "diamond-print-en.pdf"), printBackground: true });
  expect(pdf.byteLength).toBeGreaterThan(10_000);
  await page.emulateMedia({ media: "screen" });

  await switchLanguage(page, "fa");
  await expect(result.getByTestId("diamond-overall")).toHaveText("۶۳ از ۱۰۰");
  await expect(result.getByTestId("diamond-subject")).toHaveText("Saffron در آلمان");
  await snap(page, "diamond-result-fa");
  await expectNoAxeViolations(page, "the diamond result (fa)");
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await snap(page, "diamond-phone-fa");

  // The profile lists both analyses and compares the latest with the previous one.
  await page.goto("/profile");
  const list = page.getByTestId("diamond-list");
  await expect(list.locator("tbody tr")).toHaveCount(2, { timeout: 30_000 });
  await expect(list.locator("tbody tr").first()).toContainText("Saffron");
  await expect(page.getByTestId("diamond-compare-factors")).toContainText("۲ افزایش");
  await page.setViewportSize({ width: 1280, height: 900 });
  await switchLanguage(page, "en");
  await expect(page.getByTestId("diamond-compare-strategy")).toContainText(
    "Firm strategy, structure and rivalry: 5 of 5",
  );
  await expect(page.getByTestId("diamond-compare-strategy")).toContainText("up 3");
  await expect(page.getByTestId("diamond-compare-government")).toContainText("down 1");
  await snap(page, "diamond-profile-list-en");
  await list.locator("tbody tr").first().getByRole("link", { name: "View" }).click();
  await expect(page.getByTestId("saved-result-date")).toContainText("compared with your result of");
  await expect(page.getByTestId("diamond-previous")).toBeAttached();
  await expect(page.getByTestId("diamond-row-factors")).toContainText("up 2");
  await snap(page, "diamond-saved-compare-en");

  // A retake starts from the same product and market.
  await page.getByRole("link", { name: "Retake the analysis" }).click();
  await expect(page).toHaveURL(/\/porter-diamond-analysis\/start\?product=Saffron&market=DE$/);
  await expect(page.getByRole("textbox", { name: "Product" })).toHaveValue("Saffron");
  await expect(page.getByTestId("diamond-market")).toHaveValue("Germany");
});

test("a visitor makes an analysis in Persian on a phone, keeps it in the browser and is invited to join", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/porter-diamond-analysis");
  await switchLanguage(page, "fa");
  await page.getByRole("link", { name: "شروع تحلیل" }).click();
  await expect(page.getByTestId("diamond-step")).toHaveText("گام ۱ از ۷: محصول و بازار هدف");
  await page.getByRole("textbox", { name: "محصول" }).fill("زعفران");
  await pick(page, "diamond-market", /^آلمان/, "آلمان");
  await page.getByRole("button", { name: "بعدی" }).click();
  await expect(page.getByTestId("diamond-step")).toHaveText("گام ۲ از ۷: شرایط عوامل تولید");
  await snap(page, "diamond-form-phone-fa");
  await expectNoAxeViolations(page, "the diamond form at phone width (fa)");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  for (const [i, factor] of FACTORS.entries()) {
    await expect(page.getByTestId("diamond-step")).toContainText(`گام ${(i + 2).toLocaleString("fa")} از`);
    await page.getByTestId(`rating-${factor}`).getByRole("radio", { name: "۳ · خنثی" }).check();
    await page.getByRole("button", { name: i === FACTORS.length - 1 ? "دیدن تحلیل من" : "بعدی" }).click();
  }
  await expect(page.getByTestId("diamond-overall")).toHaveText("۵۰ از ۱۰۰");
  await expect(page.getByTestId("diamond-subject")).toHaveText("زعفران در آلمان");
  await expect(page.getByTestId("readiness-join")).toContainText("برای نگه داشتن نتیجه، عضو باشگاه شوید");
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("export-club.diamond-answers") ?? "null"));
  expect(kept).toMatchObject({ product: "زعفران", market: "DE", factors: { chance: { rating: 3 } } });
});
