/**
 * Profile settings, driven as a person would: a new member is approved, finds the dashboard's
 * "Complete your profile" prompt, fills every item of Profile Settings (photo and attachment
 * uploads included) to 100 %, then shows up in the member directory and in the admin's member
 * management. Also: a photo over 1 MB is refused before it is sent.
 *
 * Independent of the other specs' data: the member has a fresh address and name on every run,
 * and the admin account (ADMIN_EMAIL) is signed up here when no other spec has done it yet.
 * The tests run in order; each person signs in once and later tests reuse that session
 * (sign-in is rate-limited per address: 5 in 15 minutes).
 */
import { deflateSync } from "node:zlib";
import type { Cookie, Page } from "@playwright/test";
import { expect as baseExpect, confirmAdminAddress, hero, snap, switchLanguage, test } from "./support/fixtures";
import { ADMIN } from "./support/people";

/**
 * This journey waits on uploads, saves and page loads of a server on an embedded database; on a
 * busy machine they take longer than the suite's defaults allow, so it gets twice the time.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

/** Six letters from the clock, so the name is unique and still reads like a name. */
const tag = String(Date.now())
  .slice(-6)
  .replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "a");
const PERSON = {
  name: `Parisa Rahimi ${tag[0]?.toUpperCase()}${tag.slice(1)}`,
  email: `parisa.${Date.now()}@e2e.test`,
  password: "Pr0file!Pass",
} as const;

// ---------------------------------------------------------------------------------------------
// Files made at run time

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A valid RGB PNG of `size`×`size` pixels: a teal disc on a warm gradient. `level` 0 stores
 * the pixels uncompressed (to make a big file on purpose).
 */
function makePng(size: number, level = 9): Buffer {
  const row = 1 + size * 3;
  const raw = Buffer.alloc(row * size);
  const r = size / 2;
  for (let y = 0; y < size; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const inDisc = (x - r) ** 2 + (y - r * 0.9) ** 2 < (r * 0.55) ** 2;
      const o = y * row + 1 + x * 3;
      raw[o] = inDisc ? 18 : 250 - Math.round((y / size) * 60);
      raw[o + 1] = inDisc ? 150 : 200 - Math.round((x / size) * 80);
      raw[o + 2] = inDisc ? 130 : 120;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(raw, { level })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A minimal valid one-page PDF with a line of text (cross-reference offsets computed). */
function makePdf(text: string): Buffer {
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

// ---------------------------------------------------------------------------------------------
// Steps

/**
 * Waits for the toast containing `text` and closes it. Most toasts also close by themselves
 * after a few seconds, which on a busy machine can win the race with the close button: either
 * way it must go.
 */
async function closeToast(page: Page, text: string): Promise<void> {
  const toast = page.getByRole("alert").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast
    .getByRole("button")
    .click({ timeout: 5_000 })
    .catch(() => {});
  await expect(toast).toBeHidden();
}

/** Opens the landing page and signs in through the Sign In dialog; ends on /dashboard. */
async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto("/landing");
  await hero(page).getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await dialog.getByRole("textbox", { name: "Email" }).fill(who.email);
  await dialog.getByRole("textbox", { name: "Password", exact: true }).fill(who.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await closeToast(page, "Welcome back!");
}

/**
 * Signs the admin in; when the account does not exist yet (this spec run on its own), the
 * failed sign-in sends them to Join the Club, and ADMIN_EMAIL becomes an approved admin by the
 * link mailed to it.
 */
async function signInAdmin(page: Page, consoleWatch: { ignore(p: RegExp): void }): Promise<void> {
  await page.goto("/landing");
  await hero(page).getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await dialog.getByRole("textbox", { name: "Email" }).fill(ADMIN.email);
  await dialog.getByRole("textbox", { name: "Password", exact: true }).fill(ADMIN.password);
  // The refused sign-in of a missing account is a 401, which Chromium logs as a failed load.
  consoleWatch.ignore(/Failed to load resource: the server responded with a status of 401/);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  const failed = dialog.getByRole("alert").filter({ hasText: "Invalid email or password" });
  await expect(page.getByTestId("welcome").or(failed)).toBeVisible();
  if (await page.getByTestId("welcome").isVisible()) {
    await closeToast(page, "Welcome back!");
    return;
  }
  await dialog.getByRole("button", { name: "Join the Club" }).click();
  const join = page.getByRole("dialog", { name: "Join the Club" });
  await join.getByRole("textbox", { name: "Full name" }).fill(ADMIN.name);
  await join.getByRole("textbox", { name: "Email" }).fill(ADMIN.email);
  await join.getByRole("textbox", { name: "Password", exact: true }).fill(ADMIN.password);
  await join.getByRole("radio", { name: "Export Expert" }).check();
  await join.getByRole("radio", { name: "Organization" }).check();
  await join.getByRole("button", { name: "Submit application" }).click();
  await confirmAdminAddress(page, ADMIN);
}

/** Chooses `file` through the upload button's file picker, as a person would. */
async function chooseFile(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: button }).click();
  await (await chooser).setFiles(file);
}

const sessions: { member?: Cookie[]; admin?: Cookie[] } = {};

/** Continues as someone signed in earlier in this file (their session cookie). */
async function resume(page: Page, cookies: Cookie[] | undefined, path: string): Promise<void> {
  expect(cookies, "an earlier test signed this person in").toBeDefined();
  await page.context().addCookies(cookies ?? []);
  await page.goto(path);
}

// ---------------------------------------------------------------------------------------------

test.describe("a new member completes their profile", () => {
  test.describe.configure({ mode: "serial" });

  test("the new member applies", async ({ page }) => {
    await page.goto("/landing");
    await hero(page).getByRole("button", { name: "Join the Club" }).click();
    const dialog = page.getByRole("dialog", { name: "Join the Club" });
    await dialog.getByRole("textbox", { name: "Full name" }).fill(PERSON.name);
    await dialog.getByRole("textbox", { name: "Email" }).fill(PERSON.email);
    await dialog.getByRole("textbox", { name: "Password", exact: true }).fill(PERSON.password);
    await dialog.getByRole("radio", { name: "Exporter", exact: true }).check();
    await dialog.getByRole("radio", { name: "Individual" }).check();
    await dialog.getByRole("button", { name: "Submit application" }).click();
    await expect(page.getByRole("heading", { name: "Application Pending" })).toBeVisible();
    await closeToast(page, "Application submitted successfully!");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/landing$/);
  });

  test("the admin approves them", async ({ page, consoleWatch }) => {
    await signInAdmin(page, consoleWatch);
    sessions.admin = await page.context().cookies();
    await page.getByRole("link", { name: "Approvals" }).click();
    await expect(page).toHaveURL(/\/admin\/approvals$/);
    const card = page.getByTestId("applicant-card").filter({ hasText: PERSON.email });
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: "Review" }).click();
    const review = page.getByRole("dialog", { name: "Review application" });
    await expect(review).toContainText(PERSON.name);
    await review.getByRole("button", { name: "Approve" }).click();
    await expect(review).toBeHidden();
    await closeToast(page, "User approved successfully");
    await expect(card).toHaveCount(0);
  });

  test("the member fills every item of Profile Settings to 100%", async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, PERSON);
    sessions.member = await page.context().cookies();

    // A fresh profile has only the name and the e-mail: 2 of 13 items.
    const prompt = page.getByTestId("complete-profile-prompt");
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText("Complete your profile");
    await expect(prompt).toContainText("Your profile is 15% complete.");
    await prompt.getByRole("link", { name: "Complete Your Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "Profile Settings" })).toBeVisible();

    const percent = page.getByTestId("completion-percent");
    await expect(percent).toHaveText("15%");
    await expect(page.getByTestId("profile-completion")).toContainText("Still missing: Profile photo, Mobile");

    // Profile information.
    const info = page.getByTestId("card-info");
    await expect(info.getByTestId("account-email")).toHaveValue(PERSON.email);
    const name = info.getByRole("textbox", { name: "Full name" });
    await expect(name).toHaveValue(PERSON.name);
    await name.fill(PERSON.name);
    await info.getByRole("textbox", { name: "Mobile" }).fill("+989121234567");
    await info.getByRole("textbox", { name: "Postal address" }).fill("No. 12, Saffron Street\nTehran");
    await info.getByRole("textbox", { name: "LinkedIn profile" }).fill("https://www.linkedin.com/in/example");
    await expect(percent).toHaveText("38%");

    // The photo: the request is held (as on a slow line) until the progress has been seen.
    let photoPosts = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const photoPost = (url: URL) =>
      url.pathname === "/api/files" && url.searchParams.get("purpose") === "profile_photo";
    await page.route(photoPost, async (route) => {
      photoPosts++;
      await released;
      await route.continue();
    });
    const photo = page.getByTestId("photo-upload");
    await expect(photo).toContainText("No photo yet");
    await chooseFile(page, "Upload photo", { name: "portrait.png", mimeType: "image/png", buffer: makePng(64) });
    await expect(photo.getByText(/^Uploading… \d+%$/)).toBeVisible();
    // The bar (its filled part is the progressbar: zero wide while nothing has gone out yet).
    const bar = photo.getByRole("progressbar", { name: "Upload progress" });
    await expect(bar).toHaveAttribute("aria-valuenow", /^\d+$/);
    await expect(bar.locator("xpath=..")).toBeVisible();
    await expect(photo.getByRole("button", { name: "Cancel" })).toBeVisible();
    await expect(photo.getByRole("button", { name: "Upload photo" })).toBeDisabled();
    release();
    await closeToast(page, "File uploaded successfully");
    await expect(photo.getByRole("progressbar", { name: "Upload progress" })).toHaveCount(0);
    await expect(photo.getByTestId("current-file")).toHaveText("portrait.png");
    await expect(photo.getByRole("img", { name: "Profile photo preview" })).toBeVisible();
    await expect(photo.getByRole("button", { name: "Change photo" })).toBeVisible();
    await page.unroute(photoPost);
    expect(photoPosts).toBe(1);
    await expect(percent).toHaveText("46%");

    // Expertise: areas, years, a certificate.
    const expertise = page.getByTestId("card-expertise");
    await expertise.getByRole("checkbox", { name: "Marketing" }).check();
    await expertise.getByRole("checkbox", { name: "Commercial" }).check();
    await expertise.getByRole("combobox", { name: "Years of export experience" }).click();
    await page.getByRole("option", { name: "6-10 years" }).click();
    await expect(expertise.getByRole("combobox", { name: "Years of export experience" })).toHaveValue("6-10 years");
    const addCertificate = expertise.getByRole("button", { name: "Add" });
    await expect(addCertificate).toBeDisabled();
    await expertise.getByRole("textbox", { name: "New certificate or appraisal" }).fill("Certified Export Specialist");
    await addCertificate.click();
    await expect(expertise.getByTestId("certificate-list")).toContainText("Certified Export Specialist");
    await expect(expertise.getByRole("textbox", { name: "New certificate or appraisal" })).toHaveValue("");
    await expect(percent).toHaveText("69%");

    // Industrial sectors.
    const sectors = page.getByTestId("card-sectors");
    await sectors.getByRole("checkbox", { name: "Carpets and Handicrafts" }).check();
    await sectors.getByRole("checkbox", { name: "Food & Beverages" }).check();
    await expect(sectors).toContainText("2 selected");

    // Target countries, found through the search box.
    const countries = page.getByTestId("card-countries");
    const countrySearch = countries.getByRole("searchbox", { name: "Search countries" });
    await countrySearch.fill("germ");
    await expect(countries.getByRole("checkbox")).toHaveCount(1);
    await countries.getByRole("checkbox", { name: "Germany" }).check();
    await countrySearch.fill("emirates");
    await countries.getByRole("checkbox", { name: "United Arab Emirates" }).check();
    await countries.getByRole("button", { name: "Clear search" }).click();
    await expect(countrySearch).toHaveValue("");
    await expect(countries.getByTestId("country-count")).toHaveText("2 selected");
    const pills = countries.getByRole("group", { name: "Selected countries" });
    await expect(pills).toContainText("Germany");
    await expect(pills).toContainText("United Arab Emirates");

    // Field of activity: two main categories (the others then wait) and their details.
    const activity = page.getByTestId("card-activity");
    await activity.getByTestId("activity-A").getByRole("checkbox", { name: "Exporting" }).check();
    await activity.getByTestId("activity-A").getByRole("checkbox", { name: "Regular" }).check();
    await activity.getByTestId("activity-B").getByRole("checkbox", { name: "Service Provision" }).check();
    await activity
      .getByTestId("activity-B")
      .getByRole("checkbox", { name: "Market Research and Marketing Plan" })
      .check();
    await activity.getByTestId("activity-B").getByRole("checkbox", { name: "Logistics" }).check();
    await expect(activity.getByTestId("activity-max")).toHaveText("Maximum of 2 categories selected");
    await expect(activity.getByTestId("activity-C").getByRole("checkbox")).toBeDisabled();
    await expect(percent).toHaveText("92%");

    // The attachment: a one-page PDF.
    const attachment = page.getByTestId("attachment-upload");
    await chooseFile(page, "Upload file", {
      name: "company-profile.pdf",
      mimeType: "application/pdf",
      buffer: makePdf("Parisa Rahimi - export services"),
    });
    await closeToast(page, "File uploaded successfully");
    await expect(attachment.getByTestId("current-file")).toHaveText("company-profile.pdf");
    await expect(attachment.getByRole("button", { name: "Replace file" })).toBeVisible();

    await expect(percent).toHaveText("100%");
    await expect(page.getByTestId("profile-completion")).toContainText("Your profile is complete.");
    await expect(page.getByTestId("profile-completion")).toContainText("Saved profile: 15%");
    const actions = page.getByTestId("profile-actions");
    await expect(actions).toContainText("You have unsaved changes");

    await actions.getByRole("button", { name: "Update Profile" }).click();
    await closeToast(page, "Profile updated");
    await expect(actions).toContainText("All changes saved");
    await expect(percent).toHaveText("100%");
    await expect(page.getByTestId("profile-completion")).not.toContainText("Saved profile");

    // What was saved comes back after a reload.
    await page.reload();
    await expect(page.getByTestId("completion-percent")).toHaveText("100%");
    await expect(page.getByTestId("card-info").getByRole("textbox", { name: "Mobile" })).toHaveValue("+989121234567");
    await expect(page.getByTestId("photo-upload").getByTestId("current-file")).toHaveText("portrait.png");
    await expect(page.getByTestId("attachment-upload").getByTestId("current-file")).toHaveText("company-profile.pdf");
    await expect(page.getByTestId("card-countries").getByTestId("country-count")).toHaveText("2 selected");
    await snap(page, "profile-en");

    await switchLanguage(page, "fa");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("completion-percent")).toHaveText(/۱۰۰/);
    await snap(page, "profile-fa");
    await switchLanguage(page, "en");
    await expect(page.getByTestId("completion-percent")).toHaveText("100%");

    // The dashboard no longer asks for it.
    await page.getByRole("navigation").getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("welcome")).toHaveText(`Welcome, ${PERSON.name}`);
    await expect(page.getByTestId("dashboard-points")).toBeVisible();
    await expect(page.getByTestId("complete-profile-prompt")).toHaveCount(0);
  });

  test("a photo over 1 MB is refused as too large", async ({ page }) => {
    const big = makePng(648, 0); // stored uncompressed: about 1.2 MB
    expect(big.length).toBeGreaterThan(1.1 * 1024 * 1024);
    expect(big.length).toBeLessThan(1.3 * 1024 * 1024);
    await resume(page, sessions.member, "/profile");
    const photo = page.getByTestId("photo-upload");
    await expect(photo.getByTestId("current-file")).toHaveText("portrait.png");

    let sent = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/files")) sent++;
    });
    await chooseFile(page, "Change photo", { name: "huge-photo.png", mimeType: "image/png", buffer: big });
    const toast = page.getByRole("alert").filter({ hasText: "File too large" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Please select a photo smaller than 1MB.");
    await closeToast(page, "File too large");
    // Refused before anything was sent; the saved photo stays.
    expect(sent).toBe(0);
    await expect(photo.getByTestId("current-file")).toHaveText("portrait.png");
    await expect(page.getByTestId("profile-actions")).toContainText("All changes saved");
  });

  test("the member is in the directory and its filters narrow it", async ({ page }) => {
    await resume(page, sessions.member, "/members");
    await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    const total = page.getByTestId("members-total");
    const count = async () => Number((await total.innerText()).match(/\d+/)?.[0] ?? Number.NaN);
    await expect(total).toHaveText(/^\d+ members?$/);
    const everyone = await count();
    expect(everyone).toBeGreaterThanOrEqual(2); // the admin and this member at least

    const filters = page.getByRole("region", { name: "Filter members" });
    const cards = page.getByTestId("member-card");
    const ours = cards.filter({ has: page.getByRole("heading", { name: PERSON.name }) });

    // A sector of theirs: fewer members, every one of them in that sector, ours among them.
    await filters.getByRole("combobox", { name: "Sector" }).click();
    await page.getByRole("option", { name: "Carpets and Handicrafts" }).click();
    await expect(page).toHaveURL(/sector=carpets_handicrafts/);
    await expect(ours).toBeVisible();
    await expect.poll(count).toBeLessThan(everyone);
    for (const card of await cards.all()) await expect(card).toContainText("Carpets and Handicrafts");

    // A sector not theirs: they drop out.
    await filters.getByRole("combobox", { name: "Sector" }).click();
    await page.getByRole("option", { name: "Pharmaceuticals" }).click();
    await expect(page).toHaveURL(/sector=pharmaceuticals/);
    await expect(ours).toHaveCount(0);

    await filters.getByRole("button", { name: "Reset filters" }).click();
    await expect.poll(count).toBe(everyone);

    // Found by name: just them, with what their profile says.
    await filters.getByRole("searchbox", { name: "Search by name" }).fill(PERSON.name);
    await expect(page).toHaveURL(/q=Parisa/);
    await expect(total).toHaveText("1 member");
    await expect(cards).toHaveCount(1);
    await expect(ours).toContainText("Exporter");
    await expect(ours).toContainText("Carpets and Handicrafts");
    await expect(ours).toContainText("Food & Beverages");
    await expect(ours).toContainText("Germany, United Arab Emirates");
    await expect(ours.locator("img")).toHaveAttribute("src", /^\/api\/files\//); // the uploaded photo
    // The directory shows no contact details.
    await expect(ours).not.toContainText("+989121234567");
    await expect(ours).not.toContainText(PERSON.email);
    await snap(page, "members-en");

    await switchLanguage(page, "fa");
    await expect(total).toHaveText(/۱/);
    await expect(ours).toContainText("فرش و صنایع دستی");
    await expect(ours).toContainText("آلمان");
    await snap(page, "members-fa");
    await switchLanguage(page, "en");
    await expect(total).toHaveText("1 member");
  });

  test("the admin finds the member in member management", async ({ page }) => {
    await resume(page, sessions.admin, "/admin/members");
    await expect(page.getByRole("heading", { level: 1, name: "Member Management" })).toBeVisible();
    const row = page.getByTestId("member-row").filter({ hasText: PERSON.email });
    await expect(row).toBeVisible();
    await page.getByRole("searchbox", { name: "Search" }).fill(PERSON.email);
    await expect(page).toHaveURL(/q=parisa/);
    await expect(page.getByTestId("accounts-total")).toHaveText("1 account");
    await expect(page.getByTestId("member-row")).toHaveCount(1);
    await expect(row).toContainText(PERSON.name);
    await expect(row).toContainText("Approved");
    await expect(row).toContainText("Exporter");
    await snap(page, "admin-members");
  });

  test("the member signs out from the account menu", async ({ page }) => {
    await resume(page, sessions.member, "/dashboard");
    await expect(page.getByTestId("welcome")).toHaveText(`Welcome, ${PERSON.name}`);
    await page.getByTestId("account-menu").click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(hero(page).getByRole("button", { name: "Sign In" })).toBeVisible();
  });
});
