/**
 * Keyboard only (issue 11 point 2): signing up, answering a request and rating an offer with
 * Tab, Space, Enter and the arrow keys, never the mouse. Also: the password's show/hide toggle
 * is a Tab stop.
 *
 * Each test stands on its own: its people are fresh (the applicant signs up here; the others are
 * made by the `login` and `someone` fixtures).
 */
import type { Locator, Page } from "@playwright/test";
import { apiOf, closeToast, expect, hero, login, newPerson, openLanding, type Someone, test } from "./support/fixtures";

/** Presses Tab (at most `max` times) until `target` has the focus, as a keyboard user moves. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await expect(target).toBeAttached({ timeout: 30_000 });
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `reached with at most ${max} Tab presses`).toBeFocused();
}

const DESCRIPTION = "Which German labels and organic certificates does retail saffron need?";
const RESPONSE = "I ship saffron to Hamburg and can walk you through the labels and the EU organic certificate.";

/** Arash's request, made through his API session as his page would. */
async function requestBy(arash: Someone): Promise<number> {
  const { id } = await arash.mutate<{ id: number }>("memberRequests.submit", {
    productId: null,
    countryCode: "DE",
    requestType: "knowledge_sharing",
    description: DESCRIPTION,
    urgency: "normal",
  });
  return id;
}

test("a visitor signs up with the keyboard alone", async ({ page }) => {
  test.setTimeout(120_000);
  const person = newPerson("Kaveh", "Keyboard");
  await openLanding(page);
  await tabTo(page, hero(page).getByRole("button", { name: "Join the Club" }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Join the Club" });
  await expect(dialog).toBeVisible();

  await tabTo(page, dialog.getByRole("textbox", { name: "Full name" }));
  await page.keyboard.type(person.name);
  await tabTo(page, dialog.getByRole("textbox", { name: "Email" }));
  await page.keyboard.type(person.email);
  const password = dialog.getByRole("textbox", { name: "Password", exact: true });
  await tabTo(page, password);
  await page.keyboard.type(person.password);
  // The show/hide toggle is the next stop; Space shows the password, Space again hides it.
  const toggle = dialog.getByRole("button", { name: "Show password" });
  await tabTo(page, toggle, 3);
  await page.keyboard.press("Space");
  await expect(password).toHaveAttribute("type", "text");
  await page.keyboard.press("Space");
  await expect(password).toHaveAttribute("type", "password");

  await tabTo(page, dialog.getByRole("radio", { name: "Exporter", exact: true }));
  await page.keyboard.press("Space");
  await expect(dialog.getByRole("radio", { name: "Exporter", exact: true })).toBeChecked();
  await tabTo(page, dialog.getByRole("radio", { name: "Individual" }));
  await page.keyboard.press("Space");
  await expect(dialog.getByRole("radio", { name: "Individual" })).toBeChecked();
  await tabTo(page, dialog.getByRole("button", { name: "Submit application" }));
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { name: "Application Pending" })).toBeVisible({ timeout: 30_000 });
  await closeToast(page, "Application submitted successfully!");
});

test("a member answers a request with the keyboard alone", async ({ page, someone }) => {
  test.setTimeout(120_000);
  const arash = await someone({ ...newPerson("Arash", "Tehrani"), activities: ["exporter"] });
  await requestBy(arash);
  await login(page, { ...newPerson("Bahar", "Karimi"), activities: ["export_expert"], countries: ["DE"] });
  await page.goto("/member-request/received");
  const card = page.getByTestId("request-card").filter({ hasText: arash.name });
  await expect(card).toBeVisible({ timeout: 60_000 });

  const respond = card.getByRole("button", { name: "Respond to Request" });
  await tabTo(page, respond, 150);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Respond to Request" });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole("textbox", { name: "Your response" }));
  await page.keyboard.type(RESPONSE);
  await tabTo(page, dialog.getByRole("textbox", { name: "Email" }));
  await page.keyboard.type("bahar@example.com");
  await tabTo(page, dialog.getByRole("button", { name: "Send Response" }));
  await page.keyboard.press("Enter");

  await expect(page.getByRole("alert").filter({ hasText: "Response Sent" })).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
});

test("a member rates an offer with the keyboard alone", async ({ page, someone }) => {
  test.setTimeout(120_000);
  const bahar = await someone({ ...newPerson("Bahar", "Karimi"), activities: ["export_expert"], countries: ["DE"] });
  const arashAccount = await login(page, { ...newPerson("Arash", "Tehrani"), activities: ["exporter"] });
  const requestId = await requestBy(apiOf(page.request, arashAccount));
  await bahar.mutate("memberRequests.respond", {
    requestId,
    message: RESPONSE,
    contactEmail: bahar.email,
    contactPhone: "",
    contactWhatsapp: "",
  });

  await page.goto("/offers/received");
  const offer = page.getByTestId("offer-card").filter({ hasText: bahar.name });
  await expect(offer).toBeVisible({ timeout: 60_000 });
  // The stars are one radio group ("0 stars" checked): Tab into it, the arrow keys pick, Tab on to Rate.
  await tabTo(page, offer.getByRole("radio", { name: "0 stars" }), 150);
  // ArrowRight moves to the next star; Space picks the one with the focus.
  for (const stars of ["1 star", "2 stars", "3 stars"]) {
    await page.keyboard.press("ArrowRight");
    await expect(offer.getByRole("radio", { name: stars, exact: true })).toBeFocused();
  }
  await page.keyboard.press("Space");
  await expect(offer.getByRole("radio", { name: "3 stars" })).toBeChecked();
  const rate = offer.getByRole("button", { name: "Rate", exact: true });
  await tabTo(page, rate, 6);
  await page.keyboard.press("Enter");
  await expect(offer.getByTestId("offer-rated")).toHaveText("You rated this offer 3 stars", { timeout: 20_000 });
});
