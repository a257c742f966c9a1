/**
 * Contact inbox (issue #16 §3): a visitor sends a message from the landing page's contact form;
 * an admin, on the dashboard in another browser, sees the unread contact count rise without
 * reloading (the dashboard card and the navigation badge), opens the message on /admin/contact
 * (it is read: the count falls back), replies — the reply is queued for the sender's mailbox —
 * marks it handled, and deletes it after a confirmation. Screenshots in English, Persian and
 * Persian on a phone; axe on the page.
 *
 * Other tests may send contact messages too, so counts are compared with their value before.
 */
import { expectNoAxeViolations } from "./support/axe";
import {
  badgeStreamStarted,
  closeToast,
  expect,
  login,
  newPerson,
  openLanding,
  readMail,
  snap,
  switchLanguage,
  test,
} from "./support/fixtures";

test("a visitor's message raises the admin's contact badge live; the admin replies, marks it handled and deletes it", async ({
  page,
  browserOf,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const visitor = { name: `Parisa Karimi ${stamp}`, email: `parisa.${stamp}@e2e.test` };
  const text = "Hello! Can a small saffron exporter from Mashhad join the club, and what does it cost?";
  const answer = "Welcome, Parisa. Yes: membership is free. Join the Club on the landing page and we review it.";

  // The admin watches the dashboard in their own browser.
  const adminPage = await browserOf();
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await login(adminPage, { ...newPerson("Admin", "Contact"), admin: true });
  const streaming = badgeStreamStarted(adminPage);
  await adminPage.goto("/dashboard");
  await expect(adminPage.getByTestId("welcome")).toBeVisible({ timeout: 60_000 });
  await streaming;
  const unread = adminPage.getByTestId("unread-contact");
  await expect(unread).toHaveText(/^\d+$/);
  const before = Number(await unread.textContent());

  // The visitor writes from the landing page.
  await openLanding(page);
  const contact = page.getByRole("region", { name: "Contact Us" });
  await contact.scrollIntoViewIfNeeded();
  await contact.getByRole("textbox", { name: "Name" }).fill(visitor.name);
  await contact.getByRole("textbox", { name: "Email" }).fill(visitor.email);
  await contact.getByRole("textbox", { name: "Message" }).fill(text);
  await contact.getByRole("button", { name: "Send Message" }).click();
  await closeToast(page, "Thank you for your message.");

  // The admin's count rises without a reload, on the card and in the navigation.
  await expect(unread).toHaveText(String(before + 1), { timeout: 30_000 });
  await expect(adminPage.getByTestId("nav-badge-contact").first()).toHaveText(String(before + 1));
  await snap(adminPage, "contact-badge-en");

  await adminPage.getByTestId("admin-contact-card").getByRole("link", { name: "Open contact messages" }).click();
  await expect(adminPage.getByRole("heading", { level: 1, name: "Contact messages" })).toBeVisible({
    timeout: 30_000,
  });
  const row = adminPage.getByTestId("inbox-item").filter({ hasText: visitor.name });
  await expect(row).toHaveAttribute("data-unread", "true");
  await expect(row.getByTestId("contact-status")).toHaveAttribute("data-status", "unread");
  await row.click();
  const panel = adminPage.getByTestId("review-panel");
  await expect(panel.getByRole("heading", { name: visitor.name })).toBeVisible();
  await expect(panel.getByTestId("contact-message")).toHaveText(text);
  await expect(panel.getByTestId("contact-email")).toHaveText(visitor.email);
  // Opened: read, still open; the count falls back.
  await expect(row.getByTestId("contact-status")).toHaveAttribute("data-status", "open");
  if (before === 0) await expect(adminPage.getByTestId("nav-badge-contact")).toHaveCount(0);
  else await expect(adminPage.getByTestId("nav-badge-contact").first()).toHaveText(String(before));

  // An empty reply is refused on the spot; a real one is sent and listed.
  await panel.getByTestId("send-reply").click();
  await expect(panel.getByTestId("reply-form")).toContainText("Please write a reply.");
  await panel.getByTestId("reply-body").fill(answer);
  await expect(panel.getByTestId("reply-form")).toContainText(`${answer.length} of 5,000 characters`);
  await panel.getByTestId("send-reply").click();
  await closeToast(adminPage, `Your reply will be e-mailed to ${visitor.email}.`);
  await expect(panel.getByTestId("contact-reply")).toContainText(answer);
  await expect(panel.getByTestId("reply-body")).toHaveValue("");

  // The reply waits in the outbox for the visitor's mailbox.
  const mail = await readMail(adminPage, visitor.email);
  expect(mail.subject).toBe("Re: your message to Export Club");
  expect(mail.text).toContain(answer);
  expect(mail.text).toContain(`> ${text}`);

  await snap(adminPage, "contact-inbox-en");
  await expectNoAxeViolations(adminPage, "the contact inbox with a message open (en)");
  await switchLanguage(adminPage, "fa");
  await expect(adminPage.getByRole("heading", { level: 1, name: "پیام‌های تماس" })).toBeVisible();
  await snap(adminPage, "contact-inbox-fa");
  await expectNoAxeViolations(adminPage, "the contact inbox with a message open (fa)");
  // On a phone the message opens in a bottom drawer.
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await expect(adminPage.getByTestId("review-drawer").getByTestId("review-panel")).toBeVisible();
  await snap(adminPage, "contact-inbox-phone-fa");
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await switchLanguage(adminPage, "en");

  // Handled: it leaves the open tab and shows under Handled; then it is deleted after a confirmation.
  await panel.getByTestId("mark-handled").click();
  await closeToast(adminPage, "The message is marked handled.");
  await expect(panel.getByTestId("handled-note")).toContainText("Handled by Admin Contact");
  await expect(row).toHaveCount(0);
  await adminPage.getByTestId("tab-handled").click();
  await expect(row.getByTestId("contact-status")).toHaveAttribute("data-status", "handled");
  await row.click();
  await panel.getByTestId("delete-message").click();
  const dialog = adminPage.getByRole("dialog", { name: "Delete this message?" });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("confirm-delete").click();
  await closeToast(adminPage, "The message is deleted.");
  await expect(row).toHaveCount(0);
  await expect(adminPage.getByTestId("review-placeholder")).toBeVisible();
});
