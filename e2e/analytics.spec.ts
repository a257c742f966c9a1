/**
 * Admin analytics (issue #17 §3): with some data made through the API (a member request, an
 * answer, its rating, a knowledge submission; the accounts themselves are applicants, members
 * and active members), the admin's /admin/analytics draws every chart; a past range with no data
 * shows the empty states, and "Last 12 weeks" brings the charts back; one chart's CSV downloads
 * with its header and rows. Screenshots in English and Persian (and Persian on a phone); axe.
 *
 * Other tests add data to the same database in parallel, so figures are checked as lower bounds.
 */
import { readFileSync } from "node:fs";
import { ANALYTICS_CHARTS, defaultRange } from "../src/common/analytics";
import { expectNoAxeViolations } from "./support/axe";
import { expect, login, newPerson, snap, switchLanguage, test } from "./support/fixtures";

test("the admin's analytics draw every chart, follow the date range and download a chart's CSV", async ({
  page,
  someone,
}) => {
  test.setTimeout(90_000);
  const arash = await someone({ ...newPerson("Arash", "Figures"), countries: ["DE"] });
  const bahar = await someone({
    ...newPerson("Bahar", "Figures"),
    activities: ["export_expert"],
    countries: ["DE"],
    sectors: ["agriculture"],
  });
  const request = await arash.mutate<{ id: number }>("memberRequests.submit", {
    productId: null,
    countryCode: "DE",
    requestType: "knowledge_sharing",
    description: "Which certificates does retail saffron need in Germany?",
    urgency: "normal",
  });
  const response = await bahar.mutate<{ id: number }>("memberRequests.respond", {
    requestId: request.id,
    message: "Organic saffron needs an EU organic certificate and a German importer of record.",
    contactEmail: bahar.email,
    contactPhone: "",
    contactWhatsapp: "",
  });
  await arash.mutate("offers.rate", { responseId: response.id, rating: 3 });
  await bahar.mutate("knowledge.share", {
    shareType: "experience",
    title: "Selling saffron at BIOFACH",
    content: "Book meetings with buyers two weeks before the fair opens.",
    category: "trade_fair",
    eventDate: "2026-02-10",
    eventLocation: "Nürnberg",
    attachmentUploadId: null,
  });

  await login(page, { ...newPerson("Ada", "Analytics"), admin: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible({ timeout: 30_000 });
  for (const chart of ANALYTICS_CHARTS) {
    await expect(page.getByTestId(`chart-${chart}-drawing`).locator("svg.recharts-surface").first()).toBeVisible({
      timeout: 30_000,
    });
  }

  // The figures as a table: at least the one 3-star rating made above.
  const ratings = page.getByTestId("chart-ratings");
  await ratings.getByRole("button", { name: "Show table" }).click();
  const threeStars = ratings.getByRole("row").filter({ hasText: "3 stars" });
  await expect(threeStars).toBeVisible();
  expect(Number((await threeStars.getByRole("cell").nth(1).textContent())?.replace(/,/g, ""))).toBeGreaterThanOrEqual(
    1,
  );

  // A chart's CSV: named after the chart and the range; the header, then one row per star.
  const { from, to } = defaultRange();
  const downloading = page.waitForEvent("download");
  await ratings.getByTestId("chart-ratings-csv").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`analytics-ratings-${from}-to-${to}.csv`);
  const lines = readFileSync(await download.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\n");
  expect(lines[0]).toBe("stars,ratings");
  expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["1", "2", "3"]);
  expect(Number(lines[3]?.split(",")[1])).toBeGreaterThanOrEqual(1);

  await snap(page, "analytics-en");
  await expectNoAxeViolations(page, "admin analytics (en)");

  // A past range without data: the weekly charts show their empty state; the default comes back.
  await page.goto("/admin/analytics?from=2020-01-06&to=2020-02-02");
  await expect(page.getByTestId("chart-applications-empty")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("chart-posts-empty")).toBeVisible();
  await expect(page.getByTestId("chart-ratings-empty")).toBeVisible();
  await page.getByRole("button", { name: "Last 12 weeks" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByTestId("chart-applications-drawing").locator("svg.recharts-surface").first()).toBeVisible({
    timeout: 30_000,
  });

  await switchLanguage(page, "fa");
  await expect(page.getByRole("heading", { level: 1, name: "آمار و تحلیل" })).toBeVisible();
  for (const chart of ANALYTICS_CHARTS) {
    await expect(page.getByTestId(`chart-${chart}-drawing`).locator("svg.recharts-surface").first()).toBeVisible();
  }
  await snap(page, "analytics-fa");
  await expectNoAxeViolations(page, "admin analytics (fa)");
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, "analytics-phone-fa");
});
