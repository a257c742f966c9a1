/**
 * Profile settings, driven as a person would: a new member finds the dashboard's "Complete your
 * profile" prompt and fills every item of Profile Settings (photo and attachment uploads
 * included) to 100 %; a photo over 1 MB is refused before it is sent; a member shows up in the
 * member directory and its filters, and in the admin's member management; the account menu
 * signs out.
 *
 * Each test stands on its own: its people are fresh (new addresses and names on every run) and
 * start signed in through the `login` fixture, so any test runs alone or in any order.
 */
import { deflateSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import {
  expect as baseExpect,
  closeToast,
  hero,
  login,
  makePdf,
  newPerson,
  snap,
  switchLanguage,
  test,
} from "./support/fixtures";

/**
 * This journey waits on uploads, saves and page loads of a server on an embedded database; on a
 * busy machine they take longer than the suite's defaults allow, so it gets twice the time.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

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

// ---------------------------------------------------------------------------------------------
// Steps

/**
 * Opens Profile Settings and waits for the form: its first load (the profile, the country list,
 * some 300 checkboxes) takes over 10 s on a loaded two-core machine.
 */
async function openProfile(page: Page): Promise<void> {
  await page.goto("/profile");
  await expect(page.getByTestId("card-info")).toBeVisible({ timeout: 60_000 });
}

/** Chooses `file` through the upload button's file picker, as a person would. */
async function chooseFile(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: button }).click();
  await (await chooser).setFiles(file);
}

// ---------------------------------------------------------------------------------------------

test.describe("profile settings", () => {
  test("the member fills every item of Profile Settings to 100%", async ({ page }) => {
    test.setTimeout(240_000);
    // Just approved: an Exporter with only a name and an e-mail.
    const PERSON = await login(page, newPerson("Parisa", "Rahimi"));
    await page.goto("/dashboard");

    // A fresh profile has only the name and the e-mail: 2 of 13 items.
    const prompt = page.getByTestId("complete-profile-prompt");
    await expect(prompt).toBeVisible({ timeout: 60_000 });
    await expect(prompt).toContainText("Complete your profile");
    await expect(prompt).toContainText("Your profile is 15% complete.");
    await prompt.getByRole("link", { name: "Complete Your Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "Profile Settings" })).toBeVisible();
    await expect(page.getByTestId("card-info")).toBeVisible({ timeout: 60_000 });

    const percent = page.getByTestId("completion-percent");
    await expect(percent).toHaveText("15%");
    await expect(page.getByTestId("profile-completion")).toContainText("Still missing: Profile photo, Mobile");

    // Profile information.
    const info = page.getByTestId("card-info");
    await expect(info.getByTestId("account-email")).toHaveValue(PERSON.email);
    const name = info.getByRole("textbox", { name: "Full name" });
    await expect(name).toHaveValue(PERSON.name);
    await name.fill(PERSON.name);
    // Typed on a Persian keyboard, with spaces: saved as +989121234567 (checked after the reload).
    await info.getByRole("textbox", { name: "Mobile" }).fill("+۹۸ ۹۱۲ ۱۲۳ ۴۵۶۷");
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
    await expect(page.getByTestId("completion-percent")).toHaveText("100%", { timeout: 60_000 });
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
    await login(page, newPerson("Parisa", "Rahimi"));
    await openProfile(page);
    const photo = page.getByTestId("photo-upload");
    await expect(photo).toContainText("No photo yet");
    await expect(page.getByTestId("profile-actions")).toContainText("All changes saved");

    let sent = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/files")) sent++;
    });
    await chooseFile(page, "Upload photo", { name: "huge-photo.png", mimeType: "image/png", buffer: big });
    const toast = page.getByRole("alert").filter({ hasText: "File too large" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Please select a photo smaller than 1MB.");
    await closeToast(page, "File too large");
    // Refused before anything was sent; still no photo, nothing to save.
    expect(sent).toBe(0);
    await expect(photo).toContainText("No photo yet");
    await expect(photo.getByTestId("current-file")).toHaveCount(0);
    await expect(page.getByTestId("profile-actions")).toContainText("All changes saved");
  });
});

test.describe("finding members", () => {
  test("a member is in the directory and its filters narrow it", async ({ page, someone }) => {
    test.setTimeout(120_000);
    // Someone in another sector, so a sector filter has someone to leave out.
    await someone({ ...newPerson("Omid", "Farahani"), activities: ["export_expert"], sectors: ["pharmaceuticals"] });
    const PERSON = await login(page, {
      ...newPerson("Parisa", "Rahimi"),
      activities: ["exporter"],
      sectors: ["carpets_handicrafts", "food_beverages"],
      countries: ["DE", "AE"],
    });

    // They add a photo, as a person would.
    await openProfile(page);
    const photo = page.getByTestId("photo-upload");
    await chooseFile(page, "Upload photo", { name: "portrait.png", mimeType: "image/png", buffer: makePng(64) });
    await closeToast(page, "File uploaded successfully");
    await expect(photo.getByTestId("current-file")).toHaveText("portrait.png");
    await page.getByTestId("profile-actions").getByRole("button", { name: "Update Profile" }).click();
    await closeToast(page, "Profile updated");
    await expect(page.getByTestId("profile-actions")).toContainText("All changes saved");

    await page.goto("/members");
    await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    const total = page.getByTestId("members-total");
    const count = async () => Number((await total.innerText()).match(/\d+/)?.[0] ?? Number.NaN);
    await expect(total).toHaveText(/^\d+ members?$/);
    const everyone = await count();
    expect(everyone).toBeGreaterThanOrEqual(2); // the other member and this one at least

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
    // The uploaded photo, as its resized copies (issue #11 §6): the browser picked one from srcset.
    const avatar = ours.locator("img");
    await expect(avatar).toHaveAttribute("src", /^\/api\/files\/[0-9a-f-]+\?w=64$/);
    await expect(avatar).toHaveAttribute("srcset", /\?w=64 64w, .+\?w=128 128w, .+\?w=256 256w$/);
    await expect(avatar).toHaveAttribute("sizes", "56px");
    await expect(avatar).toHaveAttribute("width", "56");
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : "")), { timeout: 15_000 })
      .toMatch(/\/api\/files\/[0-9a-f-]+\?w=(64|128|256)$/);
    // The directory shows no contact details.
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

  test("the admin finds a member in member management", async ({ page, someone }) => {
    const PERSON = await someone({ ...newPerson("Parisa", "Rahimi"), activities: ["exporter"] });
    await login(page, { ...newPerson("Ada", "Admin"), admin: true });
    await page.goto("/admin/members");
    await expect(page.getByRole("heading", { level: 1, name: "Member Management" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search" }).fill(PERSON.email);
    await expect(page).toHaveURL(/q=parisa/);
    await expect(page.getByTestId("accounts-total")).toHaveText("1 account");
    const row = page.getByTestId("member-row").filter({ hasText: PERSON.email });
    await expect(page.getByTestId("member-row")).toHaveCount(1);
    await expect(row).toContainText(PERSON.name);
    await expect(row).toContainText("Approved");
    await expect(row).toContainText("Exporter");
    await snap(page, "admin-members");
  });
});

test("a member chooses how each kind of news reaches them by e-mail", async ({ page }) => {
  await login(page, newPerson("Parisa", "Rahimi"));
  await page.goto("/profile#email-notifications");
  const section = page.getByTestId("email-preferences");
  const responses = section.getByRole("radiogroup", { name: "Responses to my requests and offers" });
  const digest = section.getByRole("radiogroup", { name: "New requests and offers for me" });
  // The defaults: responses at once, new posts in the daily digest.
  await expect(responses.getByRole("radio", { name: "Immediately" })).toBeChecked({ timeout: 60_000 });
  await expect(digest.getByRole("radio", { name: "Daily digest" })).toBeChecked();

  await responses.getByRole("radio", { name: "Never" }).check();
  await expect(page.getByRole("alert").filter({ hasText: "Your e-mail settings have been saved." })).toBeVisible();
  await closeToast(page, "Saved");
  await section.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, "e-mail settings");
  await snap(page, "email-preferences-en");

  await page.reload();
  await expect(responses.getByRole("radio", { name: "Never" })).toBeChecked();
  await expect(digest.getByRole("radio", { name: "Daily digest" })).toBeChecked();
  await switchLanguage(page, "fa");
  await expect(section.getByRole("radiogroup", { name: "پاسخ‌ها به درخواست‌ها و پیشنهادهای من" })).toBeVisible();
  await snap(page, "email-preferences-fa");
  await switchLanguage(page, "en");
});

test("a member signs out from the account menu", async ({ page }) => {
  const PERSON = await login(page, newPerson("Parisa", "Rahimi"));
  await page.goto("/dashboard");
  await expect(page.getByTestId("welcome")).toHaveText(`Welcome, ${PERSON.name}`, { timeout: 60_000 });
  await page.getByTestId("account-menu").click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(hero(page).getByRole("button", { name: "Sign In" })).toBeVisible();
});
