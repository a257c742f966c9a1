/**
 * Share Knowledge, reviewed live (DESIGN.md §7; spec part 2 §2, §4, §8), between two browsers:
 *
 * - A member and an admin start signed in (the `login` fixture).
 * - With the admin's dashboard open, the member shares country knowledge on /share (title,
 *   content, country, a PDF attachment); the admin's top-bar inbox link rises without a reload.
 * - The admin opens the inbox, picks the submission, awards 100 points and approves it; the
 *   member's top-bar points rise to 100 without a reload.
 * - Screenshots of /share, /admin/inbox, /leaderboard and /qa in English and Persian.
 *
 * Independent of the other specs' data: the member and the admin have fresh addresses and names on
 * every run.
 */
import type { Page } from "@playwright/test";
import { closeToast, expect, login, makePdf, snap, switchLanguage, test } from "./support/fixtures";

/** Six letters from the clock, so the name is unique and still reads like a name. */
const tag = String(Date.now())
  .slice(-6)
  .replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "a");
const MEMBER = {
  name: `Kian Sharifi ${tag[0]?.toUpperCase()}${tag.slice(1)}`,
  email: `kian.${Date.now()}@e2e.test`,
  password: "Kn0wledge!Pass",
} as const;
const ADMIN = { name: `Ada Reviewer ${tag}`, email: `ada.${Date.now()}@e2e.test`, admin: true } as const;

const TITLE = `Selling saffron in Germany ${tag}`;
const CONTENT =
  "German retail buyers ask for EU organic certification and German-language labels. Hamburg importers meet suppliers at BIOFACH.";

/** The number in the admin's top-bar inbox link ("Admin inbox, N pending"). */
async function pendingCount(page: Page): Promise<number> {
  const name = await page.getByTestId("admin-inbox-link").getAttribute("aria-label");
  const match = /Admin inbox, (\d+) pending/.exec(name ?? "");
  return match ? Number(match[1]) : Number.NaN;
}

test("a member shares knowledge, the admin approves it live, and the member's points rise live", async ({
  page,
  browserOf,
}) => {
  test.setTimeout(180_000);

  // The member and the admin, each in their own browser, signed in.
  const member = await browserOf();
  await login(member, MEMBER);
  const admin = page;
  await login(admin, ADMIN);

  await member.goto("/dashboard");
  await expect(member.getByTestId("welcome")).toHaveText(`Welcome, ${MEMBER.name}`);
  await expect(member.getByTestId("points")).toHaveText("0 pts");

  // The admin sits on the dashboard; the inbox link shows the pending count now.
  await admin.goto("/dashboard");
  await expect(admin.getByTestId("welcome")).toBeVisible();
  await expect(admin.getByRole("link", { name: /^Admin inbox, \d+ pending$/ })).toBeVisible();
  const before = await pendingCount(admin);
  expect(before).not.toBeNaN();
  let adminReloaded = false;
  admin.on("framenavigated", (frame) => {
    if (frame === admin.mainFrame()) adminReloaded = true;
  });

  // The member opens Share Knowledge, in English and Persian.
  await member.goto("/share");
  const form = member.getByTestId("share-form");
  await expect(form).toBeVisible();
  await snap(member, "share-en");
  await switchLanguage(member, "fa");
  await expect(member.locator("html")).toHaveAttribute("dir", "rtl");
  await snap(member, "share-fa");
  await switchLanguage(member, "en");

  // Country knowledge: title, content, a country, a PDF.
  await member.getByTestId("share-type-country").click();
  await expect(member.getByRole("radio", { name: /Country knowledge/i })).toBeChecked();
  await member.getByRole("textbox", { name: "Title" }).fill(TITLE);
  await member.getByRole("textbox", { name: "Content" }).fill(CONTENT);
  const country = member.getByTestId("category-select");
  await country.click();
  await country.fill("Germ");
  await member.getByRole("option", { name: /Germany/ }).click();
  await expect(country).toHaveValue(/Germany/);

  const attachment = member.getByTestId("attachment");
  const chooser = member.waitForEvent("filechooser");
  await attachment.getByRole("button", { name: "Upload file" }).click();
  await (await chooser).setFiles({
    name: "germany-notes.pdf",
    mimeType: "application/pdf",
    buffer: makePdf("Saffron in Germany - market notes"),
  });
  await closeToast(member, "File uploaded successfully");
  await expect(attachment.getByTestId("current-file")).toHaveText("germany-notes.pdf");

  await member.getByRole("button", { name: "Submit for review" }).click();
  await expect(member.getByRole("alert").filter({ hasText: "Knowledge submitted successfully!" })).toBeVisible();
  await expect(member).toHaveURL(/\/dashboard$/);
  await closeToast(member, "Knowledge submitted successfully!");

  // The admin's inbox link rises where they are, without a reload.
  await expect(admin.getByRole("link", { name: `Admin inbox, ${before + 1} pending` })).toBeVisible({
    timeout: 15_000,
  });
  expect(adminReloaded, "the admin's page was not reloaded").toBe(false);
  await expect(admin).toHaveURL(/\/dashboard$/);

  // The admin reviews it: 100 points, Approve.
  await admin.getByTestId("admin-inbox-link").click();
  await expect(admin).toHaveURL(/\/admin\/inbox/);
  const item = admin.getByTestId("inbox-item").filter({ hasText: TITLE });
  await expect(item).toHaveCount(1);
  await item.click();
  const panel = admin.getByTestId("review-panel");
  await expect(panel).toContainText(TITLE);
  await expect(panel.getByTestId("review-content")).toHaveText(CONTENT);
  await expect(panel.getByTestId("review-attachment")).toContainText("Open attachment");
  await snap(admin, "inbox-en");
  await switchLanguage(admin, "fa");
  await expect(admin.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(admin.getByTestId("review-panel")).toContainText(TITLE);
  await snap(admin, "inbox-fa");
  await switchLanguage(admin, "en");

  await panel.getByTestId("points-control").getByText("100", { exact: true }).click();
  const approve = panel.getByRole("button", { name: "Approve (+100 points)" });
  await expect(approve).toBeVisible();
  await approve.click();
  await expect(admin.getByRole("alert").filter({ hasText: "Review submitted" })).toBeVisible();
  await closeToast(admin, "Review submitted");
  await expect(admin.getByRole("link", { name: `Admin inbox, ${before} pending` })).toBeVisible();

  // The member's points rise to 100 where they are, without a reload.
  await expect(member).toHaveURL(/\/dashboard$/);
  await expect
    .poll(async () => (await member.getByTestId("points").textContent())?.trim(), { timeout: 15_000 })
    .toBe("100 pts");

  // Leaderboard and Q&A, in English and Persian.
  for (const [path, name] of [
    ["/leaderboard", "leaderboard"],
    ["/qa", "qa"],
  ] as const) {
    await member.goto(path);
    await expect(member).toHaveURL(new RegExp(`${path}$`));
    await expect(member.getByRole("heading", { level: 1 })).toBeVisible();
    await snap(member, `${name}-en`);
    await switchLanguage(member, "fa");
    await expect(member.locator("html")).toHaveAttribute("dir", "rtl");
    await snap(member, `${name}-fa`);
    await switchLanguage(member, "en");
  }
  await expect(member.getByTestId("points")).toHaveText("100 pts");
});
