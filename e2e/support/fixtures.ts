/**
 * Shared end-to-end fixtures and steps.
 *
 * DESIGN.md §7: a console error fails the test unless the test expects it. Every test's `page`
 * is watched for `console.error` messages and uncaught page errors; the test fails at its end
 * when any was seen. A test that expects some calls `consoleWatch.ignore(pattern)`.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";

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

/** What each watched page has on the wire: requests under way, and when that last changed (ms). */
const network = new WeakMap<Page, { open: number; changed: number }>();

/**
 * Counts `page`'s requests under way (the `page` and `browserOf` fixtures watch every page). The
 * subscriptions' WebSocket is not a request that ends, so it is not counted.
 */
function watchNetwork(page: Page): void {
  const state = { open: 0, changed: Date.now() };
  network.set(page, state);
  page.on("request", () => {
    state.open++;
    state.changed = Date.now();
  });
  const ended = () => {
    state.open = Math.max(0, state.open - 1);
    state.changed = Date.now();
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
}

/**
 * Resolves once `page` has had no request under way for `quietMs` (100 ms; Playwright's
 * `networkidle` waits 500 ms after every page load, most of a second per axe check or screenshot),
 * or after `timeout` ms in any case: a playing video or a long poll keeps a request open.
 */
export async function networkQuiet(page: Page, { quietMs = 100, timeout = 5_000 } = {}): Promise<void> {
  const state = network.get(page);
  if (!state) throw new Error("networkQuiet: this page is not watched (open it with the page or browserOf fixture)");
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const quietFor = Date.now() - state.changed;
    if (state.open === 0 && quietFor >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, state.open === 0 ? quietMs - quietFor : 20));
  }
}

/** Someone signed in without a browser (`someone`): their account and their API session. */
export interface Someone extends Account {
  /** Calls a tRPC mutation as this person; resolves to its result's data. */
  mutate<T = unknown>(path: string, input?: unknown): Promise<T>;
  /** Calls a tRPC query as this person; resolves to its result's data. */
  query<T = unknown>(path: string, input?: unknown): Promise<T>;
}

export const test = base.extend<{
  consoleWatch: ConsoleWatch;
  /** Opens another person's browser: a fresh context and its page, watched for console errors like `page`, closed after the test. */
  browserOf: () => Promise<Page>;
  /** Creates the account `who` and signs it in on its own API session (no browser), closed after the test: the other people a test needs, and the data they make. */
  someone: (who: LoginSpec) => Promise<Someone>;
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  consoleWatch: async ({}, use) => {
    const watch = new ConsoleWatch();
    await use(watch);
    watch.assertNone();
  },
  page: async ({ page, consoleWatch }, use) => {
    consoleWatch.attach(page);
    watchNetwork(page);
    await use(page);
  },
  browserOf: async ({ browser, consoleWatch }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      consoleWatch.attach(page);
      watchNetwork(page);
      return page;
    });
    for (const context of contexts) await context.close();
  },
  someone: async ({ playwright, baseURL }, use) => {
    const sessions: APIRequestContext[] = [];
    await use(async (who) => {
      const request = await playwright.request.newContext({ baseURL });
      sessions.push(request);
      return apiOf(request, await login({ request }, who));
    });
    for (const request of sessions) await request.dispose();
  },
});

/** `account` calling the API on `request`, its signed-in session (e.g. a page's `page.request`). */
export function apiOf(request: APIRequestContext, account: Account): Someone {
  return {
    ...account,
    mutate: (path, input) => callTrpc(request, "mutation", path, input),
    query: (path, input) => callTrpc(request, "query", path, input),
  };
}

/**
 * One tRPC call over HTTP as our own pages make it (no transformer; DESIGN.md §4 same-origin
 * header), on `request`'s session. Resolves to the result's data; fails the test on an error.
 */
export async function callTrpc<T>(
  request: APIRequestContext,
  kind: "query" | "mutation",
  path: string,
  input?: unknown,
): Promise<T> {
  const headers = { "sec-fetch-site": "same-origin" };
  const res =
    kind === "query"
      ? await request.get(`/trpc/${path}`, {
          headers,
          params: input === undefined ? {} : { input: JSON.stringify(input) },
        })
      : await request.post(`/trpc/${path}`, { headers, data: input ?? null });
  const body = await res.text();
  expect(res.ok(), `${path}: ${body}`).toBe(true);
  return (JSON.parse(body) as { result: { data: T } }).result.data;
}

let personCounter = 0;

/**
 * A fresh person for one test: `first last Xxxxxx` (six letters from the clock and a counter, so
 * the name is unique on every run and still reads like a name), a matching unique address and a
 * strong password.
 */
export function newPerson(first: string, last: string): { name: string; email: string; password: string } {
  personCounter++;
  const stamp = `${Date.now()}${personCounter}`;
  const tag = stamp.slice(-6).replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "a");
  return {
    name: `${first} ${last} ${tag[0]?.toUpperCase()}${tag.slice(1)}`,
    email: `${first.toLowerCase()}.${stamp}@e2e.test`,
    password: "Str0ng!Pass",
  };
}

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
 * Resolves when every finite animation and transition on the page has finished (Mantine's dialog
 * and drawer transitions, a toast sliding in); endless ones (a spinner) are not waited for. What
 * a fixed pause after opening a dialog or resizing used to guess at.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Two frames first, so a change the last action set off (a resize, a click) has started its transitions.
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    // A cancelled animation rejects `finished`; it is over all the same.
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Saves a full-page screenshot as e2e/artifacts/screenshots/<name>.png (kept as an artifact),
 * after checking that the page shows no raw message ids (see `rawMessageIds`).
 */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Let fonts, images and Mantine's transitions settle so the picture is what a person sees.
  await page.evaluate(() => document.fonts.ready);
  // At most 3 s: a playing video or a long poll would otherwise hold it for the whole timeout.
  await networkQuiet(page, { timeout: 3_000 });
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

/** The boxes of `a` and `b` overlap (as laid out now; false when either is not shown). */
export async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
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

/**
 * Opens the landing page and waits until its script has taken over (`html[data-hydrated]`, set by
 * App.tsx): the prerendered buttons are visible before then, and a click on them would be lost.
 */
export async function openLanding(page: Page): Promise<void> {
  await page.goto("/landing");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

/** Opens the landing page and signs in through the Sign In dialog; ends on /dashboard. */
export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await openLanding(page);
  await hero(page).getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "Email" }).fill(who.email);
  await dialog.getByRole("textbox", { name: "Password", exact: true }).fill(who.password);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
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

/** An account `login` created. */
export interface Account {
  userId: string;
  email: string;
  password: string;
  name: string;
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
  /** Individual (default) or organization (recruitment routes by it). */
  userType?: "individual" | "organization";
  /** Expertise areas: marketing, legal, commercial. */
  expertiseAreas?: string[];
  /** Field of activity, e.g. `{ mainCategories: ["B"], details: { B: ["b1_market_research"] } }`. */
  activitySelections?: { mainCategories: string[]; details: Record<string, string[]> };
  tier?: "turquoise" | "silver" | "gold";
  points?: number;
  locale?: "en" | "fa";
}

/**
 * Creates the account `who` on the server (with its profile) and signs this page's browser context
 * in (or, given `{ request }`, that API session), without the sign-in UI (e2e/support/server.ts
 * `POST /__e2e/login`). Returns the account.
 * Specs that are not about signing up or in start this way, so each stands on its own.
 */
export async function login(page: Pick<Page, "request">, who: LoginSpec): Promise<Account> {
  // As our own pages send it: the same-origin check (DESIGN.md §4) applies to this route too.
  const res = await page.request.post("/__e2e/login", { data: who, headers: { "sec-fetch-site": "same-origin" } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
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
 * Like `dismissToast`, for a busy machine: waits for the toast containing `text`, closes it with
 * its close button, and accepts that it may have closed by itself first (toasts close after a
 * few seconds, which a loaded test machine can take between two steps).
 */
export async function closeToast(page: Page, text: string): Promise<void> {
  const toast = page.getByRole("alert").filter({ hasText: text });
  // What the toast reports (an upload, a save) can take a while on a busy machine.
  await expect(toast).toBeVisible({ timeout: 20_000 });
  await toast
    .getByRole("button")
    .click({ timeout: 5_000 })
    .catch(() => {});
  await expect(toast).toBeHidden();
}

/** Picks `option` in the (single or multi) select with test id `testId`, typing `search` first when given. */
export async function pick(page: Page, testId: string, option: RegExp | string, search?: string): Promise<void> {
  const input = page.getByTestId(testId);
  await expect(input).toBeEnabled({ timeout: 30_000 });
  // The page may still be busy building the reference lists on a loaded machine.
  await input.click({ timeout: 30_000 });
  if (search) await input.fill(search);
  await page.getByRole("option", { name: option }).first().click();
}

/** Closes an open dropdown (a multi-select stays open after a pick). */
export async function closeDropdown(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
}

/** A minimal one-page PDF showing `text` (uploads in the tests). */
export function makePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/**
 * Resolves when the page's live badge subscription has delivered its first counts over the
 * WebSocket (a frame with every board's count), so what the badges do afterwards is live and
 * not the page's first load. Call it before the page opens.
 */
export function badgeStreamStarted(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (ws) => {
      ws.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && /"posts":\{/.test(payload) && /"offers":\d+/.test(payload)) resolve();
      });
    });
  });
}
