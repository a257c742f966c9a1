/**
 * The Send pages of service-area posts (issue #14; ADR 16): for each of the seven forms a member
 * fills the page in as a person would (pickers, multi-pickers, counters, validity), sends it,
 * lands on the dashboard, and the post is really stored with what was entered (`posts.mine`).
 * Screenshots of every form in English, Persian (RTL) and at phone width. One test shows the
 * client-side validation (empty required fields, a description over 150 words, a price without a
 * currency) before anything is sent; one shows a recruitment form explaining up front that it is
 * for the other user type. axe checks each filled-in form in English and Persian, and one form
 * showing its validation errors.
 *
 * Every test stands on its own: its member is fresh (the `login` fixture).
 */
import type { Page } from "@playwright/test";
import type { PostForm } from "../src/common/posts";
import { expectNoAxeViolations } from "./support/axe";
import {
  apiOf,
  closeDropdown,
  closeToast,
  expect,
  type LoginSpec,
  login,
  makePdf,
  newPerson,
  pick,
  snap,
  switchLanguage,
  test,
} from "./support/fixtures";

type NewPostForm = Exclude<PostForm, "export_services.request" | "consultancy.request">;

interface MyPost {
  area: string;
  kind: string;
  description: string;
  createdAt: string;
  expiresAt: string;
  sector: string | null;
  countries: string[];
  sectors: string[];
  activityType: string | null;
  subActivity: string | null;
  productId: number | null;
  countryCode: string | null;
  attachmentName: string | null;
  details: Record<string, unknown>;
  status: string;
}

const PATHS: Record<NewPostForm, string> = {
  "collaboration.request": "/collaboration/send-request",
  "collaboration.offer": "/collaboration/send-offer",
  "export_services.offer": "/export-services/send-offer",
  "information.request": "/information/send-request",
  "information.offer": "/information/send-offer",
  "recruitment.request": "/recruitment/send-request",
  "recruitment.offer": "/recruitment/send-offer",
};

const TITLES: Record<NewPostForm, string> = {
  "collaboration.request": "Look for a partner",
  "collaboration.offer": "Propose a partnership",
  "export_services.offer": "Offer an export service",
  "information.request": "Ask for information",
  "information.offer": "Offer information or a document",
  "recruitment.request": "Seek a position",
  "recruitment.offer": "Offer a position",
};

/** Fills `form`'s own fields (not the description or validity); returns what the stored post must show. */
async function fillFields(page: Page, form: NewPostForm): Promise<(post: MyPost) => void> {
  switch (form) {
    case "collaboration.request":
    case "collaboration.offer": {
      await pick(page, "collaboration-kind-select", "Distribution or agency");
      await pick(page, "sector-select", "Agriculture", "agri");
      await pick(page, "product-select", /^Saffron/, "saffr");
      await pick(page, "countries-select", /^Germany/, "germ");
      await pick(page, "countries-select", /^France/, "fran");
      await closeDropdown(page);
      await page.getByTestId("bring").fill("Certified saffron, 20 tonnes a year, and a packing line in Mashhad.");
      await expect(page.getByTestId("bring-count")).toHaveText("12/60 words");
      await page.getByTestId("seek").fill("A distributor with retail contacts in Germany and France.");
      await expect(page.getByTestId("seek-count")).toHaveText("9/60 words");
      return (post) => {
        expect(post.sector).toBe("agriculture");
        expect(post.productId).not.toBeNull();
        expect([...post.countries].sort()).toEqual(["DE", "FR"]);
        expect(post.details).toMatchObject({
          collaborationKind: "distribution_agency",
          bring: "Certified saffron, 20 tonnes a year, and a packing line in Mashhad.",
          seek: "A distributor with retail contacts in Germany and France.",
        });
      };
    }
    case "export_services.offer": {
      await page.getByRole("radio", { name: "Legal" }).check();
      await pick(page, "sub-activity-select", "Arbitration");
      await pick(page, "sectors-select", "Agriculture", "agri");
      await closeDropdown(page);
      await pick(page, "countries-select", /^Germany/, "germ");
      await closeDropdown(page);
      await page.getByRole("checkbox", { name: "Remote" }).check();
      await page.getByRole("checkbox", { name: "On site" }).check();
      await page.getByTestId("price-min").fill("500");
      await page.getByTestId("price-max").fill("2000");
      await pick(page, "currency-select", /\(EUR\)/);
      return (post) => {
        expect(post.activityType).toBe("legal");
        expect(post.subActivity).toBe("arbitration");
        expect(post.sectors).toEqual(["agriculture"]);
        expect(post.countries).toEqual(["DE"]);
        expect(post.details).toMatchObject({
          delivery: ["remote", "on_site"],
          priceMin: 500,
          priceMax: 2000,
          currency: "EUR",
        });
      };
    }
    case "information.request":
    case "information.offer": {
      await pick(page, "information-kind-select", "Regulations");
      await pick(page, "country-select", /^Germany/, "germ");
      await pick(page, "sector-select", "Agriculture", "agri");
      if (form === "information.offer") {
        const attachment = page.getByTestId("attachment");
        const chooser = page.waitForEvent("filechooser");
        await attachment.getByRole("button", { name: "Upload file" }).click();
        await (await chooser).setFiles({
          name: "eu-saffron-rules.pdf",
          mimeType: "application/pdf",
          buffer: makePdf("EU rules for saffron"),
        });
        await closeToast(page, "File uploaded successfully");
        await expect(attachment.getByTestId("current-file")).toHaveText("eu-saffron-rules.pdf");
      }
      return (post) => {
        expect(post.countries).toEqual(["DE"]);
        expect(post.sectors).toEqual(["agriculture"]);
        expect(post.details).toMatchObject({ informationKind: "regulations" });
        expect(post.attachmentName).toBe(form === "information.offer" ? "eu-saffron-rules.pdf" : null);
      };
    }
    case "recruitment.request":
    case "recruitment.offer": {
      await pick(page, "expertise-area-select", "Marketing");
      await pick(page, "employment-type-select", "Full-time");
      // Typed as on a Persian keyboard: the number input takes "۶" as 6.
      await page.getByTestId("years-input").pressSequentially("۶");
      await expect(page.getByTestId("years-input")).toHaveValue("6");
      await pick(page, "languages-select", "Persian", "pers");
      await pick(page, "languages-select", "English", "engl");
      await closeDropdown(page);
      await pick(page, "countries-select", /^Germany/, "germ");
      await closeDropdown(page);
      if (form === "recruitment.offer") {
        await page.getByTestId("city-input").fill("Hamburg");
        await pick(page, "workplace-select", "On site");
      }
      return (post) => {
        expect(post.countries).toEqual(["DE"]);
        expect(post.details).toMatchObject({
          expertiseArea: "marketing",
          employmentType: "full_time",
          years: 6,
          languages: ["fa", "en"],
          ...(form === "recruitment.offer" ? { city: "Hamburg", workplace: "on_site" } : {}),
        });
      };
    }
  }
}

const FORMS = Object.keys(PATHS) as NewPostForm[];

test.describe("service-area Send pages", () => {
  for (const form of FORMS) {
    test(`${form}: a member fills the form in, sends it, and the post is stored`, async ({ page }) => {
      test.setTimeout(180_000);
      const spec: LoginSpec = {
        ...newPerson("Nima", "Rostami"),
        activities: ["exporter", "export_service_provider"],
        countries: ["DE"],
        sectors: ["agriculture"],
        userType: form === "recruitment.offer" ? "organization" : "individual",
        expertiseAreas: ["marketing"],
      };
      const account = await login(page, spec);
      await page.goto(PATHS[form]);
      await expect(page.getByRole("heading", { level: 1, name: TITLES[form] })).toBeVisible({ timeout: 60_000 });

      const check = await fillFields(page, form);
      const description = `Test post for ${form}: saffron exports to Germany, ${Date.now()}.`;
      await page.getByTestId("description").fill(description);
      const words = description.split(/\s+/).length;
      await expect(page.getByTestId("word-count")).toHaveText(`${words}/150 words`);
      await pick(page, "validity-select", "60 days");

      await snap(page, `post-form-${form}-en`);
      await expectNoAxeViolations(page, `${form}, filled in (en)`);
      await switchLanguage(page, "fa");
      await expect(page.getByTestId("word-count")).toContainText("۱۵۰");
      await snap(page, `post-form-${form}-fa`);
      await expectNoAxeViolations(page, `${form}, filled in (fa)`);
      await switchLanguage(page, "en");
      await page.setViewportSize({ width: 390, height: 844 });
      await snap(page, `post-form-${form}-phone-en`);
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.getByTestId("send-post").click();
      // The toast shows as the page leaves for the dashboard (it closes by itself a few seconds later).
      await expect(page.getByRole("alert").filter({ hasText: "Your post has been sent successfully!" })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

      const mine = await apiOf(page.request, account).query<{ items: MyPost[] }>("posts.mine", {});
      expect(mine.items).toHaveLength(1);
      const post = mine.items[0] as MyPost;
      const [area, kind] = form.split(".");
      expect(post.area).toBe(area);
      expect(post.kind).toBe(kind);
      expect(post.description).toBe(description);
      expect(post.status).toBe("active");
      const days = (Date.parse(post.expiresAt) - Date.parse(post.createdAt)) / 86_400_000;
      expect(days).toBeCloseTo(60, 2);
      check(post);
    });
  }

  test("the export-services request has the same validity choice, and it is stored", async ({ page }) => {
    test.setTimeout(120_000);
    const account = await login(page, { ...newPerson("Omid", "Farahani"), activities: ["exporter"] });
    await page.goto("/export-services/send-request");
    await expect(page.getByRole("heading", { level: 1, name: "Export Services Request" })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByTestId("validity-select")).toHaveValue("30 days");
    await pick(page, "sector-select", "Agriculture", "agri");
    await page.getByRole("radio", { name: "Commercial" }).check();
    await pick(page, "sub-activity-select", "Logistics and Transportation");
    const description = `Need a freight forwarder for saffron to Hamburg, ${Date.now()}.`;
    await page.getByTestId("description").fill(description);
    await expect(page.getByTestId("word-count")).toHaveText(`${description.split(/\s+/).length}/30 words`);
    await page.getByRole("radio", { name: "Urgent" }).check();
    await pick(page, "validity-select", "14 days");
    await page.getByRole("button", { name: "Send Request" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

    const mine = await apiOf(page.request, account).query<{ items: MyPost[] }>("posts.mine", {});
    const post = mine.items.find((p) => p.description === description);
    expect(post?.area).toBe("export_services");
    expect(post?.kind).toBe("request");
    const days = (Date.parse(post?.expiresAt ?? "") - Date.parse(post?.createdAt ?? "")) / 86_400_000;
    expect(days).toBeCloseTo(14, 2);
  });

  test("the forms show their validation messages before anything is sent", async ({ page }) => {
    test.setTimeout(120_000);
    const account = await login(page, { ...newPerson("Leila", "Ahmadi"), activities: ["export_service_provider"] });
    const api = apiOf(page.request, account);

    await page.goto(PATHS["export_services.offer"]);
    await expect(page.getByRole("heading", { level: 1, name: TITLES["export_services.offer"] })).toBeVisible({
      timeout: 60_000,
    });
    // A price without a currency, and a description one word over its 150.
    await page.getByTestId("price-min").fill("100");
    const tooLong = Array.from({ length: 151 }, (_, i) => `word${i + 1}`).join(" ");
    await page.getByTestId("description").fill(tooLong);
    await expect(page.getByTestId("word-count")).toHaveText("151/150 words");
    const formBox = page.locator("form[data-request-form]");
    await expect(formBox.getByText("Please limit your description to 150 words or less.")).toBeVisible();
    await page.getByTestId("send-post").click();
    await expect(formBox.getByText("Please select an activity type")).toBeVisible();
    await expect(formBox.getByText("Please select at least one sector or country you serve.")).toBeVisible();
    await expect(formBox.getByText("Please select how you deliver the service.")).toBeVisible();
    await expect(formBox.getByText("Please select a currency for the price.")).toBeVisible();
    // The first error is also a toast; the page stays.
    await expect(page.getByRole("alert").filter({ hasText: "Please select an activity type" })).toBeVisible();
    await expect(page).toHaveURL(/\/export-services\/send-offer$/);
    await snap(page, "post-form-validation-en");
    // Field errors are red 9 (theme.ts), so the error state passes axe too.
    await expectNoAxeViolations(page, "export services offer with its validation errors");

    // The collaboration form: every required field empty.
    await page.goto(PATHS["collaboration.request"]);
    await expect(page.getByRole("heading", { level: 1, name: TITLES["collaboration.request"] })).toBeVisible();
    await page.getByTestId("send-post").click();
    const collab = page.locator("form[data-request-form]");
    await expect(collab.getByText("Please select a kind of partnership.")).toBeVisible();
    await expect(collab.getByText("Please select an industrial sector.")).toBeVisible();
    await expect(collab.getByText("Please select at least one target country.")).toBeVisible();
    await expect(collab.getByText("Please describe what you bring.")).toBeVisible();
    await expect(collab.getByText("Please describe what you seek.")).toBeVisible();
    await expect(collab.getByText("Please describe your post.")).toBeVisible();

    const mine = await api.query<{ items: MyPost[] }>("posts.mine", {});
    expect(mine.items, "nothing was sent").toHaveLength(0);
  });

  test("a recruitment form says up front when it is for the other user type", async ({ page }) => {
    test.setTimeout(90_000);
    await login(page, { ...newPerson("Sara", "Karimi"), userType: "individual", expertiseAreas: ["legal"] });
    await page.goto(PATHS["recruitment.offer"]);
    await expect(page.getByRole("heading", { level: 1, name: TITLES["recruitment.offer"] })).toBeVisible({
      timeout: 60_000,
    });
    const notice = page.getByTestId("user-type-notice");
    await expect(notice).toContainText("Only organization members can offer a position.");
    await expect(page.getByTestId("send-post")).toHaveCount(0);
    await notice.getByRole("link", { name: "Seek a position" }).click();
    await expect(page).toHaveURL(/\/recruitment\/send-request$/);
    await expect(page.getByTestId("send-post")).toBeVisible();
  });
});
