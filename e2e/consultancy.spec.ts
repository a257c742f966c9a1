/**
 * A consultation request between two browsers (issue #15 "End to end"; ADR 17): Nima, an export
 * expert, has a training service on IP and company registration that an admin approved (both
 * through the API: e2e/services.spec.ts drives those screens). Leila, an exporter, opens the
 * consultation request dialog from her dashboard, fills it in and sees Nima's service in the
 * results. Nima, on his dashboard in his own browser, sees his consultation requests badge rise
 * without a reload, opens the request and answers it with a proposed session mode. Leila finds
 * the answer under her consultancy offers, reveals Nima's contacts and rates him.
 *
 * It runs in the "knowledge" project (playwright.config.ts), before the parallel tests: a
 * consultation request that matches no service reaches every consultant, Nima among them.
 */
import { LOCALE_STORAGE_KEY } from "../src/common/constants";
import { DIALOG, expectNoAxeViolations } from "./support/axe";
import {
  apiOf,
  badgeStreamStarted,
  closeToast,
  expect,
  type LoginSpec,
  login,
  newPerson,
  pick,
  snap,
  switchLanguage,
  test,
} from "./support/fixtures";

const SERVICE = "Company registration and trademarks in New Zealand";
const ANSWER = "I can walk you through registration and trademarks online next week.";

test.describe("a consultation request between two browsers", () => {
  test("the member finds the approved service; its provider's badge rises live; he answers; she rates", async ({
    page,
    browserOf,
    someone,
  }) => {
    test.setTimeout(240_000);
    const nimaSpec: LoginSpec = { ...newPerson("Nima", "Rahimi"), activities: ["export_expert"] };
    const leilaSpec: LoginSpec = { ...newPerson("Leila", "Ahmadi"), activities: ["exporter"], countries: ["NZ"] };

    // Nima waits on his dashboard, his badges connected; his service is published and approved.
    const nima = await browserOf();
    const NIMA = await login(nima, nimaSpec);
    const admin = await someone({ ...newPerson("Ada", "Reviewer"), admin: true });
    const nimaApi = apiOf(nima.request, NIMA);
    const { id: serviceId } = await nimaApi.mutate<{ id: number }>("services.create", {
      title: SERVICE,
      description: "Company registration, trademarks and IP protection for exporters entering New Zealand.",
      serviceType: "training",
      sectors: [],
      countries: ["NZ"],
      exportServices: ["ip_company_registration"],
      city: "Tehran",
      country: "IR",
      startDate: null,
      endDate: null,
      modes: ["online"],
      contactEmail: NIMA.email,
      contactPhone: "+989121112233",
      contactWhatsapp: "",
    });
    await admin.mutate("services.review", { id: serviceId, decision: "approved", notes: "" });
    const streaming = badgeStreamStarted(nima);
    await nima.goto("/dashboard");
    await expect(nima.getByTestId("welcome")).toHaveText(`Welcome, ${NIMA.name}`, { timeout: 60_000 });
    await streaming;
    const received = nima.getByTestId("received-consultancy.request");
    const before = Number(await received.getAttribute("data-count"));

    // Leila opens the dialog from her dashboard; the required fields come first.
    const LEILA = await login(page, leilaSpec);
    await page.goto("/dashboard");
    await expect(page.getByTestId("welcome")).toHaveText(`Welcome, ${LEILA.name}`, { timeout: 60_000 });
    await page.getByTestId("send-consultancy.request").click();
    const dialog = page.getByRole("dialog", { name: "Request consultancy or training" });
    await expect(dialog).toBeVisible();
    await dialog.getByTestId("consultation-submit").click();
    await expect(page.getByRole("alert").filter({ hasText: "Missing Information" })).toContainText(
      "Please select a request type",
    );
    await closeToast(page, "Missing Information");
    await dialog.getByText("Training", { exact: true }).click();
    await pick(page, "export-service-select", "IP and company registration");
    await dialog.getByRole("checkbox", { name: "Online" }).check();
    await dialog.getByTestId("consultation-city").fill("Mashhad");
    await pick(page, "consultation-country", /^Iran/, "iran");
    await pick(page, "consultation-target-country", /^New Zealand/, "new z");
    await snap(page, "consultancy-dialog-en");
    await expectNoAxeViolations(page, "the consultation request dialog, filled in", DIALOG);
    await dialog.getByTestId("consultation-submit").click();
    await closeToast(page, "Request Submitted");
    await expect(page.getByRole("dialog", { name: "Matching services" })).toBeVisible();
    const result = page.getByTestId("service-result").filter({ hasText: SERVICE });
    await expect(result.getByTestId("service-provider")).toHaveText(NIMA.name);
    await expect(result.getByTestId("service-contacts").getByRole("link", { name: NIMA.email })).toHaveAttribute(
      "href",
      `mailto:${NIMA.email}`,
    );
    await snap(page, "consultancy-results-en");
    await expectNoAxeViolations(page, "the consultation request's matching services", DIALOG);
    await page.getByTestId("consultation-close").click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Nima's badge rises where he is, without a reload.
    await expect(received).toHaveAttribute("data-count", String(before + 1), { timeout: 10_000 });
    await expect(received).toHaveAccessibleName(`Received ${before + 1} new`);
    await received.click();
    await expect(nima).toHaveURL(/\/consultancy\/received-request$/);
    const card = nima.getByTestId("request-card").filter({ hasText: LEILA.name });
    await expect(card).toContainText("IP and company registration", { timeout: 30_000 });
    await expect(card).toContainText("Mashhad");
    await snap(nima, "consultancy-received-request-en");
    await card.getByRole("button", { name: /Respond/ }).click();
    const respond = nima.getByRole("dialog", { name: "Respond to Request" });
    await respond.getByRole("textbox", { name: "Your response" }).fill(ANSWER);
    await respond.getByRole("textbox", { name: "Email" }).fill(NIMA.email);
    await pick(nima, "proposed-mode", "Online");
    await snap(nima, "consultancy-respond-en");
    await respond.getByRole("button", { name: "Send Response" }).click();
    await expect(respond).toBeHidden();
    await expect(card).toHaveCount(0);

    // Leila's consultancy offers: the answer with its proposal; she reveals and rates.
    await page.goto("/consultancy/received-offer");
    await expect(page).toHaveURL(/\/offers\/received\?area=consultancy$/);
    const offer = page.getByTestId("offer-card").filter({ hasText: NIMA.name });
    await expect(offer.getByTestId("offer-message")).toHaveText(ANSWER, { timeout: 30_000 });
    await expect(offer.getByTestId("offer-proposal")).toContainText("Online");
    await expect(offer.getByTestId("offer-consultation")).toContainText("Training");
    await offer.getByRole("button", { name: "Reveal Contact Details" }).click();
    await expect(offer.getByTestId("contact-details").getByRole("link", { name: NIMA.email })).toBeVisible();
    const threeStars = offer.getByRole("radio", { name: "3 stars" });
    await offer.locator(`label[for="${await threeStars.getAttribute("id")}"]`).click();
    await offer.getByRole("button", { name: "Rate", exact: true }).click();
    await expect(offer.getByTestId("offer-rated")).toHaveText("You rated this offer 3 stars");
    await snap(page, "consultancy-offer-rated-en");
    await switchLanguage(page, "fa");
    await expect(offer.getByTestId("offer-proposal")).toContainText("آنلاین");
    await snap(page, "consultancy-offer-rated-fa");
    await expectNoAxeViolations(page, "consultancy offers in Persian");
  });

  test("in Persian and on a phone, the dialog and its no-match text", async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [LOCALE_STORAGE_KEY, "fa"] as const);
    await login(page, { ...newPerson("Parisa", "Nouri"), activities: ["exporter"], locale: "fa" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/dashboard");
    await page.getByTestId("send-consultancy.request").click();
    const dialog = page.getByRole("dialog", { name: "درخواست مشاوره یا آموزش" });
    await expect(dialog).toBeVisible({ timeout: 60_000 });
    await dialog.getByText("مشاوره", { exact: true }).click();
    await pick(page, "export-service-select", "لجستیک");
    await dialog.getByRole("checkbox", { name: "حضوری" }).check();
    await dialog.getByTestId("consultation-city").fill("تبریز");
    await pick(page, "consultation-country", /^ایران/, "ایران");
    await snap(page, "consultancy-dialog-phone-fa");
    await expectNoAxeViolations(page, "the consultation request dialog in Persian on a phone", DIALOG);
    await dialog.getByTestId("consultation-submit").click();
    const results = page.getByTestId("consultation-results");
    await expect(results.getByTestId("no-matches")).toContainText("درخواست شما برای ارائه‌دهندگان مرتبط فرستاده شد", {
      timeout: 30_000,
    });
    await snap(page, "consultancy-no-match-phone-fa");
    await expectNoAxeViolations(page, "the no-match results in Persian on a phone", DIALOG);
    // Closing resets the form.
    await page.keyboard.press("Escape");
    await page.getByTestId("send-consultancy.request").click();
    await expect(page.getByTestId("consultation-city")).toHaveValue("");
  });
});
