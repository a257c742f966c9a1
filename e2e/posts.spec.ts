/**
 * An export-services offer between two browsers (issue #14 "End to end"; ADR 16): Reza, a legal
 * service provider, sends an offer through the form; Sara, an exporter of agriculture to Germany,
 * sits on her dashboard in her own browser and sees the Received badge of export-service offers
 * rise without a reload and without asking the server for her counts; she opens the offer and
 * answers it; Reza's offers badge rises live, and he reveals her contacts and rates her answer.
 *
 * It runs in the "knowledge" project (playwright.config.ts), before the parallel tests, because any
 * export-services offer to agriculture or Germany would move Sara's badge.
 */
import {
  badgeStreamStarted,
  closeDropdown,
  closeToast,
  expect,
  type LoginSpec,
  login,
  newPerson,
  pick,
  snap,
  test,
} from "./support/fixtures";

const DESCRIPTION =
  "EU contract and arbitration support for saffron exporters: distribution agreements, disputes with German importers.";
const ANSWER = "We export saffron to Hamburg and need a distribution contract reviewed this month.";

test.describe("an export-services offer between two browsers", () => {
  test("the provider's offer reaches the exporter live; she answers; he reveals and rates", async ({
    page,
    browserOf,
  }) => {
    test.setTimeout(240_000);
    const saraSpec: LoginSpec = {
      ...newPerson("Sara", "Karimi"),
      activities: ["exporter"],
      countries: ["DE"],
      sectors: ["agriculture"],
    };
    const rezaSpec: LoginSpec = {
      ...newPerson("Reza", "Moradi"),
      activities: ["export_service_provider"],
      activitySelections: { mainCategories: ["B"], details: { B: ["b2_arbitration"] } },
    };

    // Sara waits on her dashboard, her badges connected.
    const sara = await browserOf();
    const SARA = await login(sara, saraSpec);
    const streaming = badgeStreamStarted(sara);
    await sara.goto("/dashboard");
    await expect(sara.getByTestId("welcome")).toHaveText(`Welcome, ${SARA.name}`, { timeout: 60_000 });
    await streaming;
    const received = sara.getByTestId("received-export_services.offer");
    const before = Number(await received.getAttribute("data-count"));
    let saraAskedForCounts = 0;
    sara.on("request", (r) => {
      if (/badges\.get/.test(r.url())) saraAskedForCounts++;
    });

    // Reza sends his offer through the form, from the dashboard's export-services group.
    const REZA = await login(page, rezaSpec);
    await page.goto("/dashboard");
    await expect(page.getByTestId("welcome")).toHaveText(`Welcome, ${REZA.name}`, { timeout: 60_000 });
    await expect(page.getByTestId("offers-badge")).toHaveAttribute("data-count", "0");
    const group = page.getByTestId("service-group-export");
    await group.getByRole("link", { name: "Send" }).first().click();
    await expect(page).toHaveURL(/\/export-services\/send-offer$/);
    await expect(page.getByRole("heading", { level: 1, name: "Offer an export service" })).toBeVisible({
      timeout: 60_000,
    });
    await page.getByRole("radio", { name: "Legal" }).check();
    await pick(page, "sub-activity-select", "Arbitration");
    await pick(page, "sectors-select", "Agriculture", "agri");
    await closeDropdown(page);
    await pick(page, "countries-select", /^Germany/, "germ");
    await closeDropdown(page);
    await page.getByRole("checkbox", { name: "Remote" }).check();
    await page.getByTestId("description").fill(DESCRIPTION);
    await page.getByTestId("send-post").click();
    await expect(page.getByRole("alert").filter({ hasText: "Your post has been sent successfully!" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

    // Sara's badge rises where she is, without a reload and without asking for her counts.
    await expect(received).toHaveAttribute("data-count", String(before + 1), { timeout: 10_000 });
    await expect(received).toHaveAccessibleName(`Received ${before + 1} new`);
    expect(saraAskedForCounts, "the badge changed without the page asking").toBe(0);
    await snap(sara, "posts-live-badge-en");

    // She follows it to the offer and answers it.
    await received.click();
    await expect(sara).toHaveURL(/\/export-services\/received-offer$/);
    const card = sara.getByTestId("request-card").filter({ hasText: REZA.name });
    await expect(card).toContainText(DESCRIPTION, { timeout: 30_000 });
    await expect(card).toContainText("Arbitration");
    await card.getByRole("button", { name: /Respond/ }).click();
    const dialog = sara.getByRole("dialog", { name: "Respond to Offer" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("textbox", { name: "Your response" }).fill(ANSWER);
    await dialog.getByRole("textbox", { name: "Email" }).fill(SARA.email);
    await dialog.getByRole("button", { name: "Send Response" }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);
    await closeToast(sara, "Response Sent");
    // Answered, it no longer counts on her dashboard.
    await sara.goto("/dashboard");
    await expect(received).toHaveAttribute("data-count", String(before), { timeout: 30_000 });

    // Reza, still on his dashboard, sees his offers badge rise without a reload.
    const offersBadge = page.getByTestId("offers-badge");
    await expect(offersBadge).toHaveAttribute("data-count", "1", { timeout: 10_000 });
    await offersBadge.click();
    await expect(page).toHaveURL(/\/offers\/received/);
    const answer = page.getByTestId("offer-card").filter({ hasText: SARA.name });
    await expect(answer.getByTestId("offer-message")).toHaveText(ANSWER);
    await expect(answer).not.toContainText(SARA.email);
    await answer.getByRole("button", { name: "Reveal Contact Details" }).click();
    await expect(answer.getByTestId("contact-details").getByRole("link", { name: SARA.email })).toHaveAttribute(
      "href",
      `mailto:${SARA.email}`,
    );
    const threeStars = answer.getByRole("radio", { name: "3 stars" });
    await answer.locator(`label[for="${await threeStars.getAttribute("id")}"]`).click();
    await answer.getByRole("button", { name: "Rate", exact: true }).click();
    await expect(answer.getByTestId("offer-rated")).toHaveText("You rated this offer 3 stars");
    await snap(page, "posts-offer-rated-en");
  });
});
