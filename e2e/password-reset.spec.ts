/**
 * Forgotten passwords (issue #11 §3), driven as a person would: "Forgot password?" in the Sign In
 * dialog, the link from the mail, a new password on /reset-password; then the old password fails,
 * the new one works, the account's other session has ended and the link works only once. The same
 * in Persian; an unusable link sends the person to ask for a new one; an admin sends a member a
 * reset link from member management.
 *
 * Each test stands on its own: its people are fresh (new addresses on every run).
 */
import type { Page } from "@playwright/test";
import { LOCALE_STORAGE_KEY } from "../src/common/constants";
import {
  expect as baseExpect,
  closeToast,
  hero,
  login,
  newPerson,
  openLanding,
  readMail,
  snap,
  test,
} from "./support/fixtures";

/** Mails, argon2 and page loads on a busy machine: more time than the suite's defaults. */
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

const NEW_PASSWORD = "N3w!Passw0rd";

/** The path (with the token) of the reset link in the newest mail to `email`. */
async function resetLinkOf(page: Page, email: string, subject: string): Promise<string> {
  const mail = await readMail(page, email);
  expect(mail.subject).toBe(subject);
  const link = /https?:\/\/\S+(\/reset-password\?token=[a-z2-7]+\.[a-z2-7]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return link?.[1] ?? "";
}

test("a member who forgot the password sets a new one from the mailed link", async ({
  page,
  someone,
  consoleWatch,
}) => {
  test.setTimeout(180_000);
  // The refused old password (401) and the refused second use of the link (400), which Chromium logs.
  consoleWatch.ignore(/Failed to load resource: the server responded with a status of 40[01]/);
  // The account, and a session of it elsewhere (an API client) that the reset must end.
  const elsewhere = await someone(newPerson("Farid", "Forgetful"));
  expect(await elsewhere.query("session.get")).not.toBeNull();

  // "Forgot password?" in the Sign In dialog, with the address already typed.
  await openLanding(page);
  await hero(page).getByRole("button", { name: "Sign In" }).click();
  const signInDialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(signInDialog).toBeVisible();
  await signInDialog.getByRole("textbox", { name: "Email" }).fill(elsewhere.email);
  await signInDialog.getByRole("button", { name: "Forgot password?" }).click();
  const forgot = page.getByRole("dialog", { name: "Reset your password" });
  await expect(forgot).toBeVisible();
  await expect(page).toHaveURL(/auth=forgot/);
  await expect(forgot.getByRole("textbox", { name: "Email" })).toHaveValue(elsewhere.email);
  await expect(forgot.getByRole("textbox", { name: "Email" })).toBeFocused();
  // Back and forth: the focus follows the view.
  await forgot.getByRole("button", { name: "Back to Sign In" }).click();
  await expect(signInDialog.getByRole("textbox", { name: "Email" })).toBeFocused();
  await signInDialog.getByRole("button", { name: "Forgot password?" }).click();
  await expect(forgot.getByRole("textbox", { name: "Email" })).toBeFocused();
  await forgot.getByRole("button", { name: "Send reset link" }).click();
  const sent = forgot.getByTestId("reset-link-sent");
  await expect(sent).toContainText("Check your e-mail");
  await expect(sent).toContainText(
    `If an account exists for ${elsewhere.email}, we have sent it a link to choose a new password. The link is valid for 30 minutes.`,
  );

  // The link from the mail opens the page; the new password follows the sign-up rules.
  const link = await resetLinkOf(page, elsewhere.email, "Reset your Export Club password");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  const newPassword = page.getByRole("textbox", { name: "New password", exact: true });
  await newPassword.fill("weakpassword");
  await page.getByRole("textbox", { name: "Confirm new password", exact: true }).fill("weakpassword");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText(/Password must contain at least one lowercase letter/)).toBeVisible();
  await newPassword.fill(NEW_PASSWORD);
  await page.getByRole("textbox", { name: "Confirm new password", exact: true }).fill(NEW_PASSWORD);
  await expect(page.getByTestId("password-strength")).toHaveText("Password strength: Strong");
  await snap(page, "reset-en");
  await page.getByRole("button", { name: "Set new password" }).click();
  const done = page.getByTestId("password-reset-done");
  await expect(done).toContainText("Your password has been changed");
  await expect(done).toContainText("You have been signed out on every device. Sign in with your new password.");

  // The other session has ended.
  expect(await elsewhere.query("session.get")).toBeNull();

  // Sign In: the old password fails, the new one works.
  await done.getByRole("link", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "Email" }).fill(elsewhere.email);
  await dialog.getByRole("textbox", { name: "Password", exact: true }).fill(elsewhere.password);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(dialog.getByRole("alert")).toContainText("Invalid email or password");
  await dialog.getByRole("textbox", { name: "Password", exact: true }).fill(NEW_PASSWORD);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await closeToast(page, "Welcome back!");

  // The link worked once.
  await page.goto(link);
  await page.getByRole("textbox", { name: "New password", exact: true }).fill("An0ther!Passw0rd");
  await page.getByRole("textbox", { name: "Confirm new password", exact: true }).fill("An0ther!Passw0rd");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByTestId("reset-link-invalid")).toContainText(
    "This password reset link is invalid or has expired. Please ask for a new one.",
  );
});

test("the reset works in Persian", async ({ page, someone }) => {
  test.setTimeout(180_000);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [LOCALE_STORAGE_KEY, "fa"] as const);
  const member = await someone({ ...newPerson("Shirin", "Farsi"), locale: "fa" });

  await openLanding(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await hero(page).getByRole("button", { name: "ورود", exact: true }).click();
  const signInDialog = page.getByRole("dialog", { name: "ورود" });
  await signInDialog.getByRole("button", { name: "رمز عبور را فراموش کرده‌اید؟" }).click();
  const forgot = page.getByRole("dialog", { name: "بازنشانی رمز عبور" });
  await forgot.getByRole("textbox", { name: "ایمیل" }).fill(member.email);
  await forgot.getByRole("button", { name: "فرستادن پیوند بازنشانی" }).click();
  await expect(forgot.getByTestId("reset-link-sent")).toContainText("ایمیل خود را بررسی کنید");

  const link = await resetLinkOf(page, member.email, "بازنشانی رمز عبور باشگاه صادرات");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "رمز عبور جدید را انتخاب کنید" })).toBeVisible();
  await page.getByRole("textbox", { name: "رمز عبور جدید", exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("textbox", { name: "تکرار رمز عبور جدید", exact: true }).fill(NEW_PASSWORD);
  await snap(page, "reset-fa");
  await page.getByRole("button", { name: "ثبت رمز عبور جدید" }).click();
  await expect(page.getByTestId("password-reset-done")).toContainText("رمز عبور شما تغییر کرد");
  expect(await member.query("session.get")).toBeNull();
});

test("an unusable link says so and leads to a new one", async ({ page, consoleWatch }) => {
  // The refused reset is a 400, which Chromium logs.
  consoleWatch.ignore(/Failed to load resource: the server responded with a status of 400/);
  await page.goto(`/reset-password?token=${"a".repeat(24)}.${"b".repeat(32)}`);
  await page.getByRole("textbox", { name: "New password", exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("textbox", { name: "Confirm new password", exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  const invalid = page.getByTestId("reset-link-invalid");
  await expect(invalid).toContainText("This password reset link is invalid or has expired. Please ask for a new one.");

  // A link without a token says so at once.
  await page.goto("/reset-password");
  await expect(invalid).toBeVisible();
  await invalid.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(page).toHaveURL(/\/landing\?auth=forgot/);
  await expect(page.getByRole("dialog", { name: "Reset your password" })).toBeVisible();
});

test("an admin sends a member a password reset link", async ({ page, someone, browserOf }) => {
  test.setTimeout(180_000);
  const member = await someone(newPerson("Kian", "Locked"));
  await login(page, { ...newPerson("Ada", "Admin"), admin: true });
  await page.goto("/admin/members");
  await expect(page.getByRole("heading", { level: 1, name: "Member Management" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill(member.email);
  const row = page.getByTestId("member-row").filter({ hasText: member.email });
  await expect(page.getByTestId("member-row")).toHaveCount(1);
  await row.getByTestId("member-actions").click();
  await page.getByRole("menuitem", { name: "Send password reset link" }).click();
  const confirm = page.getByRole("dialog", { name: `Send a password reset link to ${member.name}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByTestId("confirm-send-reset").click();
  await closeToast(page, `A password reset link was sent to ${member.name}`);

  // The member's mail holds a working link.
  const link = await resetLinkOf(page, member.email, "Reset your Export Club password");
  const memberPage = await browserOf();
  await memberPage.goto(new URL(link, page.url()).toString());
  await memberPage.getByRole("textbox", { name: "New password", exact: true }).fill(NEW_PASSWORD);
  await memberPage.getByRole("textbox", { name: "Confirm new password", exact: true }).fill(NEW_PASSWORD);
  await memberPage.getByRole("button", { name: "Set new password" }).click();
  await expect(memberPage.getByTestId("password-reset-done")).toBeVisible();
  expect(await member.query("session.get")).toBeNull();
});
