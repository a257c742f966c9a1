/**
 * Passkeys (docs/architecture.md "Passkeys"), in Chromium with its virtual authenticator (CDP
 * `WebAuthn.addVirtualAuthenticator`: CTAP2, built in, resident keys and user verification, the
 * user always verified): a member adds a passkey on Profile Settings, signs out, signs in with
 * the passkey alone, sees when it was last used, renames it and removes it. The section and its
 * dialogs are checked with axe, and the focus returns to what opened each dialog.
 *
 * The server's PUBLIC_ORIGIN is the origin the browser uses, http://localhost:<port>
 * (playwright.config.ts): a secure context, and a host WebAuthn accepts as RP ID (an IP address
 * is not), so the passkey is made for that RP ID.
 */
import type { Locator, Page } from "@playwright/test";
import { DIALOG, expectNoAxeViolations } from "./support/axe";
import {
  expect as baseExpect,
  closeToast,
  hero,
  login,
  newPerson,
  openLanding,
  test,
  transitionsDone,
} from "./support/fixtures";

/** Profile Settings loads seven queries at once; on a busy machine that takes longer than the default. */
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

/** Gives `page` a platform authenticator that holds discoverable credentials and verifies its user. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Opens the dialog with `opener` by keyboard; returns it once its transition is done. */
async function openDialog(page: Page, opener: Locator, name: string): Promise<Locator> {
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await transitionsDone(page);
  return dialog;
}

test("a member adds a passkey, signs out, signs in with it alone, renames it and removes it", async ({
  page,
  consoleWatch,
}) => {
  test.setTimeout(300_000);
  // The wrong current password below is answered with 400, which Chromium logs.
  consoleWatch.ignore(/status of 400 .*passkeys\.(registrationOptions|remove)/);
  const member = await login(page, newPerson("Nima", "Passkey"));

  await page.goto("/profile");
  const section = page.getByTestId("passkeys-section");
  await expect(section.getByText("You have no passkeys yet.")).toBeVisible({ timeout: 60_000 });
  await addVirtualAuthenticator(page);
  await expect(section.getByTestId("passkeys-unavailable")).toHaveCount(0);

  // Add: a name and the current password, then Chromium's authenticator creates the credential.
  const addButton = section.getByRole("button", { name: "Add a passkey" });
  let dialog = await openDialog(page, addButton, "Add a passkey");
  await expectNoAxeViolations(page, "Add a passkey dialog", DIALOG);
  await dialog.getByRole("textbox", { name: "Passkey name" }).fill("Work laptop");
  await dialog.getByLabel("Current password").fill("Wrong!Passw0rd1");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByText("Your current password is incorrect.")).toBeVisible();
  await dialog.getByLabel("Current password").fill(member.password);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog).toBeHidden();
  await closeToast(page, "Passkey added");
  const item = section.getByTestId("passkey-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Work laptop");
  await expect(item).toContainText("Never used");
  await expectNoAxeViolations(page, "Profile Settings with a passkey");

  // Sign out, then sign in with the passkey: no e-mail, no password.
  await page.getByTestId("account-menu").click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await openLanding(page);
  await hero(page).getByRole("button", { name: "Sign In" }).click();
  const signIn = page.getByRole("dialog", { name: "Sign In" });
  await expect(signIn).toBeVisible();
  await signIn.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(signIn).toBeHidden();
  await closeToast(page, "Welcome back!");
  await expect(page.getByTestId("welcome-banner")).toContainText(member.name);

  // The list says when it was last used.
  await page.goto("/profile");
  await expect(item).toContainText("Last used");

  // Rename.
  dialog = await openDialog(page, item.getByRole("button", { name: "Rename passkey Work laptop" }), "Rename passkey");
  await expectNoAxeViolations(page, "Rename passkey dialog", DIALOG);
  await dialog.getByRole("textbox", { name: "Passkey name" }).fill("Home laptop");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await closeToast(page, "Passkey renamed");
  await expect(item).toContainText("Home laptop");

  // Remove: a confirmation naming the passkey, with the current password; Escape cancels and the
  // focus goes back to the button.
  const removeButton = item.getByRole("button", { name: "Remove passkey Home laptop" });
  dialog = await openDialog(page, removeButton, "Remove passkey");
  await expect(dialog).toContainText("Remove the passkey Home laptop?");
  await expectNoAxeViolations(page, "Remove passkey dialog", DIALOG);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(removeButton).toBeFocused();
  await expect(item).toHaveCount(1);
  dialog = await openDialog(page, removeButton, "Remove passkey");
  await dialog.getByLabel("Current password").fill(member.password);
  await dialog.getByRole("button", { name: "Remove passkey" }).click();
  await expect(dialog).toBeHidden();
  await closeToast(page, "Passkey removed");
  await expect(section.getByText("You have no passkeys yet.")).toBeVisible();
});

test("a browser without WebAuthn is told why it cannot add a passkey", async ({ page }) => {
  await page.addInitScript(() => {
    // As in a browser without WebAuthn.
    Object.defineProperty(window, "PublicKeyCredential", { value: undefined, configurable: true });
  });
  await openLanding(page);
  await hero(page).getByRole("button", { name: "Sign In" }).click();
  const signIn = page.getByRole("dialog", { name: "Sign In" });
  await expect(signIn.getByRole("textbox", { name: "Email" })).toBeVisible();
  await expect(signIn.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);

  await login(page, newPerson("Leila", "Nokey"));
  await page.goto("/profile");
  const section = page.getByTestId("passkeys-section");
  await expect(section.getByTestId("passkeys-unavailable")).toBeVisible({ timeout: 60_000 });
  await expect(section.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  await expect(section.getByText("You have no passkeys yet.")).toBeVisible();
});
