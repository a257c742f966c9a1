/**
 * Shared end-to-end fixtures and steps.
 *
 * DESIGN.md §7: a console error fails the test unless the test expects it. Every test's `page`
 * is watched for `console.error` messages and uncaught page errors; the test fails at its end
 * when any was seen. A test that expects some calls `consoleWatch.ignore(pattern)`.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

export { expect };

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../artifacts/screenshots");

export class ConsoleWatch {
  private seen: string[] = [];
  private ignored: RegExp[] = [];

  attach(page: Page): void {
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      const { url, lineNumber } = msg.location();
      this.seen.push(`console.error: ${msg.text()}${url ? ` (${url}:${lineNumber})` : ""}`);
    });
    page.on("pageerror", (error) => this.seen.push(`uncaught: ${error.stack ?? error.message}`));
  }

  /** Expect (and so allow) errors matching `pattern` in this test. */
  ignore(pattern: RegExp): void {
    this.ignored.push(pattern);
  }

  /** The errors seen so far that the test did not expect. */
  get unexpected(): string[] {
    return this.seen.filter((line) => !this.ignored.some((p) => p.test(line)));
  }

  clear(): void {
    this.seen = [];
  }

  assertNone(): void {
    const errors = this.unexpected;
    if (errors.length > 0) {
      throw new Error(`The page logged ${errors.length} error(s):\n${errors.join("\n")}`);
    }
  }
}

export const test = base.extend<{ consoleWatch: ConsoleWatch }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  consoleWatch: async ({}, use) => {
    const watch = new ConsoleWatch();
    await use(watch);
    watch.assertNone();
  },
  page: async ({ page, consoleWatch }, use) => {
    consoleWatch.attach(page);
    await use(page);
  },
});

/**
 * Texts that look like Lingui message ids (six base64 characters, e.g. "MIloeL", "3hy+Rm"):
 * what a production build shows for a string missing from the compiled catalog, i.e. when
 * `npm run extract` was not run after adding it. Heuristic: mixed case or letters mixed with
 * digits, "+" or "/"; all-lower-case ids slip through, ordinary words do not trip it.
 */
export async function rawMessageIds(page: Page): Promise<string[]> {
  const text = await page.locator("body").innerText();
  const found = new Set<string>();
  for (const raw of text.split(/\s+/)) {
    const token = raw.replace(/^[.,:;!?()"'«»،؛]+|[.,:;!?()"'«»،؛]+$/g, "");
    if (!/^[A-Za-z0-9+/]{6}$/.test(token)) continue;
    const lettersAndOthers = /[A-Za-z]/.test(token) && /[0-9+/]/.test(token);
    const innerCapital = /[a-z]/.test(token) && /[A-Z]/.test(token.slice(1));
    if (lettersAndOthers || innerCapital) found.add(token);
  }
  return [...found];
}

/**
 * Saves a full-page screenshot as e2e/artifacts/screenshots/<name>.png (kept as an artifact),
 * after checking that the page shows no raw message ids (see `rawMessageIds`).
 */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Let fonts, images and Mantine's transitions settle so the picture is what a person sees.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState("networkidle").catch(() => {});
  // Move the pointer out of the way so no hover tooltip covers the picture.
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: "disabled" });
  expect
    .soft(await rawMessageIds(page), `texts missing from the message catalog on ${name} (run npm run extract)`)
    .toEqual([]);
}

/** The language switcher (EN / فا) in the current top bar. */
export function languageSwitcher(page: Page): Locator {
  return page.getByRole("radiogroup", { name: /language|زبان/i });
}

export async function switchLanguage(page: Page, to: "en" | "fa"): Promise<void> {
  await languageSwitcher(page)
    .getByText(to === "fa" ? "فا" : "EN", { exact: true })
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", to);
  await expect(page.locator("html")).toHaveAttribute("dir", to === "fa" ? "rtl" : "ltr");
}

/** The hero of the landing page, where its two main actions live. */
export function hero(page: Page): Locator {
  return page.locator("section#hero, section[aria-labelledby='hero-title']").first();
}

/** Opens the landing page and signs in through the Sign In dialog; ends on /dashboard. */
export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto("/landing");
  await hero(page).getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "Email" }).fill(who.email);
  await dialog.getByRole("textbox", { name: "Password", exact: true }).fill(who.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(dialog).toBeHidden();
  // The greeting toast; dismissed as a person would, so it does not cover the top bar (it may
  // close by itself first on a busy machine: closeToast).
  await closeToast(page, "Welcome back!");
}

/** Waits for the toast containing `text` and closes it with its close button. */
export async function dismissToast(page: Page, text: string): Promise<void> {
  const toast = page.getByRole("alert").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole("button").click();
  await expect(toast).toBeHidden();
}

/** Who `login` creates: any profile the spec needs; an approved Exporter unless told otherwise. */
export interface LoginSpec {
  name: string;
  email: string;
  password?: string;
  status?: "pending" | "approved" | "rejected";
  admin?: boolean;
  activities?: ("exporter" | "export_expert" | "export_service_provider")[];
  /** Target countries, ISO alpha-2. */
  countries?: string[];
  /** Industrial sector codes. */
  sectors?: string[];
  tier?: "turquoise" | "silver" | "gold";
  points?: number;
  locale?: "en" | "fa";
}

/**
 * Creates the account `who` on the server (with its profile) and signs this page's browser context
 * in, without the sign-in UI (e2e/support/server.ts `POST /__e2e/login`). Returns the account.
 * Specs that are not about signing up or in start this way, so each stands on its own.
 */
export async function login(
  page: Page,
  who: LoginSpec,
): Promise<{ userId: string; email: string; password: string; name: string }> {
  // As our own pages send it: the same-origin check (DESIGN.md §4) applies to this route too.
  const res = await page.request.post("/__e2e/login", { data: who, headers: { "sec-fetch-site": "same-origin" } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** The activities and user types of the Join the Club form, as its radio buttons read. */
export type JoinActivity = "Exporter" | "Export Expert" | "Export Service Provider";
export type JoinUserType = "Individual" | "Organization";

/**
 * Applies through the landing page's Join the Club dialog. Every applicant, the ADMIN_EMAIL
 * account included, ends on the Application Pending screen.
 */
export async function applyToJoin(
  page: Page,
  who: { name: string; email: string; password: string },
  activity: JoinActivity,
  userType: JoinUserType = "Individual",
): Promise<void> {
  await page.goto("/landing");
  await hero(page).getByRole("button", { name: "Join the Club" }).click();
  const dialog = page.getByRole("dialog", { name: "Join the Club" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "Full name" }).fill(who.name);
  await dialog.getByRole("textbox", { name: "Email" }).fill(who.email);
  await dialog.getByRole("textbox", { name: "Password", exact: true }).fill(who.password);
  await dialog.getByRole("radio", { name: activity, exact: true }).check();
  await dialog.getByRole("radio", { name: userType, exact: true }).check();
  await dialog.getByRole("button", { name: "Submit application" }).click();
}

/** The newest e-mail sent to `to` (e2e/support/server.ts `GET /__e2e/mail`). */
export async function readMail(page: Page, to: string): Promise<{ subject: string; text: string }> {
  const res = await page.request.get(`/__e2e/mail?to=${encodeURIComponent(to)}`);
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/**
 * After the ADMIN_EMAIL account signed up (on its Application Pending screen, signed in): opens
 * the link mailed to the address in the same browser, as the admin would (issue #10 §6), and
 * goes on to the dashboard, now an approved admin.
 */
export async function confirmAdminAddress(page: Page, admin: { email: string }): Promise<void> {
  await expect(page.getByRole("heading", { name: "Application Pending" })).toBeVisible();
  await closeToast(page, "Confirm your email address");
  const mail = await readMail(page, admin.email);
  expect(mail.subject).toBe("Confirm your Export Club administrator address");
  const link = /https?:\/\/\S+(\/confirm-email\?token=[a-z0-9]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  await page.goto(link?.[1] ?? "");
  const confirmed = page.getByTestId("admin-confirmed");
  await expect(confirmed).toContainText(`${admin.email} is confirmed. Your administrator account is ready.`);
  await confirmed.getByRole("link", { name: "Go to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signs the admin (ADMIN_EMAIL) in; when the account does not exist yet (the spec runs on its
 * own), the refused sign-in leads to Join the Club, and the address becomes an approved admin by
 * the link mailed to it (`confirmAdminAddress`). Ends on the admin's dashboard.
 */
export async function signInAdmin(
  page: Page,
  consoleWatch: { ignore(p: RegExp): void },
  admin: { name: string; email: string; password: string },
): Promise<void> {
  await page.goto("/landing");
  await hero(page).getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await dialog.getByRole("textbox", { name: "Email" }).fill(admin.email);
  await dialog.getByRole("textbox", { name: "Password", exact: true }).fill(admin.password);
  // The refused sign-in of a missing account is a 401, which Chromium logs as a failed load.
  consoleWatch.ignore(/Failed to load resource: the server responded with a status of 401/);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  const welcome = page.getByTestId("welcome");
  const refused = dialog.getByRole("alert").filter({ hasText: "Invalid email or password" });
  await expect(welcome.or(refused)).toBeVisible();
  if (await welcome.isVisible()) {
    await closeToast(page, "Welcome back!");
    return;
  }
  await dialog.getByRole("button", { name: "Join the Club" }).click();
  const join = page.getByRole("dialog", { name: "Join the Club" });
  await join.getByRole("textbox", { name: "Full name" }).fill(admin.name);
  await join.getByRole("textbox", { name: "Email" }).fill(admin.email);
  await join.getByRole("textbox", { name: "Password", exact: true }).fill(admin.password);
  await join.getByRole("radio", { name: "Export Expert" }).check();
  await join.getByRole("radio", { name: "Organization" }).check();
  await join.getByRole("button", { name: "Submit application" }).click();
  await confirmAdminAddress(page, admin);
}

/**
 * Like `dismissToast`, for a busy machine: waits for the toast containing `text`, closes it with
 * its close button, and accepts that it may have closed by itself first (toasts close after a
 * few seconds, which a loaded test machine can take between two steps).
 */
export async function closeToast(page: Page, text: string): Promise<void> {
  const toast = page.getByRole("alert").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast
    .getByRole("button")
    .click({ timeout: 5_000 })
    .catch(() => {});
  await expect(toast).toBeHidden();
}
