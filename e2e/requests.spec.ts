/**
 * Member requests and offers between two people, each in their own browser, driven as they
 * would drive it (DESIGN.md §5, §7, §9):
 *
 * - With Bahar's (an export expert's) dashboard open, Arash (an exporter) asks for knowledge on
 *   saffron for Germany (the 30-word limit and its live counter on the way); Bahar's requests
 *   badge rises without a reload.
 * - Bahar finds the request (English and Persian), answers it with her e-mail and WhatsApp; the
 *   card leaves her list and Arash's offers badge rises without a reload.
 * - Arash opens an offer, reveals the contact details, rates it 3 stars once; the expert's
 *   dashboard shows her average rating.
 *
 * Each test stands on its own: Arash and Bahar are fresh people (new addresses and names on
 * every run) made by the `login` fixture; what a test does not drive through the pages (the
 * request and the answer before a rating) their own API sessions make, as their pages would.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import {
  apiOf,
  badgeStreamStarted,
  closeToast,
  expect,
  login,
  newPerson,
  type Someone,
  snap,
  switchLanguage,
  test,
} from "./support/fixtures";

/** The requester: an exporter. */
const arashSpec = () => ({ ...newPerson("Arash", "Tehrani"), activities: ["exporter" as const] });

/** The responder: an export expert whose target country is Germany. */
const baharSpec = () => ({
  ...newPerson("Bahar", "Karimi"),
  activities: ["export_expert" as const],
  countries: ["DE"],
});
const WHATSAPP = "+49 151 2345 6789";

const DESCRIPTION =
  "Which German labelling and organic certificates does retail saffron need, and which trade fair is best to meet Hamburg importers?";
const RESPONSE =
  "I have shipped saffron to Hamburg for eight years. Happy to walk you through the German labels, the EU organic certificate and BIOFACH.";

/** The words of `text`, as the form and the server count them. */
const words = (text: string) => text.trim().split(/\s+/).length;

const badgeCount = async (page: Page, testId: "requests-badge" | "offers-badge") =>
  Number(await page.getByTestId(testId).getAttribute("data-count"));

/**
 * Arash's request and Bahar's answer to it, made through their API sessions as their pages make
 * them (for the tests about what comes after). Returns the response's id.
 */
async function requestAnswered(arash: Someone, bahar: Someone): Promise<number> {
  const request = await arash.mutate<{ id: number }>("memberRequests.submit", {
    productId: null,
    countryCode: "DE",
    requestType: "knowledge_sharing",
    description: DESCRIPTION,
    urgency: "urgent",
  });
  const response = await bahar.mutate<{ id: number }>("memberRequests.respond", {
    requestId: request.id,
    message: RESPONSE,
    contactEmail: bahar.email,
    contactPhone: "",
    contactWhatsapp: WHATSAPP.replace(/\s/g, ""), // as the form sends it
  });
  return response.id;
}

test.describe("a member request answered between two browsers", () => {
  test("the request reaches the expert live, she answers, and the offer reaches the exporter live", async ({
    page,
    browserOf,
  }) => {
    test.setTimeout(180_000);

    // Bahar sits on her dashboard in her own browser, her badges connected.
    const bahar = await browserOf();
    const BAHAR = await login(bahar, baharSpec());
    const streaming = badgeStreamStarted(bahar);
    await bahar.goto("/dashboard");
    // A first load on a loaded machine can take a while.
    await expect(bahar.getByTestId("welcome")).toHaveText(`Welcome, ${BAHAR.name}`, { timeout: 60_000 });
    await streaming;
    const requestsBadge = bahar.getByTestId("requests-badge");
    const before = await badgeCount(bahar, "requests-badge");
    // From here on Bahar's page asks the server for no count: a change can only come live.
    let baharAskedForCounts = 0;
    bahar.on("request", (r) => {
      if (/badges\.get/.test(r.url())) baharAskedForCounts++;
    });

    // Arash, in his browser, goes from his dashboard to Submit Member Request.
    const arash = page;
    const ARASH = await login(arash, arashSpec());
    await arash.goto("/dashboard");
    await expect(arash.getByTestId("welcome")).toHaveText(`Welcome, ${ARASH.name}`, { timeout: 60_000 });
    await expect(arash.getByTestId("offers-badge")).toHaveAttribute("data-count", "0");
    await arash.getByTestId("service-group-membership").getByRole("link", { name: "Send" }).click();
    await expect(arash).toHaveURL(/\/member-request$/);
    await expect(arash.getByRole("heading", { level: 1, name: "Submit Member Request" })).toBeVisible();

    const submit = arash.getByRole("button", { name: "Submit", exact: true });
    await expect(arash.getByTestId("selection-notice")).toBeVisible();
    await expect(submit).toBeDisabled();

    // The product, found through the searchable picker (name, description and ISIC shown).
    const product = arash.getByRole("combobox", { name: "Intended product" });
    await expect(product).toBeEnabled();
    await product.fill("saffr");
    const saffron = arash.getByRole("option", { name: /^Saffron/ });
    await expect(saffron).toContainText("Saffron stigmas");
    await expect(saffron).toContainText("ISIC 01");
    await saffron.click();
    await expect(product).toHaveValue("Saffron");
    await expect(arash.getByTestId("selection-notice")).toHaveCount(0);

    const country = arash.getByRole("combobox", { name: "Target country" });
    await country.fill("germ");
    await arash.getByRole("option", { name: /^Germany/ }).click();
    await expect(country).toHaveValue("Germany");

    await arash.getByRole("combobox", { name: "Type of request" }).click();
    await arash.getByRole("option", { name: "Knowledge-sharing" }).click();
    await arash.getByRole("combobox", { name: "Urgency" }).click();
    await arash.getByRole("option", { name: "Urgent" }).click();

    // The description: the counter follows the words; one word over the limit blocks Submit.
    const description = arash.getByRole("textbox", { name: "Description" });
    const counter = arash.getByTestId("word-count");
    await expect(counter).toHaveText("0/30 words");
    const tooLong = Array.from({ length: 31 }, (_, i) => `word${i + 1}`).join(" ");
    await description.fill(tooLong);
    await expect(counter).toHaveText("31/30 words");
    await expect(arash.getByText("Description exceeds 30 word limit. Please shorten your description.")).toBeVisible();
    await expect(submit).toBeDisabled();
    await description.fill(DESCRIPTION);
    expect(words(DESCRIPTION)).toBeLessThanOrEqual(30);
    await expect(counter).toHaveText(`${words(DESCRIPTION)}/30 words`);
    await expect(arash.getByText("Description exceeds 30 word limit.", { exact: false })).toHaveCount(0);
    await expect(submit).toBeEnabled();

    await submit.click();
    await expect(arash).toHaveURL(/\/dashboard$/);
    const sent = arash.getByRole("alert").filter({ hasText: "Request submitted successfully!" });
    await expect(sent).toContainText("Your request has been sent to matching members.");
    await closeToast(arash, "Request submitted successfully!");

    // Bahar's requests badge rises where she is, without a reload.
    await expect(requestsBadge).toHaveAttribute("data-count", String(before + 1), { timeout: 10_000 });
    await expect(requestsBadge).toHaveAccessibleName(`Requests for you: ${before + 1}`);
    expect(baharAskedForCounts, "the badge changed without the page asking").toBe(0);
    await expect(bahar).toHaveURL(/\/dashboard$/);

    // She follows the badge to the request.
    await requestsBadge.click();
    await expect(bahar).toHaveURL(/\/member-request\/received$/);
    await expect(bahar.getByRole("heading", { level: 1, name: "Received Member Requests" })).toBeVisible();
    const card = bahar.getByTestId("request-card").filter({ hasText: ARASH.name });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("request-description")).toHaveText(DESCRIPTION);
    await expect(card.getByTestId("type-badge")).toHaveText("Knowledge-sharing");
    await expect(card.getByTestId("urgency-badge")).toHaveText("Urgent");
    await expect(card).toContainText("Product: Saffron");
    await expect(card).toContainText("Country: Germany");
    await expect(card).toContainText("Sector: Agriculture");
    await snap(bahar, "received-requests-en");

    await switchLanguage(bahar, "fa");
    await expect(card.getByTestId("type-badge")).not.toHaveText("Knowledge-sharing");
    await expect(card).toContainText("زعفران");
    await expect(card).toContainText("آلمان");
    await expect(card.getByRole("button", { name: "Respond to Request" })).toHaveCount(0);
    await snap(bahar, "received-requests-fa");
    await switchLanguage(bahar, "en");
    await expect(card.getByTestId("type-badge")).toHaveText("Knowledge-sharing");

    // She answers it, with her e-mail and WhatsApp.
    await card.getByRole("button", { name: "Respond to Request" }).click();
    const dialog = bahar.getByRole("dialog", { name: "Respond to Request" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("respond-request")).toContainText(ARASH.name);
    await expect(dialog.getByTestId("respond-request")).toContainText(DESCRIPTION);
    const message = dialog.getByRole("textbox", { name: "Your response" });
    await expect(dialog.getByText("0/200 characters")).toBeVisible();
    await message.fill(RESPONSE);
    expect(RESPONSE.length).toBeLessThanOrEqual(200);
    await expect(dialog.getByText(`${RESPONSE.length}/200 characters`)).toBeVisible();
    await dialog.getByRole("textbox", { name: "Email" }).fill(BAHAR.email);
    await dialog.getByRole("textbox", { name: "WhatsApp" }).fill(WHATSAPP);
    await dialog.getByRole("button", { name: "Send Response" }).click();

    const responded = bahar.getByRole("alert").filter({ hasText: "Response Sent" });
    await expect(responded).toContainText("Your response has been sent to the requesting member");
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);
    await expect(requestsBadge).toHaveAttribute("data-count", String(before));
    await closeToast(bahar, "Response Sent");

    // Arash, still on his dashboard, sees the offers badge rise without a reload.
    const offersBadge = arash.getByTestId("offers-badge");
    await expect(arash).toHaveURL(/\/dashboard$/);
    await expect(offersBadge).toHaveAttribute("data-count", "1", { timeout: 10_000 });
    await expect(offersBadge).toHaveAccessibleName("Unread offers: 1");
    await offersBadge.click();
    await expect(arash).toHaveURL(/\/offers\/received$/);
    // Opening the offers reads them: the badge clears.
    await expect(offersBadge).toHaveAttribute("data-count", "0");

    const offer = arash.getByTestId("offer-card").filter({ hasText: BAHAR.name });
    await expect(offer).toHaveCount(1);
    await expect(offer.getByTestId("offer-message")).toHaveText(RESPONSE);
    await expect(offer.getByTestId("offer-request")).toHaveText(DESCRIPTION);
    // Her contacts stay hidden until he asks for them.
    await expect(offer.getByRole("button", { name: "Reveal Contact Details" })).toBeVisible();
    await expect(offer).not.toContainText(BAHAR.email);
  });

  test("the exporter reveals the expert's contacts and rates her offer once", async ({ page, someone }) => {
    test.setTimeout(90_000);
    const BAHAR = await someone(baharSpec());
    const ARASH = await login(page, arashSpec());
    await requestAnswered(apiOf(page.request, ARASH), BAHAR);
    await page.goto("/offers/received");
    await expect(page.getByRole("heading", { level: 1, name: "Received Offers" })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("offers-badge")).toHaveAttribute("data-count", "0");
    const offer = page.getByTestId("offer-card").filter({ hasText: BAHAR.name });
    await expect(offer.getByTestId("offer-message")).toHaveText(RESPONSE);
    await expect(offer).not.toContainText(BAHAR.email);

    await offer.getByRole("button", { name: "Reveal Contact Details" }).click();
    const contacts = offer.getByTestId("contact-details");
    await expect(contacts).toBeVisible();
    await expect(contacts.getByRole("link", { name: BAHAR.email })).toHaveAttribute("href", `mailto:${BAHAR.email}`);
    await expect(contacts.getByRole("link", { name: "+4915123456789" })).toHaveAttribute(
      "href",
      "https://wa.me/4915123456789",
    );
    await expect(contacts).toContainText("Please use this contact information responsibly");
    await snap(page, "received-offers-en");

    await switchLanguage(page, "fa");
    await expect(offer.getByTestId("offer-message")).toHaveText(RESPONSE);
    // Still revealed, the note now in Persian.
    await expect(contacts.getByRole("link", { name: BAHAR.email })).toBeVisible();
    await expect(contacts).not.toContainText("Please use this contact information responsibly");
    await snap(page, "received-offers-fa");
    await switchLanguage(page, "en");

    // Three stars, picked and then sent with Rate.
    const rate = offer.getByRole("button", { name: "Rate", exact: true });
    await expect(rate).toBeDisabled();
    // The radio is visually hidden; a person clicks the third star, its label.
    const threeStars = offer.getByRole("radio", { name: "3 stars" });
    await offer.locator(`label[for="${await threeStars.getAttribute("id")}"]`).click();
    await expect(threeStars).toBeChecked();
    await expect(rate).toBeEnabled();
    await rate.click();
    const rated = page.getByRole("alert").filter({ hasText: "Rating submitted" });
    await expect(rated).toContainText("Thank you for your feedback!");
    await expect(offer.getByTestId("offer-rated")).toHaveText("You rated this offer 3 stars");
    await closeToast(page, "Rating submitted");

    // After a reload the rating is still there, and it cannot be changed.
    await page.reload();
    const again = page.getByTestId("offer-card").filter({ hasText: BAHAR.name });
    await expect(again.getByTestId("offer-rated")).toHaveText("You rated this offer 3 stars");
    await expect(again.getByRole("button", { name: "Rate", exact: true })).toHaveCount(0);
    await expect(again.getByRole("radio")).toHaveCount(0);
    await expect(again.getByRole("button", { name: "Reveal Contact Details" })).toBeVisible();
  });

  test("a response raises the requester's bell live, and its notification links to the offer", async ({
    page,
    someone,
  }) => {
    test.setTimeout(90_000);
    const BAHAR = await someone(baharSpec());
    const ARASH = await login(page, arashSpec());
    const streaming = badgeStreamStarted(page);
    await page.goto("/dashboard");
    await expect(page.getByTestId("welcome")).toHaveText(`Welcome, ${ARASH.name}`, { timeout: 60_000 });
    await streaming;
    const bell = page.getByTestId("notifications-bell");
    await expect(bell).toHaveAttribute("data-count", "0");
    await expect(bell).toHaveAccessibleName("Notifications");

    // Bahar answers his request (through her session); his bell rises without a reload.
    await requestAnswered(apiOf(page.request, ARASH), BAHAR);
    await expect(bell).toHaveAttribute("data-count", "1", { timeout: 10_000 });
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread");

    await bell.click();
    const center = page.getByRole("dialog", { name: "Notifications" });
    const item = center.getByTestId("notification-item");
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute("data-unread", "true");
    await expect(item).toHaveAccessibleName(/^Unread: Response to Your Request/);
    await expect(item).toHaveAttribute("href", "/offers/received");
    await expect(center.getByRole("button", { name: "Mark all as read" })).toBeEnabled();
    await expectNoAxeViolations(page, "notification center");
    await snap(page, "notifications-en");

    await page.keyboard.press("Escape");
    await expect(center).toBeHidden();
    await switchLanguage(page, "fa");
    await bell.click();
    await expect(page.getByRole("dialog", { name: "اعلان‌ها" }).getByTestId("notification-item")).toContainText(
      "پاسخ به درخواست شما",
    );
    await snap(page, "notifications-fa");
    await page.keyboard.press("Escape");
    await switchLanguage(page, "en");

    // The notification opens the offer, and is read.
    await bell.click();
    await item.click();
    await expect(page).toHaveURL(/\/offers\/received$/);
    await expect(bell).toHaveAttribute("data-count", "0");
    await expect(page.getByTestId("offer-card").filter({ hasText: BAHAR.name })).toHaveCount(1);
    await bell.click();
    await expect(item).not.toHaveAttribute("data-unread", "true");
    await expect(center.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
    await page.keyboard.press("Escape");

    // On a phone the center is a drawer.
    await page.setViewportSize({ width: 390, height: 844 });
    await bell.click();
    const drawer = page.getByRole("dialog", { name: "Notifications" });
    await expect(drawer.getByTestId("notification-item")).toHaveCount(1);
    await snap(page, "notifications-phone-en");
  });

  test("the expert's dashboard shows her average rating", async ({ page, someone }) => {
    const ARASH = await someone(arashSpec());
    const BAHAR = await login(page, baharSpec());
    const responseId = await requestAnswered(ARASH, apiOf(page.request, BAHAR));
    await ARASH.mutate("offers.rate", { responseId, rating: 3 });
    await page.goto("/dashboard");
    await expect(page.getByTestId("welcome")).toHaveText(`Welcome, ${BAHAR.name}`, { timeout: 60_000 });
    const rating = page.getByTestId("my-rating");
    // One decimal with the count (spec part 2 §3; issue #13 §4), never "3 / 3".
    await expect(page.getByTestId("my-rating-text")).toHaveText("3.0 · 1 rating");
    await expect(rating).not.toContainText("/");
    await expect(page.getByTestId("offers-badge")).toHaveAttribute("data-count", "0");
  });
});
