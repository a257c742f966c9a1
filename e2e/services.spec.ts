/**
 * Services (issue #15 §1): a provider (an export expert) publishes a consultancy service on
 * /consultancy/send-offer; My services shows it pending; an admin approves it on /admin/services
 * (the pending badge in the admin's navigation counts it); My services then shows it approved,
 * Pause asks first, then shows it paused, and an edit sends it back to review. A member who may
 * not publish reads why instead of the form. Screenshots of the form (English, Persian, phone width), My services and the review
 * screen (English and Persian); axe on each page.
 *
 * Every test stands on its own: its people are fresh (`login`), and the admin picks the service
 * by its own title, whatever else is pending.
 */
import { expectNoAxeViolations } from "./support/axe";
import {
  closeDropdown,
  closeToast,
  expect,
  login,
  newPerson,
  pick,
  snap,
  switchLanguage,
  test,
} from "./support/fixtures";

test.describe("services", () => {
  test("a provider publishes a service, the admin approves it, and My services follows", async ({
    page,
    browserOf,
  }) => {
    test.setTimeout(180_000);
    await login(page, { ...newPerson("Kaveh", "Moradi"), activities: ["export_expert"] });
    await page.goto("/consultancy/send-offer");
    await expect(page.getByRole("heading", { level: 1, name: "Publish a service" })).toBeVisible({ timeout: 60_000 });

    const title = `Logistics coaching for first exports ${Date.now()}`;
    await page.getByTestId("service-title").fill(title);
    const description = "We plan your first shipments to Germany: routes, forwarders, Incoterms and customs papers.";
    await page.getByTestId("service-description").fill(description);
    await expect(page.getByTestId("word-count")).toHaveText(`${description.split(/\s+/).length}/150 words`);
    await pick(page, "service-type-select", "Consultancy");
    const services = page.getByTestId("export-services");
    await services.getByRole("checkbox", { name: "Logistics" }).check();
    await services.getByRole("checkbox", { name: "Incoterms 2020" }).check();
    await pick(page, "sectors-select", "Agriculture", "agri");
    await closeDropdown(page);
    await pick(page, "countries-select", /^Germany/, "germ");
    await closeDropdown(page);
    await page.getByTestId("service-city").fill("Hamburg");
    await pick(page, "country-select", /^Germany/, "germ");
    await page.getByTestId("service-modes").getByRole("checkbox", { name: "Online" }).check();
    await expect(page.getByTestId("service-email")).not.toHaveValue("");
    // As typed on a Persian keyboard, with spaces: sent as +989121234567.
    await page.getByTestId("service-phone").fill("+۹۸ ۹۱۲ ۱۲۳ ۴۵۶۷");

    await snap(page, "services-form-en");
    await expectNoAxeViolations(page, "the service form, filled in (en)");
    await switchLanguage(page, "fa");
    await expect(page.getByRole("heading", { level: 1, name: "انتشار خدمت" })).toBeVisible();
    await snap(page, "services-form-fa");
    await expectNoAxeViolations(page, "the service form, filled in (fa)");
    await switchLanguage(page, "en");
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, "services-form-phone-en");
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByTestId("save-service").click();
    await closeToast(page, "Your service has been sent for review.");
    await expect(page).toHaveURL(/\/services\/mine$/, { timeout: 30_000 });
    const card = page.getByTestId("my-service").filter({ hasText: title });
    await expect(card.getByTestId("status-badge")).toHaveAttribute("data-status", "pending");
    await expect(card).toContainText("Waiting for an administrator's review.");
    await expect(card.getByTestId("pause-service")).toHaveCount(0);
    await snap(page, "services-mine-pending-en");
    await expectNoAxeViolations(page, "My services with a pending service");

    // The admin reviews it in their own browser.
    const adminPage = await browserOf();
    await adminPage.setViewportSize({ width: 1280, height: 900 });
    await login(adminPage, { ...newPerson("Admin", "Services"), admin: true });
    await adminPage.goto("/admin/services");
    await expect(adminPage.getByRole("heading", { level: 1, name: "Service review" })).toBeVisible({
      timeout: 60_000,
    });
    await expect(adminPage.getByTestId("nav-badge-services").first()).toBeVisible();
    const row = adminPage.getByTestId("inbox-item").filter({ hasText: title });
    await row.click();
    const panel = adminPage.getByTestId("review-panel");
    await expect(panel.getByRole("heading", { name: title })).toBeVisible();
    await expect(panel).toContainText("Kaveh Moradi");
    await expect(panel).toContainText("Incoterms 2020");
    await expect(panel.getByRole("link", { name: "Telephone +989121234567" })).toBeVisible();
    // A rejection needs a note: nothing is sent without one.
    await panel.getByTestId("reject").click();
    await expect(panel).toContainText("Please write a note for the provider.");
    await snap(adminPage, "services-review-en");
    await expectNoAxeViolations(adminPage, "the service review screen (en)");
    await switchLanguage(adminPage, "fa");
    await expect(adminPage.getByRole("heading", { level: 1, name: "بررسی خدمات" })).toBeVisible();
    await snap(adminPage, "services-review-fa");
    await expectNoAxeViolations(adminPage, "the service review screen (fa)");
    await switchLanguage(adminPage, "en");
    await panel.getByTestId("approve").click();
    await closeToast(adminPage, "The service is approved.");
    await expect(panel.getByTestId("review-outcome")).toBeVisible();

    // The provider sees it approved, and pausing asks first.
    await page.reload();
    await expect(card.getByTestId("status-badge")).toHaveAttribute("data-status", "approved", { timeout: 30_000 });
    await snap(page, "services-mine-approved-en");
    await expectNoAxeViolations(page, "My services with an approved service");
    await card.getByTestId("pause-service").click();
    const dialog = page.getByRole("dialog", { name: "Pause this service?" });
    await expect(dialog).toBeVisible();
    await dialog.getByTestId("confirm-pause").click();
    await closeToast(page, "The service is paused.");
    await expect(card.getByTestId("status-badge")).toHaveAttribute("data-status", "paused");
    await expect(card.getByTestId("resume-service")).toBeVisible();

    // Editing sends it back to review.
    await card.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit service" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("service-title")).toHaveValue(title);
    await expect(page.getByTestId("service-city")).toHaveValue("Hamburg");
    const edited = `${title} (edited)`;
    await page.getByTestId("service-title").fill(edited);
    await page.getByTestId("save-service").click();
    await closeToast(page, "Your service has been sent for review.");
    await expect(page).toHaveURL(/\/services\/mine$/, { timeout: 30_000 });
    const editedCard = page.getByTestId("my-service").filter({ hasText: edited });
    await expect(editedCard.getByTestId("status-badge")).toHaveAttribute("data-status", "pending");
  });

  test("a member who may not publish reads why, with a link to the profile", async ({ page }) => {
    test.setTimeout(90_000);
    await login(page, { ...newPerson("Sima", "Jafari"), activities: ["exporter"] });
    await page.goto("/consultancy/send-offer");
    const notice = page.getByTestId("publish-not-allowed");
    await expect(notice).toBeVisible({ timeout: 60_000 });
    await expect(notice).toContainText("Only export experts, export service providers and consultants");
    await expect(page.getByTestId("save-service")).toHaveCount(0);
    await expectNoAxeViolations(page, "the service form for a member who may not publish");
    await notice.getByRole("link", { name: "Update your profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });
});
