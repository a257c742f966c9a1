/**
 * The lists of service-area posts (issue #14; ADR 16): the Received page of every board, My posts
 * and the area filter of Received Offers, driven as their people would drive them.
 *
 * - Sara (an exporter) offers a joint export for Germany; Mina (an organization exporting and
 *   providing export services, Germany) finds it on /collaboration/received-offer, sees its
 *   fields, and answers it; the card leaves her list. Sara finds the answer on /offers/received
 *   filtered by area, reveals the contacts and rates it. On My posts the offer shows its one
 *   response; Sara closes it after confirming (Keep it open first gives the focus back), and it
 *   leaves the list of Leila, who had not answered it.
 * - A post on every board (created through the posters' API sessions; the forms are tested in
 *   their own spec) reaches its receivers: each Received page shows its card and fields, in
 *   English, Persian (RTL) and at phone width, with no axe violation; the dashboard's Received
 *   buttons carry each board's badge.
 *
 * Mina is also a consultant (an export service provider), so a consultation request that no
 * approved service matches reaches her (ADR 17).
 *
 * Screenshots: post-received-<board>-{en,fa,phone-en}, posts-mine-{en,fa,phone-en},
 * offers-received-area-{en,fa,phone-en}.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import {
  apiOf,
  closeToast,
  expect,
  type LoginSpec,
  login,
  newPerson,
  type Someone,
  snap,
  switchLanguage,
  test,
} from "./support/fixtures";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The poster: an individual exporter (recruitment: seeking a position). */
const saraSpec = (): LoginSpec => ({ ...newPerson("Sara", "Rahimi"), activities: ["exporter"], countries: ["FR"] });

/** A receiver of every board but open positions: an organization that exports and provides export services to Germany. */
const minaSpec = (): LoginSpec => ({
  ...newPerson("Mina", "Sadeghi"),
  userType: "organization",
  activities: ["exporter", "export_service_provider"],
  countries: ["DE"],
  sectors: ["agriculture"],
});

const COLLAB = {
  form: "collaboration.offer",
  validityDays: 30,
  collaborationKind: "joint_export",
  sector: "agriculture",
  productId: null,
  countries: ["DE", "AT"],
  bring: "Two tonnes of Grade 1 saffron a year and a Hamburg warehouse.",
  seek: "A partner who sells to German organic retail chains.",
  description: "We propose a joint export of Persian saffron to German and Austrian organic shops, sharing the costs.",
} as const;

const RESPONSE = "We supply three organic chains in Bavaria and would gladly share a stand at BIOFACH.";

/** Snapshots of the page as it is now: English, Persian, and English at phone width. */
async function snapThree(page: Page, name: string, check: () => Promise<void>): Promise<void> {
  await check();
  await snap(page, `${name}-en`);
  await switchLanguage(page, "fa");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await snap(page, `${name}-fa`);
  await switchLanguage(page, "en");
  await page.setViewportSize(PHONE);
  await check();
  await snap(page, `${name}-phone-en`);
  await page.setViewportSize(DESKTOP);
}

test.describe("service-area post lists", () => {
  test("an offer is answered, the answer found by area and rated, and the offer closed from My posts", async ({
    page,
    browserOf,
    someone,
  }) => {
    test.setTimeout(240_000);
    const SARA = await login(page, saraSpec());
    const sara = apiOf(page.request, SARA);
    const offer = await sara.mutate<{ id: number }>("posts.create", COLLAB);
    const leila = await someone({ ...newPerson("Leila", "Ahmadi"), activities: ["exporter"], countries: ["AT"] });

    // Mina finds the offer on her Received page.
    const minaPage = await browserOf();
    const MINA = await login(minaPage, minaSpec());
    await minaPage.goto("/dashboard");
    const collab = minaPage.getByTestId("service-group-collaboration");
    await expect(collab.getByRole("link", { name: /Received/ }).first()).toHaveAttribute(
      "href",
      "/collaboration/received-offer",
      { timeout: 60_000 },
    );
    await collab
      .getByRole("link", { name: /Received/ })
      .first()
      .click();
    await expect(minaPage).toHaveURL(/\/collaboration\/received-offer$/);
    await expect(minaPage.getByRole("heading", { level: 1, name: "Partnership offers" })).toBeVisible();
    const card = minaPage.getByTestId("request-card").filter({ hasText: SARA.name });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("kind-badge")).toHaveText("Joint export");
    await expect(card.getByTestId("request-description")).toHaveText(COLLAB.description);
    await expect(card.getByTestId("post-bring")).toHaveText(COLLAB.bring);
    await expect(card.getByTestId("post-seek")).toHaveText(COLLAB.seek);
    await expect(card.getByTestId("post-countries")).toHaveText(/Austria, Germany|Germany, Austria/);
    await expect(card).toContainText("Sector: Agriculture");
    await expect(card.getByTestId("post-expiry")).toContainText("open until");

    // She answers it; the card leaves her list.
    await card.getByRole("button", { name: "Respond to Offer" }).click();
    const dialog = minaPage.getByRole("dialog", { name: "Respond to Offer" });
    await expect(dialog.getByTestId("respond-request")).toContainText(COLLAB.description);
    await dialog.getByRole("textbox", { name: "Your response" }).fill(RESPONSE);
    await dialog.getByRole("textbox", { name: "Email" }).fill(MINA.email);
    await dialog.getByRole("button", { name: "Send Response" }).click();
    await expect(minaPage.getByRole("alert").filter({ hasText: "Response Sent" })).toContainText(
      "Your response has been sent to the member who made the offer",
    );
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);

    // Sara finds it among her responses, filtered by area.
    await page.goto("/offers/received");
    await expect(page.getByRole("heading", { level: 1, name: "Received Offers" })).toBeVisible({ timeout: 60_000 });
    await page.getByRole("combobox", { name: "Service area" }).click();
    await page.getByRole("option", { name: "Recruitment and placement" }).click();
    await expect(page).toHaveURL(/area=recruitment/);
    await expect(page.getByTestId("offers-empty")).toContainText("No responses in this area");
    await page.getByRole("combobox", { name: "Service area" }).click();
    await page.getByRole("option", { name: "Collaboration and partnership" }).click();
    await expect(page).toHaveURL(/area=collaboration/);
    const answer = page.getByTestId("offer-card").filter({ hasText: MINA.name });
    await expect(answer.getByTestId("offer-area")).toHaveText("Collaboration and partnership");
    await expect(answer.getByTestId("offer-kind")).toHaveText("Answers your offer");
    await expect(answer.getByTestId("offer-request")).toHaveText(COLLAB.description);
    await expect(answer.getByTestId("offer-message")).toHaveText(RESPONSE);
    await answer.getByRole("button", { name: "Reveal Contact Details" }).click();
    await expect(answer.getByTestId("contact-details").getByRole("link", { name: MINA.email })).toBeVisible();
    const threeStars = answer.getByRole("radio", { name: "3 stars" });
    await answer.locator(`label[for="${await threeStars.getAttribute("id")}"]`).click();
    await answer.getByRole("button", { name: "Rate", exact: true }).click();
    await expect(answer.getByTestId("offer-rated")).toHaveText("You rated this offer 3 stars");
    await closeToast(page, "Rating submitted");
    await snapThree(page, "offers-received-area", async () => {
      await expect(answer.getByTestId("offer-area")).toBeVisible();
    });

    // Leila, who has not answered, still has it.
    const leilaSees = async () =>
      (await leila.query<{ items: { id: number }[] }>("posts.received", { board: "collaboration.offer" })).items.some(
        (p) => p.id === offer.id,
      );
    expect(await leilaSees()).toBe(true);

    // My posts: the offer with its one response, which links to the responses of its area.
    await page.goto("/posts/mine");
    await expect(page.getByRole("heading", { level: 1, name: "My posts" })).toBeVisible({ timeout: 60_000 });
    const mine = page.getByTestId("my-post").filter({ hasText: COLLAB.description });
    await expect(mine.getByTestId("post-area")).toHaveText("Collaboration and partnership");
    await expect(mine.getByTestId("post-kind")).toHaveText("Offer");
    await expect(mine.getByTestId("post-status")).toHaveText("Active");
    await expect(mine.getByTestId("post-responses")).toHaveText("1 response");
    await expect(mine.getByTestId("post-responses")).toHaveAttribute("href", "/offers/received?area=collaboration");
    await snapThree(page, "posts-mine", async () => {
      await expect(mine.getByTestId("post-status")).toBeVisible();
    });

    // The area filter is in the URL.
    await page.getByRole("combobox", { name: "Service area" }).click();
    await page.getByRole("option", { name: "Information and documents" }).click();
    await expect(page).toHaveURL(/\/posts\/mine\?area=information/);
    await expect(page.getByTestId("my-posts-empty")).toContainText("No posts in this area");
    await page.goto("/posts/mine?area=collaboration");
    await expect(mine).toHaveCount(1, { timeout: 60_000 });

    // Close: "Keep it open" gives the focus back; confirming closes it.
    const close = mine.getByTestId("close-post");
    await close.focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Close this post?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Keep it open" }).click();
    await expect(confirm).toBeHidden();
    await expect(close).toBeFocused();
    await expect(mine.getByTestId("post-status")).toHaveText("Active");
    await close.click();
    await page.getByRole("dialog", { name: "Close this post?" }).getByTestId("close-post-confirm").click();
    await expect(mine.getByTestId("post-status")).toHaveText("Closed");
    await expect(mine.getByTestId("close-post")).toHaveCount(0);
    await closeToast(page, "Post closed");
    await page.reload();
    await expect(mine.getByTestId("post-status")).toHaveText("Closed", { timeout: 60_000 });

    // It has left Leila's list.
    expect(await leilaSees()).toBe(false);
  });

  test("every board's Received page shows its posts, in English, Persian and on a phone", async ({
    page,
    browserOf,
    someone,
  }) => {
    test.setTimeout(480_000);
    const sara = await someone(saraSpec());
    const omid = await someone({
      ...newPerson("Omid", "Farahani"),
      userType: "organization",
      activities: ["exporter"],
    });
    await sara.mutate("memberRequests.submit", {
      productId: null,
      countryCode: "DE",
      requestType: "knowledge_sharing",
      description: "Which labels does retail saffron need in Germany?",
      urgency: "urgent",
    });
    const posts: Record<string, unknown> = {
      "collaboration.offer": COLLAB,
      "collaboration.request": {
        ...COLLAB,
        form: "collaboration.request",
        collaborationKind: "co_marketing",
        description: "Looking for a partner to market pistachios in Germany together.",
      },
      "export_services.request": {
        form: "export_services.request",
        validityDays: 14,
        sector: null,
        countryCode: "DE",
        activityType: "legal",
        subActivity: "arbitration",
        description: "We need an arbitration lawyer for a dispute with a German importer.",
        urgency: "urgent",
      },
      "export_services.offer": {
        form: "export_services.offer",
        validityDays: 60,
        activityType: "marketing",
        subActivity: "market_research",
        sectors: ["agriculture"],
        countries: ["DE"],
        delivery: ["remote", "on_site"],
        priceMin: 1000,
        priceMax: 2500,
        currency: "EUR",
        description: "Market research on German food retail, with buyer lists and price studies.",
      },
      "information.request": {
        form: "information.request",
        validityDays: 30,
        informationKind: "regulations",
        countryCode: "DE",
        sector: null,
        productId: null,
        description: "Who has the current German rules on labelling dried fruit?",
      },
      "information.offer": {
        form: "information.offer",
        validityDays: 30,
        informationKind: "market_report",
        countryCode: "DE",
        sector: "agriculture",
        productId: null,
        description: "Our 2026 report on the German nut market, free for members.",
        attachmentUploadId: null,
      },
      // No approved service offers finance training for Germany: it reaches every consultant (ADR 17).
      "consultancy.request": {
        form: "consultancy.request",
        requestType: "training",
        exportService: "finance_payment",
        inPerson: true,
        online: true,
        city: "Hamburg",
        country: "DE",
        sector: "agriculture",
        targetCountry: "DE",
        startDate: "2027-03-01",
        finishDate: "2027-03-03",
        description: "Letters of credit for our first shipments to Germany.",
      },
      "recruitment.request": {
        form: "recruitment.request",
        validityDays: 90,
        expertiseArea: "marketing",
        employmentType: "full_time",
        years: 6,
        countries: ["DE"],
        languages: ["fa", "de", "en"],
        description: "Export marketer with six years in German food retail, looking for a full-time role.",
      },
    };
    for (const input of Object.values(posts)) await sara.mutate("posts.create", input);
    await omid.mutate("posts.create", {
      form: "recruitment.offer",
      validityDays: 30,
      expertiseArea: "marketing",
      employmentType: "temporary",
      years: 3,
      countries: ["DE"],
      languages: ["de"],
      city: "Hamburg",
      workplace: "on_site",
      description: "We hire an export marketer for six months for our Hamburg office.",
    });

    // Mina sees every board but open positions; Reza (an individual marketer) sees those.
    await login(page, minaSpec());
    const rezaPage = await browserOf();
    await login(rezaPage, { ...newPerson("Reza", "Karimi"), expertiseAreas: ["marketing"] });

    // The dashboard's Received buttons carry each board's badge.
    await page.goto("/dashboard");
    const info = page.getByTestId("service-group-information");
    await expect(info.getByRole("link", { name: /Received/ })).toHaveCount(2, { timeout: 60_000 });
    await expect(info.getByRole("link", { name: /Received/ }).first()).toHaveAttribute(
      "href",
      "/information/received-offer",
    );
    await expect(info.getByRole("link", { name: /Received\s*[1-9]/ })).toHaveCount(2);
    await expect(page.getByTestId("my-posts-links").getByRole("link", { name: "My posts" })).toHaveAttribute(
      "href",
      "/posts/mine",
    );

    const boards: { board: string; path: string; title: string; who: Page; poster: Someone; fields: string[] }[] = [
      {
        board: "membership.request",
        path: "/member-request/received",
        title: "Received Member Requests",
        who: page,
        poster: sara,
        fields: ["Knowledge-sharing", "Country: Germany"],
      },
      {
        board: "collaboration.request",
        path: "/collaboration/received-request",
        title: "Partnership requests",
        who: page,
        poster: sara,
        fields: ["Co-marketing", "Target countries:", "They bring:"],
      },
      {
        board: "collaboration.offer",
        path: "/collaboration/received-offer",
        title: "Partnership offers",
        who: page,
        poster: sara,
        fields: ["Joint export", "They seek:"],
      },
      {
        board: "export_services.request",
        path: "/export-services/received-request",
        title: "Export service requests",
        who: page,
        poster: sara,
        fields: ["Urgent", "Country: Germany"],
      },
      {
        board: "export_services.offer",
        path: "/export-services/received-offer",
        title: "Export service offers",
        who: page,
        poster: sara,
        fields: [
          "Sectors served: Agriculture",
          "Countries served: Germany",
          "Delivery: Remote, On site",
          "€1,000 – €2,500",
        ],
      },
      {
        board: "consultancy.request",
        path: "/consultancy/received-request",
        title: "Consultation requests",
        who: page,
        poster: sara,
        fields: [
          "Training",
          "Finance and payment",
          "Session modes: In person, Online",
          "Location: Hamburg, Germany",
          "Target country: Germany",
          "Dates: Mar 1, 2027 – Mar 3, 2027",
        ],
      },
      {
        board: "information.request",
        path: "/information/received-request",
        title: "Information requests",
        who: page,
        poster: sara,
        fields: ["Regulations", "Country: Germany"],
      },
      {
        board: "information.offer",
        path: "/information/received-offer",
        title: "Information offers",
        who: page,
        poster: sara,
        fields: ["Market report", "Sector: Agriculture"],
      },
      {
        board: "recruitment.request",
        path: "/recruitment/received-request",
        title: "Candidates seeking a position",
        who: page,
        poster: sara,
        fields: ["Marketing", "Full-time", "Years of experience: 6", "Languages: Persian, German, English"],
      },
      {
        board: "recruitment.offer",
        path: "/recruitment/received-offer",
        title: "Open positions",
        who: rezaPage,
        poster: omid,
        fields: ["Temporary", "City: Hamburg", "Workplace: On site", "Countries: Germany"],
      },
    ];
    for (const b of boards) {
      const who = b.who;
      await who.goto(b.path);
      await expect(who.getByRole("heading", { level: 1, name: b.title })).toBeVisible({ timeout: 60_000 });
      const card = who.getByTestId("request-card").filter({ hasText: b.poster.name });
      await expect(card, b.board).toHaveCount(1);
      for (const field of b.fields) await expect(card, `${b.board}: ${field}`).toContainText(field);
      await expectNoAxeViolations(who, `${b.path} [en]`);
      await snapThree(who, `post-received-${b.board}`, async () => {
        await expect(card).toBeVisible();
      });
    }

    // In Persian: names of countries and labels in Persian, the page right to left.
    await switchLanguage(page, "fa");
    await page.goto("/export-services/received-offer");
    const card = page.getByTestId("request-card").filter({ hasText: sara.name });
    await expect(card).toContainText("آلمان", { timeout: 60_000 });
    await expect(card).toContainText("کشاورزی");
    await expect(card).not.toContainText("Countries served");
    await expectNoAxeViolations(page, "/export-services/received-offer [fa]");
    await page.goto("/posts/mine");
    await expect(page.getByTestId("my-posts-empty")).toBeVisible({ timeout: 60_000 });
    await expectNoAxeViolations(page, "/posts/mine empty [fa]");
    await switchLanguage(page, "en");
  });
});
