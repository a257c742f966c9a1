/**
 * The member directory over HTTP against a real database: no contact field ever leaves the
 * directory, only approved active members are listed, filters combine and pages hold 24.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIRECTORY_PAGE_SIZE } from "../../common/members";
import { Msg } from "../../common/messages";
import { type Actor, createTestApp, SAMPLE_FILES, type TestApp, type TestUser, uploadFile } from "../../test/app";
import { RESPONSE_CONTACTS, shareInput, submitRequest } from "../../test/fixtures";
import { profiles, users } from "../db/schema";

let t: TestApp;
let admin: Actor;
let viewer: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.actor("admin");
  viewer = await t.actor("member");
});

afterAll(async () => {
  await t?.close();
});

interface DirectoryItem {
  userId: string;
  name: string;
  photoUrl: string | null;
  activities: string[];
  userType: string;
  industrialSectors: string[];
  targetCountries: string[];
  tier: string;
  points: number;
}
interface DirectoryPage {
  items: DirectoryItem[];
  total: number;
  page: number;
  pageSize: number;
}

async function directory(input: Record<string, unknown>, token: string | null = viewer.token) {
  const res = await t.query<DirectoryPage>("members.list", input, { token });
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  return { page: res.data!, raw: res.response.payload };
}

let nameCounter = 0;
/** A member whose name starts with `prefix`, with the given profile fields. */
async function memberWith(
  prefix: string,
  opts: {
    status?: "approved" | "pending" | "rejected";
    suspended?: boolean;
    activities?: ("exporter" | "export_expert" | "export_service_provider")[];
    sectors?: string[];
    countries?: string[];
    tier?: "turquoise" | "silver" | "gold";
    contact?: boolean;
  } = {},
): Promise<TestUser> {
  nameCounter++;
  const user = await t.createUser({
    status: opts.status ?? "approved",
    name: `${prefix} ${String(nameCounter).padStart(3, "0")}`,
  });
  await t.db
    .update(profiles)
    .set({
      activities: opts.activities ?? ["exporter"],
      industrialSectors: opts.sectors ?? [],
      targetCountries: opts.countries ?? [],
      tier: opts.tier ?? "turquoise",
      ...(opts.contact
        ? {
            mobile: `+98912${String(1000000 + nameCounter)}`,
            whatsapp: `+98935${String(1000000 + nameCounter)}`,
            postalAddress: `${nameCounter} Secret Street`,
            postalCode: `PC${nameCounter}X`,
            linkedinUrl: `https://www.linkedin.com/in/secret-${nameCounter}`,
          }
        : {}),
    })
    .where(eq(profiles.userId, user.id));
  if (opts.suspended) {
    await t.db.update(users).set({ suspendedAt: new Date(), suspendedReason: "test" }).where(eq(users.id, user.id));
  }
  return user;
}

const CONTACT_KEYS = [
  "email",
  "mobile",
  "whatsapp",
  "postalAddress",
  "postalCode",
  "linkedinUrl",
  "attachment",
  "attachmentUploadId",
  "attachmentUrl",
  "passwordHash",
];

/** Every key anywhere in `value`. */
function allKeys(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) allKeys(v, into);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      allKeys(v, into);
    }
  }
  return into;
}

describe("members.list (the directory)", () => {
  it("sends no contact field: no e-mail, phone, WhatsApp, address, LinkedIn or attachment", async () => {
    const prefix = "Contactless";
    const a = await memberWith(prefix, { contact: true, sectors: ["mining"], countries: ["DE"] });
    const b = await memberWith(prefix, { contact: true });
    const [pa] = await t.db.select().from(profiles).where(eq(profiles.userId, a.id));
    const { page, raw } = await directory({ search: prefix });
    expect(page.items.map((i) => i.userId).sort()).toEqual([a.id, b.id].sort());
    expect(Object.keys(page.items[0]!).sort()).toEqual([
      "activities",
      "industrialSectors",
      "name",
      "photoUrl",
      "points",
      "rating",
      "readiness",
      "services",
      "targetCountries",
      "tier",
      "userId",
      "userType",
    ]);
    const keys = allKeys(page);
    for (const key of CONTACT_KEYS) expect(keys, key).not.toContain(key);
    for (const user of [a, b]) expect(raw.toLowerCase()).not.toContain(user.email);
    for (const secret of [pa!.mobile, pa!.whatsapp, pa!.postalAddress, pa!.postalCode, pa!.linkedinUrl]) {
      expect(secret).toBeTruthy();
      expect(raw).not.toContain(secret!);
    }
    // Nor when listing everyone, unfiltered.
    const everyone = await directory({});
    for (const key of CONTACT_KEYS) expect(allKeys(everyone.page), key).not.toContain(key);
    for (const user of [a, b, viewer.user!, admin.user!]) expect(everyone.raw.toLowerCase()).not.toContain(user.email);
  });

  it("lists approved members only: pending, rejected and suspended accounts are absent", async () => {
    const prefix = "Visibility";
    const approved = await memberWith(prefix);
    const pending = await memberWith(prefix, { status: "pending" });
    const rejected = await memberWith(prefix, { status: "rejected" });
    const suspended = await memberWith(prefix, { suspended: true });
    const { page } = await directory({ search: prefix });
    expect(page.items.map((i) => i.userId)).toEqual([approved.id]);
    expect(page.total).toBe(1);
    const everyone = (await directory({})).page.items.map((i) => i.userId);
    for (const hidden of [pending, rejected, suspended]) expect(everyone).not.toContain(hidden.id);
  });

  it("filters combine: search, activity, sector, country and tier narrow together", async () => {
    const p = "Filterable";
    const base = {
      activities: ["exporter" as const],
      sectors: ["mining", "energy"],
      countries: ["DE", "FR"],
      tier: "gold" as const,
    };
    const match = await memberWith(p, base);
    const wrongActivity = await memberWith(p, { ...base, activities: ["export_expert"] });
    const wrongSector = await memberWith(p, { ...base, sectors: ["tourism"] });
    const wrongCountry = await memberWith(p, { ...base, countries: ["IR"] });
    const wrongTier = await memberWith(p, { ...base, tier: "silver" });
    const wrongName = await memberWith("Unrelated", base);
    const all = [match, wrongActivity, wrongSector, wrongCountry, wrongTier];

    const ids = async (input: Record<string, unknown>) =>
      (await directory(input)).page.items.map((i) => i.userId).sort();
    const sorted = (list: TestUser[]) => list.map((u) => u.id).sort();

    expect(await ids({ search: p })).toEqual(sorted(all));
    // Search is case-insensitive and a substring; LIKE wildcards are literal.
    expect(await ids({ search: p.toLowerCase().slice(2, 8) })).toEqual(sorted(all));
    expect((await directory({ search: "%" })).page.items).toEqual([]);
    expect((await directory({ search: "Filter_ble" })).page.items).toEqual([]);

    expect(await ids({ search: p, activity: "exporter" })).toEqual(sorted(all.filter((u) => u !== wrongActivity)));
    expect(await ids({ search: p, sector: "mining" })).toEqual(sorted(all.filter((u) => u !== wrongSector)));
    expect(await ids({ search: p, country: "DE" })).toEqual(sorted(all.filter((u) => u !== wrongCountry)));
    expect(await ids({ search: p, tier: "gold" })).toEqual(sorted(all.filter((u) => u !== wrongTier)));
    expect(await ids({ search: p, activity: "exporter", sector: "energy", country: "FR", tier: "gold" })).toEqual([
      match.id,
    ]);
    // Without the search, the other filters still find the unrelated name too.
    const noSearch = await ids({ activity: "exporter", sector: "energy", country: "FR", tier: "gold" });
    expect(noSearch).toEqual(sorted([match, wrongName]));
    expect((await directory({ search: p, tier: "silver", country: "IR" })).page.total).toBe(0);
  });

  it("name search folds Arabic yeh and kaf into their Persian forms and ignores the ZWNJ", async () => {
    // "کریمی‌زاده" stored with Persian letters and a ZWNJ; "علي كاظمي" with Arabic yeh and kaf.
    const persian = await memberWith("\u06a9\u0631\u06cc\u0645\u06cc\u200c\u0632\u0627\u062f\u0647");
    const arabic = await memberWith("\u0639\u0644\u064a \u0643\u0627\u0638\u0645\u064a");
    const found = async (search: string) => (await directory({ search })).page.items.map((i) => i.userId);
    // Typed on an Arabic keyboard, without the ZWNJ.
    expect(await found("\u0643\u0631\u064a\u0645\u064a\u0632\u0627\u062f\u0647")).toEqual([persian.id]);
    // Typed in Persian, with a ZWNJ where the name has none.
    expect(await found("\u06a9\u0627\u0638\u0645\u06cc")).toEqual([arabic.id]);
    expect(await found("\u0639\u0644\u06cc\u200c \u06a9\u0627\u0638")).toEqual([arabic.id]);
    // The admin's member list folds the same way.
    const listed = await t.query<{ items: { userId: string }[] }>(
      "adminMembers.list",
      { search: "\u0639\u0644\u06cc \u06a9\u0627\u0638\u0645\u06cc" },
      { token: admin.token },
    );
    expect(listed.data?.items.map((i) => i.userId)).toEqual([arabic.id]);
  });

  it("an item carries the public fields and the photo URL", async () => {
    const user = await memberWith("Publicfields", { sectors: ["retail"], countries: ["FR"], tier: "silver" });
    const { page } = await directory({ search: "Publicfields" });
    expect(page.items).toEqual([
      {
        userId: user.id,
        name: user.name,
        photoUrl: null,
        activities: ["exporter"],
        userType: "individual",
        industrialSectors: ["retail"],
        targetCountries: ["FR"],
        tier: "silver",
        points: 0,
        rating: { average: null, count: 0 },
        services: [],
        readiness: null,
      },
    ]);

    // With a photo: its download URL, which any approved member may open.
    const withPhoto = await t.actor("member", { user: { name: "Photogenic Member" } });
    const photo = await uploadFile(t, {
      token: withPhoto.token,
      purpose: "profile_photo",
      fileName: "face.png",
      content: SAMPLE_FILES.png,
    });
    expect(photo.status).toBe(201);
    await t.db
      .update(profiles)
      .set({ photoUploadId: photo.json!.id as string })
      .where(eq(profiles.userId, withPhoto.user!.id));
    const [item] = (await directory({ search: "Photogenic" })).page.items;
    expect(item?.photoUrl).toBe(`/api/files/${photo.json!.id}`);
    expect((await t.inject({ url: item!.photoUrl!, token: viewer.token })).statusCode).toBe(200);
  });

  it("pages hold 24 members, by name; total counts every match", async () => {
    const prefix = "Pagemember";
    const created: TestUser[] = [];
    for (let i = 0; i < DIRECTORY_PAGE_SIZE + 3; i++) created.push(await memberWith(prefix));
    const byName = [...created].sort((x, y) => x.name.localeCompare(y.name));

    const first = await directory({ search: prefix });
    expect(first.page).toMatchObject({ page: 1, pageSize: 24, total: 27 });
    expect(first.page.items.map((i) => i.name)).toEqual(byName.slice(0, 24).map((u) => u.name));

    const second = await directory({ search: prefix, page: 2 });
    expect(second.page).toMatchObject({ page: 2, pageSize: 24, total: 27 });
    expect(second.page.items.map((i) => i.userId)).toEqual(byName.slice(24).map((u) => u.id));

    const third = await directory({ search: prefix, page: 3 });
    expect(third.page.items).toEqual([]);
    expect(third.page.total).toBe(27);
  });

  it("is for approved members only; bad filters are refused", async () => {
    expect((await t.query("members.list", {})).status).toBe(401);
    const pending = await t.actor("pending");
    expect((await t.query("members.list", {}, { token: pending.token })).status).toBe(403);
    const bad = await t.query("members.list", { country: "de" }, { token: viewer.token });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe(Msg.invalidCountry);
    expect((await t.query("members.list", { page: 0 }, { token: viewer.token })).status).toBe(400);
    expect((await t.query("members.list", { sector: "spaceships" }, { token: viewer.token })).status).toBe(400);
  });
});

describe("members.get (a member's page, issue #13 §2)", () => {
  it("shows the public profile, the rating with its count and the published knowledge; never contact details", async () => {
    const member = await t.member({ countries: ["FR"], sectors: ["agriculture"], name: "Page Owner" });
    await t.db
      .update(profiles)
      .set({
        mobile: "+989121234567",
        whatsapp: "+989351234567",
        postalAddress: "12 Export Street, Tehran",
        postalCode: "PC-SECRET-1",
        linkedinUrl: "https://www.linkedin.com/in/page-owner-secret",
        activities: ["exporter"],
        expertiseAreas: ["Logistics", "Customs"],
        certificates: ["ISO 9001"],
        yearsExportExperience: 7,
        tier: "silver",
      })
      .where(eq(profiles.userId, member.id));
    // Three ratings of 2 stars: "2.0 (3 ratings)".
    for (let i = 0; i < 3; i++) {
      const requester = await t.member();
      const requestId = await submitRequest(requester, "FR");
      const { id: responseId } = await member.caller.memberRequests.respond({
        requestId,
        message: "We can help.",
        ...RESPONSE_CONTACTS,
      });
      await requester.caller.offers.rate({ responseId, rating: 2 });
    }
    // Knowledge: one published, one pending (not shown), one unpublished (not shown).
    const shared = await member.caller.knowledge.share(shareInput({ title: "Published on my page" }));
    await admin.caller.inbox.review({ id: shared!.id, decision: "approved" });
    await member.caller.knowledge.share(shareInput({ title: "Still pending" }));
    const gone = await member.caller.knowledge.share(shareInput({ title: "Taken down" }));
    await admin.caller.inbox.review({ id: gone!.id, decision: "approved" });
    await admin.caller.library.unpublish({ id: gone!.id, note: "Outdated" });

    const res = await t.query<Record<string, unknown>>("members.get", { userId: member.id }, { token: viewer.token });
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const page = res.data!;
    expect(page).toMatchObject({
      userId: member.id,
      name: "Page Owner",
      photoUrl: null,
      activities: ["exporter"],
      userType: "individual",
      industrialSectors: ["agriculture"],
      targetCountries: ["FR"],
      expertiseAreas: ["Logistics", "Customs"],
      yearsExportExperience: 7,
      certificates: ["ISO 9001"],
      tier: "silver",
      rating: { average: 2, count: 3 },
    });
    expect((page.knowledge as { id: number; title: string }[]).map((k) => k.title)).toEqual(["Published on my page"]);
    const keys = allKeys(page);
    for (const key of CONTACT_KEYS) expect(keys, key).not.toContain(key);
    const raw = res.response.payload;
    for (const secret of [member.email, "+989121234567", "+989351234567", "Export Street", "PC-SECRET-1", "secret"]) {
      expect(raw).not.toContain(secret);
    }
  });

  it("is 404 for pending, rejected, suspended and unknown members, and members only", async () => {
    const pending = await memberWith("Hiddenpage", { status: "pending" });
    const rejected = await memberWith("Hiddenpage", { status: "rejected" });
    const suspended = await memberWith("Hiddenpage", { suspended: true });
    for (const userId of [pending.id, rejected.id, suspended.id, "00000000-0000-4000-8000-000000000000"]) {
      const res = await t.query("members.get", { userId }, { token: viewer.token });
      expect(res.status, userId).toBe(404);
      expect(res.error?.message).toBe(Msg.notFound);
    }
    const shown = await memberWith("Shownpage");
    expect((await t.query("members.get", { userId: shown.id }, { token: viewer.token })).status).toBe(200);
    expect((await t.query("members.get", { userId: shown.id }, { token: null })).status).toBe(401);
    const applicant = await t.actor("pending");
    expect((await t.query("members.get", { userId: shown.id }, { token: applicant.token })).status).toBe(403);
  });
});
