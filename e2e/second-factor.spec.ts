/**
 * Two-step sign-in (docs/architecture.md "Security model"; ADR 27), driven as a person would:
 * an admin, inside the grace period, sees the banner, sets up an authenticator app from the
 * profile (the test computes the app's code from the key shown on the page, with @oslojs/otp),
 * saves the recovery codes, and then signs in with password and code; the next time, with a
 * recovery code. The new dialogs are checked with axe on the way.
 */

import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import type { Page } from "@playwright/test";
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

/** argon2 and page loads on a busy machine: more time than the suite's defaults. */
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

/** The code an authenticator app shows for `secret` `stepsAhead` 30-second steps from now. */
function appCode(secret: string, stepsAhead = 0): string {
  const step = Math.floor(Date.now() / 30_000) + stepsAhead;
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
}

/** Leaves the member area and forgets the session cookie: the next sign-in starts from nothing. */
async function signOutHere(page: Page): Promise<void> {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

/** Signs in with the password through the Sign In dialog; returns the dialog of the second step. */
async function passwordStep(page: Page, who: { email: string; password: string }) {
  await openLanding(page);
  await hero(page).getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await dialog.getByRole("textbox", { name: "Email" }).fill(who.email);
  await dialog.getByRole("textbox", { name: "Password", exact: true }).fill(who.password);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  const second = page.getByRole("dialog", { name: "Two-step sign-in" });
  await expect(second).toBeVisible();
  return second;
}

test("an admin sets up an authenticator app and signs in with password and code, then with a recovery code", async ({
  page,
  consoleWatch,
}) => {
  test.setTimeout(300_000);
  // The refused wrong code (401), which Chromium logs.
  consoleWatch.ignore(/Failed to load resource: the server responded with a status of 401/);
  const admin = await login(page, { ...newPerson("Tina", "Twostep"), admin: true });

  // The banner, on every page, while the grace period runs.
  await page.goto("/dashboard");
  const banner = page.getByTestId("admin-second-factor-banner");
  await expect(banner).toContainText("As an administrator you must set up two-step sign-in by");
  await banner.getByRole("link", { name: "Set up two-step sign-in" }).click();
  await expect(page).toHaveURL(/\/profile#two-step-sign-in$/);

  const section = page.getByTestId("card-two-step");
  await expect(section.getByTestId("totp-status")).toHaveText("Off");
  await section.getByRole("button", { name: "Set up authenticator app" }).click();
  const enrol = page.getByRole("dialog", { name: "Set up an authenticator app" });
  await expect(enrol.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = ((await enrol.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(enrol.getByRole("textbox", { name: "6-digit code from your authenticator app" })).toBeFocused();
  await transitionsDone(page);
  await expectNoAxeViolations(page, "dialog Set up an authenticator app", DIALOG);

  await enrol.getByRole("textbox", { name: "6-digit code from your authenticator app" }).fill(appCode(secret));
  await enrol.getByRole("button", { name: "Turn on" }).click();
  const codes = enrol.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await expectNoAxeViolations(page, "dialog Set up an authenticator app, recovery codes", DIALOG);
  await enrol.getByRole("button", { name: "I have saved my codes" }).click();
  await expect(enrol).toBeHidden();
  await expect(section.getByTestId("totp-status")).toHaveText("On");
  await expect(section).toContainText("Recovery codes left: 10");
  await expect(banner).toBeHidden();

  // A new browser session: the password alone no longer signs in.
  await signOutHere(page);
  let second = await passwordStep(page, admin);
  const codeField = second.getByRole("textbox", { name: "6-digit code from your authenticator app" });
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  await transitionsDone(page);
  await expectNoAxeViolations(page, "dialog Two-step sign-in", DIALOG);
  // The code used to set it up cannot be used again; a wrong one is refused.
  await codeField.fill(appCode(secret) === "000000" ? "111111" : "000000");
  await second.getByRole("button", { name: "Verify" }).click();
  await expect(second.getByRole("alert")).toContainText("This code is not valid.");
  // The next step's code (the one used to set it up is spent).
  await codeField.fill(appCode(secret, 1));
  await second.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await closeToast(page, "Welcome back!");
  await expect(page.getByTestId("admin-second-factor-banner")).toBeHidden();

  // Lost the phone: a recovery code signs in, once.
  await signOutHere(page);
  second = await passwordStep(page, admin);
  await second.getByRole("button", { name: "Use a recovery code" }).click();
  await expectNoAxeViolations(page, "dialog Two-step sign-in, recovery code", DIALOG);
  await second.getByRole("textbox", { name: "Recovery code" }).fill(recoveryCodes[0] ?? "");
  await second.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await closeToast(page, "Welcome back!");
  await page.goto("/profile");
  await expect(page.getByTestId("card-two-step")).toContainText("Recovery codes left: 9");
});
