/**
 * My data, my account (docs/architecture.md "A copy of my data", "Deleting an account"): a
 * member asks for a copy of their data on the profile page, the job builds it, the section and
 * the mail show the link, the member downloads the zip; then the member deletes their account
 * (password in the confirmation dialog) and can no longer sign in.
 *
 * The person is fresh and starts signed in through the `login` fixture.
 */
import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { expect as baseExpect, hero, login, newPerson, openLanding, readMail, test } from "./support/fixtures";

/** The archive is built by the job queue (polling every 2 s) on a busy machine: generous waits. */
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ actionTimeout: 30_000, navigationTimeout: 30_000 });

test("a member downloads a copy of their data, then deletes their account and cannot sign in", async ({
  page,
  consoleWatch,
}) => {
  test.setTimeout(180_000);
  // The wrong password (400) and the refused sign-in (401) are logged by the browser, as expected.
  consoleWatch.ignore(/status of 400 .*myData\.deleteAccount|status of 401 .*auth\.signIn/);
  const person = newPerson("Dana", "Datamore");
  await login(page, person);
  await page.goto("/profile");

  const section = page.getByRole("region", { name: "Your data" });
  await expect(section).toBeVisible();
  await section.getByRole("button", { name: "Request a copy of my data" }).click();
  // requested → ready: the section asks again until the job has built the archive.
  const download = section.getByRole("link", { name: "Download your data" });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(section.getByText(/Available until/)).toBeVisible();

  // The same link was mailed.
  const href = await download.getAttribute("href");
  expect(href).toMatch(/\/api\/my-data\/[0-9a-f-]{36}\?token=/);
  const mail = await readMail(page, person.email);
  expect(mail.subject).toBe("Your Export Club data is ready to download");
  expect(mail.text).toContain(href ?? "");

  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^export-club-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = unzipSync(new Uint8Array(await readFile((await file.path()) ?? "")));
  expect(Buffer.from(entries["README.txt"] ?? []).toString("utf8")).toContain("a copy of your data");
  const profile = JSON.parse(Buffer.from(entries["profile.json"] ?? []).toString("utf8"));
  expect(profile).toMatchObject({ name: person.name });
  const account = JSON.parse(Buffer.from(entries["account.json"] ?? []).toString("utf8"));
  expect(account).toMatchObject({ email: person.email });

  // Delete the account: the dialog names the consequences and wants the password.
  const opener = section.getByRole("button", { name: "Delete my account…" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("This cannot be undone.", { exact: false })).toBeVisible();
  await dialog.getByLabel("Current password").fill("Wrong!Passw0rd1");
  await dialog.getByRole("button", { name: "Delete my account", exact: true }).click();
  await expect(dialog.getByText("Your current password is incorrect.")).toBeVisible();
  await dialog.getByLabel("Current password").fill(person.password);
  await dialog.getByRole("button", { name: "Delete my account", exact: true }).click();
  await expect(page).toHaveURL(/\/landing$/);

  const deleted = await readMail(page, person.email);
  expect(deleted.subject).toBe("Your Export Club account has been deleted");

  // Signing in again fails as for an unknown address.
  await openLanding(page);
  await hero(page).getByRole("button", { name: "Sign In" }).click();
  const signIn = page.getByRole("dialog", { name: "Sign In" });
  await signIn.getByRole("textbox", { name: "Email" }).fill(person.email);
  await signIn.getByRole("textbox", { name: "Password", exact: true }).fill(person.password);
  await signIn.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(signIn.getByRole("alert")).toContainText("Invalid email or password");
  await expect(page).not.toHaveURL(/\/dashboard$/);
});
