/**
 * The knowledge library and member pages (issue #13 §1, §2), between browsers:
 *
 * - A member (the author) shares Persian country knowledge and sits on the dashboard; an admin
 *   approves it in the inbox UI; the author's points rise to 50 live.
 * - A second member opens Knowledge from the navigation, finds the item by searching a Persian
 *   word, opens it, likes it; the author's points badge rises to 52 where they are, without a
 *   reload. The like cannot be repeated; the author's own page offers no like.
 * - A member opens another's page from the directory: name, public profile, knowledge shared,
 *   and no contact details.
 * - Screenshots library-en/fa, library-item-en/fa, member-page-en/fa, and at 390 px
 *   library-phone, library-item-phone, member-page-phone (Persian) and library-phone-en,
 *   library-item-phone-en, member-page-phone-en.
 *
 * Independent of the other specs' data: everyone is fresh (`newPerson`), and the item's title
 * carries a unique tag.
 */
import type { Page } from "@playwright/test";
import { apiOf, closeToast, expect, login, newPerson, snap, switchLanguage, test } from "./support/fixtures";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The top bar's points ("52 pts"). */
async function points(page: Page): Promise<string | undefined> {
  return (await page.getByTestId("points").textContent())?.trim();
}

test("a member's knowledge, approved, is found by a Persian word and liked; the author's points rise live", async ({
  page,
  browserOf,
}) => {
  test.setTimeout(240_000);
  const tag = newPerson("Tag", "Only").name.split(" ").pop() ?? "tag";
  const TITLE = `صادرات زعفران به آلمان ${tag}`;
  const CONTENT =
    "خریداران آلمانی گواهی ارگانیک اتحادیه اروپا و برچسب آلمانی می‌خواهند. Hamburg importers meet suppliers at BIOFACH.";

  // The author, in their own browser, signed in on the dashboard.
  const author = page;
  const authorAccount = await login(author, { ...newPerson("Kian", "Sharifi"), countries: ["DE"] });
  await author.goto("/dashboard");
  await expect(author.getByTestId("points")).toHaveText("0 pts", { timeout: 60_000 });
  const shared = await apiOf(author.request, authorAccount).mutate<{ id: number }>("knowledge.share", {
    shareType: "country",
    title: TITLE,
    content: CONTENT,
    category: "DE",
    eventDate: null,
    eventLocation: "",
    attachmentUploadId: null,
  });

  // The admin approves it in the inbox (50 points, the default).
  const admin = await browserOf();
  await login(admin, { ...newPerson("Ada", "Reviewer"), admin: true });
  await admin.goto("/admin/inbox");
  await expect(admin.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 60_000 });
  const inboxItem = admin.getByTestId("inbox-item").filter({ hasText: TITLE });
  await expect(inboxItem).toHaveCount(1, { timeout: 30_000 });
  await inboxItem.click();
  const panel = admin.getByTestId("review-panel");
  await expect(panel).toContainText(TITLE);
  await panel.getByRole("button", { name: "Approve (+50 points)" }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "Review submitted" })).toBeVisible();
  await closeToast(admin, "Review submitted");
  await expect.poll(() => points(author), { timeout: 20_000 }).toBe("50 pts");

  let authorReloaded = false;
  author.on("framenavigated", (frame) => {
    if (frame === author.mainFrame()) authorReloaded = true;
  });

  // A second member opens Knowledge from the navigation and searches a Persian word.
  const reader = await browserOf();
  await login(reader, newPerson("Reza", "Kamali"));
  await reader.goto("/dashboard");
  await expect(reader.getByTestId("welcome")).toBeVisible({ timeout: 60_000 });
  await reader.getByRole("link", { name: "Knowledge", exact: true }).first().click();
  await expect(reader).toHaveURL(/\/knowledge$/);
  await expect(reader.getByRole("heading", { level: 1, name: "Knowledge library" })).toBeVisible();
  await reader.getByTestId("library-search").fill("زعفران");
  await expect(reader).toHaveURL(/q=/, { timeout: 10_000 });
  const card = reader.getByTestId("knowledge-card").filter({ hasText: TITLE });
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  await expect(card.getByTestId("author-link")).toHaveText(authorAccount.name);
  await snap(reader, "library-en");
  await switchLanguage(reader, "fa");
  await expect(card).toHaveCount(1);
  await snap(reader, "library-fa");
  await reader.setViewportSize(PHONE);
  await expect(card).toBeVisible();
  await snap(reader, "library-phone");
  await reader.setViewportSize(DESKTOP);
  await switchLanguage(reader, "en");
  await reader.setViewportSize(PHONE);
  await expect(card).toBeVisible();
  await snap(reader, "library-phone-en");
  await reader.setViewportSize(DESKTOP);

  // A word that is in neither title nor content finds nothing.
  await reader.getByTestId("library-search").fill(`زعفران nomatch${tag}`);
  await expect(reader.getByTestId("library-empty")).toBeVisible({ timeout: 20_000 });
  await reader.getByTestId("library-search").fill("گواهی");
  await expect(card).toHaveCount(1, { timeout: 20_000 });

  // The reading page: author, date, country, content; then the like.
  await card.getByTestId("knowledge-card-title").click();
  await expect(reader).toHaveURL(new RegExp(`/knowledge/${shared.id}$`));
  const article = reader.getByTestId("library-item");
  await expect(article.getByRole("heading", { level: 1 })).toHaveText(TITLE);
  await expect(article.getByTestId("author-link")).toHaveText(authorAccount.name);
  await expect(article.getByTestId("item-category")).toContainText("Germany");
  await expect(article.getByTestId("item-content")).toHaveText(CONTENT);
  const like = article.getByTestId("like-button");
  await expect(like).toHaveText("Like (0)");
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await snap(reader, "library-item-en");
  await switchLanguage(reader, "fa");
  await expect(article.getByRole("heading", { level: 1 })).toHaveText(TITLE);
  await snap(reader, "library-item-fa");
  await reader.setViewportSize(PHONE);
  await snap(reader, "library-item-phone");
  await reader.setViewportSize(DESKTOP);
  await switchLanguage(reader, "en");
  await reader.setViewportSize(PHONE);
  await expect(like).toHaveText("Like (0)");
  await snap(reader, "library-item-phone-en");
  await reader.setViewportSize(DESKTOP);

  await like.click();
  await expect(like).toHaveText("Liked (1)");
  await expect(like).toHaveAttribute("aria-pressed", "true");

  // The author's badge rises by 2 where they are, without a reload.
  await expect.poll(() => points(author), { timeout: 20_000 }).toBe("52 pts");
  expect(authorReloaded, "the author's page was not reloaded").toBe(false);
  await expect(author).toHaveURL(/\/dashboard$/);

  // A reload keeps the like; the author's own page has no like button.
  await reader.reload();
  await expect(reader.getByTestId("like-button")).toHaveText("Liked (1)");
  await author.goto(`/knowledge/${shared.id}`);
  await expect(author.getByTestId("like-own")).toBeVisible();
  await expect(author.getByTestId("like-button")).toHaveCount(0);
});

test("a member opens another member's page from the directory: public profile and knowledge, no contact details", async ({
  page,
  someone,
}) => {
  test.setTimeout(180_000);
  const other = await someone({
    ...newPerson("Parisa", "Ahmadi"),
    activities: ["export_expert"],
    countries: ["DE", "AE"],
    sectors: ["agriculture"],
    tier: "silver",
  });
  const admin = await someone({ ...newPerson("Ada", "Approver"), admin: true });
  const item = await other.mutate<{ id: number }>("knowledge.share", {
    shareType: "experience",
    title: `Meeting buyers at Gulfood ${other.name}`,
    content: "Book meetings two weeks ahead; bring samples in retail packs.",
    category: "trade_fair",
    eventDate: "2026-02-17",
    eventLocation: "Dubai",
    attachmentUploadId: null,
  });
  await admin.mutate("inbox.review", { id: item.id, decision: "approved" });

  await login(page, newPerson("Nima", "Rostami"));
  await page.goto(`/members?q=${encodeURIComponent(other.name)}`);
  const card = page.getByTestId("member-card").filter({ hasText: other.name });
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  await card.getByTestId("member-card-link").click();
  await expect(page).toHaveURL(new RegExp(`/members/${other.userId}$`));

  const profile = page.getByTestId("member-page");
  await expect(profile.getByRole("heading", { level: 1 })).toHaveText(other.name);
  await expect(profile.getByTestId("member-activities")).toContainText("Export Expert");
  await expect(profile.getByTestId("member-countries")).toContainText("Germany");
  await expect(profile.getByTestId("member-page-rating")).toHaveText("No ratings yet");
  await expect(profile.getByTestId("knowledge-card")).toHaveCount(1);
  await expect(profile.getByTestId("knowledge-card")).toContainText("Meeting buyers at Gulfood");
  await expect(profile).not.toContainText(other.email);
  await snap(page, "member-page-en");
  await switchLanguage(page, "fa");
  await expect(profile.getByRole("heading", { level: 1 })).toHaveText(other.name);
  await snap(page, "member-page-fa");
  await page.setViewportSize(PHONE);
  await snap(page, "member-page-phone");
  await page.setViewportSize(DESKTOP);
  await switchLanguage(page, "en");
  await page.setViewportSize(PHONE);
  await expect(profile.getByTestId("member-page-rating")).toHaveText("No ratings yet");
  await snap(page, "member-page-phone-en");
  await page.setViewportSize(DESKTOP);

  // The knowledge card opens the item.
  await profile.getByTestId("knowledge-card-title").click();
  await expect(page).toHaveURL(new RegExp(`/knowledge/${item.id}$`));
  await expect(page.getByTestId("item-event-location")).toContainText("Dubai");
});

test("an admin unpublishes an item with a note; it leaves the library and its author reads the note", async ({
  page,
  browserOf,
  someone,
}) => {
  test.setTimeout(180_000);
  const approver = await someone({ ...newPerson("Ada", "Approver"), admin: true });
  const author = page;
  const authorAccount = await login(author, newPerson("Omid", "Farhadi"));
  const TITLE = `Customs forms for Oman ${authorAccount.name}`;
  const shared = await apiOf(author.request, authorAccount).mutate<{ id: number }>("knowledge.share", {
    shareType: "documents",
    title: TITLE,
    content: "The certificate of origin form and the commercial invoice template.",
    category: "processed_food",
    eventDate: null,
    eventLocation: "",
    attachmentUploadId: null,
  });
  await approver.mutate("inbox.review", { id: shared.id, decision: "approved" });

  // An admin, in their browser, on the item's page: Unpublish needs a note.
  const admin = await browserOf();
  await login(admin, { ...newPerson("Ada", "Editor"), admin: true });
  await admin.goto(`/knowledge/${shared.id}`);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(TITLE, { timeout: 60_000 });
  await admin.getByTestId("unpublish-button").click();
  const dialog = admin.getByRole("dialog", { name: "Unpublish this knowledge" });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("unpublish-confirm").click();
  await expect(dialog.getByText("Please write a note for the author.")).toBeVisible();
  const NOTE = "The forms changed in 2026; please share the new ones.";
  await dialog.getByRole("textbox", { name: "Note for the author" }).fill(NOTE);
  await dialog.getByTestId("unpublish-confirm").click();
  await expect(admin).toHaveURL(/\/knowledge$/);
  await closeToast(admin, "The author sees your note in their submissions.");
  await admin.getByTestId("library-search").fill("Oman");
  await expect(admin).toHaveURL(/q=Oman/);
  await expect(admin.getByTestId("knowledge-card").filter({ hasText: TITLE })).toHaveCount(0);
  await admin.goto(`/knowledge/${shared.id}`);
  await expect(admin.getByTestId("library-item-missing")).toBeVisible({ timeout: 30_000 });

  // The author's submissions say so, with the note.
  await author.goto("/share");
  const mine = author.getByTestId("my-submission").filter({ hasText: TITLE });
  await expect(mine).toHaveCount(1, { timeout: 60_000 });
  await expect(mine.getByTestId("unpublished-badge")).toHaveText("Unpublished");
  await expect(mine.getByTestId("unpublish-note")).toContainText(NOTE);
});
