/**
 * Profile Settings over HTTP against a real database (spec part 2 §2, §4, §5): every validation
 * of Update Profile with its message and nothing changed by bad input, the completion
 * percentage, the photo limit and pruning of activity details.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import type { ProfileUpdateInput } from "../../common/profile";
import { type Actor, createTestApp, padTo, SAMPLE_FILES, type TestApp, uploadFile } from "../../test/app";
import { profiles } from "../db/schema";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

type OwnProfile = {
  userId: string;
  email: string;
  name: string;
  mobile: string;
  whatsapp: string;
  postalAddress: string;
  postalCode: string;
  linkedinUrl: string;
  expertiseAreas: string[];
  yearsExportExperience: number;
  certificates: string[];
  industrialSectors: string[];
  targetCountries: string[];
  activitySelections: { mainCategories: string[]; details: Record<string, string[]> };
  photo: { id: string; fileName: string; sizeBytes: number; contentType: string; url: string } | null;
  attachment: { id: string; fileName: string; sizeBytes: number; contentType: string; url: string } | null;
  completion: { percent: number; missing: string[] };
};

/** The Update Profile form as an empty profile sends it (name only). */
function emptyForm(name: string): ProfileUpdateInput {
  return {
    name,
    mobile: "",
    whatsapp: "",
    postalAddress: "",
    postalCode: "",
    linkedinUrl: "",
    expertiseAreas: [],
    yearsExportExperience: 0,
    certificates: [],
    industrialSectors: [],
    targetCountries: [],
    activitySelections: { mainCategories: [], details: {} },
    photoUploadId: null,
    attachmentUploadId: null,
  };
}

async function profileRow(userId: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row!;
}

async function getProfile(token: string | null): Promise<OwnProfile> {
  const res = await t.query<OwnProfile>("profile.get", undefined, { token });
  expect(res.status).toBe(200);
  return res.data!;
}

async function upload(token: string | null, purpose: string, fileName: string, content: Buffer): Promise<string> {
  const res = await uploadFile(t, { token, purpose, fileName, content });
  expect(res.status).toBe(201);
  return res.json!.id as string;
}

describe("profile.update validations", () => {
  let m: Actor;
  let valid: ProfileUpdateInput;

  beforeAll(async () => {
    m = await t.actor("member", { user: { name: "Validation Member" } });
    valid = {
      ...emptyForm("Validation Member"),
      mobile: "+989121234567",
      whatsapp: "989121234567",
      linkedinUrl: "https://www.linkedin.com/in/validation",
      yearsExportExperience: 3,
      certificates: ["ISO 9001"],
      targetCountries: ["DE"],
      activitySelections: { mainCategories: ["A"], details: { A: ["regular"] } },
    };
    // A valid profile to start from: every refused update below must leave it as it is.
    const saved = await t.mutation("profile.update", valid, { token: m.token });
    expect(saved.status).toBe(200);
  });

  /** Sends `valid` with `change` and expects BAD_REQUEST `message`, with the stored profile unchanged. */
  async function expectRefused(change: Partial<ProfileUpdateInput>, message: string, field?: string) {
    const before = await profileRow(m.user!.id);
    const res = await t.mutation("profile.update", { ...valid, ...change }, { token: m.token });
    expect(res.status, JSON.stringify(change)).toBe(400);
    expect(res.error?.data.code).toBe("BAD_REQUEST");
    expect(res.error?.message, JSON.stringify(change)).toBe(message);
    if (field) expect(res.error?.data.fieldErrors?.[field]).toContain(message);
    expect(await profileRow(m.user!.id)).toEqual(before);
  }

  it("an invalid phone number: 'Please enter a valid phone number'", async () => {
    for (const mobile of ["12ab", "0123456789", "+", "1", "+98 912 123 4567", "1234567890123456"]) {
      await expectRefused({ mobile }, "Please enter a valid phone number", "mobile");
    }
  });

  it("an invalid WhatsApp number: 'Please enter a valid WhatsApp number'", async () => {
    for (const whatsapp of ["+0123", "whatsapp", "98-912-123"]) {
      await expectRefused({ whatsapp }, "Please enter a valid WhatsApp number", "whatsapp");
    }
  });

  it("more than two main categories (or one twice): 'Maximum of 2 categories selected'", async () => {
    await expectRefused(
      { activitySelections: { mainCategories: ["A", "B", "C"], details: {} } },
      "Maximum of 2 categories selected",
    );
    await expectRefused({ activitySelections: { mainCategories: ["A", "A"], details: {} } }, Msg.maxCategories);
  });

  it("details of an unselected category, or not of their category, are refused", async () => {
    await expectRefused(
      { activitySelections: { mainCategories: ["A"], details: { A: ["regular"], B: ["b3_logistics"] } } },
      Msg.invalidActivityDetail,
    );
    await expectRefused(
      { activitySelections: { mainCategories: ["A"], details: { B: [] } } },
      Msg.invalidActivityDetail,
    );
    await expectRefused(
      { activitySelections: { mainCategories: ["A", "D"], details: { A: ["expert"] } } },
      Msg.invalidActivityDetail,
    );
  });

  it("years of experience outside the list: 'Please choose your years of export experience'", async () => {
    for (const yearsExportExperience of [7, 11, 25, -1]) {
      await expectRefused({ yearsExportExperience }, Msg.invalidExperience, "yearsExportExperience");
    }
  });

  it("an empty certificate: 'Please enter a certificate or appraisal'", async () => {
    await expectRefused({ certificates: ["ISO 9001", "   "] }, "Please enter a certificate or appraisal");
    await expectRefused({ certificates: [""] }, Msg.certificateRequired);
  });

  it("a LinkedIn address that is not an https linkedin.com one is refused", async () => {
    for (const linkedinUrl of [
      "linkedin.com/in/ada",
      "http://www.linkedin.com/in/ada",
      "https://notlinkedin.com/in/ada",
      "https://evil.example/linkedin.com/in/ada",
      "javascript:alert(1)",
    ]) {
      await expectRefused({ linkedinUrl }, Msg.invalidLinkedin, "linkedinUrl");
    }
  });

  it("an unknown country code: 'Please choose a country from the list'", async () => {
    await expectRefused({ targetCountries: ["DE", "ZZ"] }, "Please choose a country from the list");
    await expectRefused({ targetCountries: ["de"] }, Msg.invalidCountry);
    await expectRefused({ targetCountries: ["DEU"] }, Msg.invalidCountry);
  });

  it("a name too short is refused", async () => {
    await expectRefused({ name: " A " }, Msg.nameTooShort, "name");
  });

  it("someone else's upload, an upload of another purpose or an unknown id: 'Please choose a file you uploaded for this field.'", async () => {
    const other = await t.actor("member");
    const othersPhoto = await upload(other.token, "profile_photo", "other.png", SAMPLE_FILES.png);
    const othersCv = await upload(other.token, "profile_attachment", "other.pdf", SAMPLE_FILES.pdf);
    const myCv = await upload(m.token, "profile_attachment", "mine.pdf", SAMPLE_FILES.pdf);
    const myPhoto = await upload(m.token, "profile_photo", "mine.png", SAMPLE_FILES.png);
    const myGeneric = await upload(m.token, "attachment", "generic.pdf", SAMPLE_FILES.pdf);
    const message = "Please choose a file you uploaded for this field.";
    await expectRefused({ photoUploadId: othersPhoto }, message);
    await expectRefused({ attachmentUploadId: othersCv }, message);
    await expectRefused({ photoUploadId: myCv }, message);
    await expectRefused({ attachmentUploadId: myPhoto }, message);
    await expectRefused({ attachmentUploadId: myGeneric }, message);
    await expectRefused({ photoUploadId: "00000000-0000-4000-8000-000000000000" }, message);
    // Its own files of the right purpose are fine.
    const ok = await t.mutation<OwnProfile>(
      "profile.update",
      { ...valid, photoUploadId: myPhoto, attachmentUploadId: myCv },
      { token: m.token },
    );
    expect(ok.status).toBe(200);
    expect(ok.data?.photo).toMatchObject({ id: myPhoto, fileName: "mine.png", url: `/api/files/${myPhoto}` });
    expect(ok.data?.attachment).toMatchObject({ id: myCv, fileName: "mine.pdf", contentType: "application/pdf" });
    // Back to the starting point for the other cases.
    expect((await t.mutation("profile.update", valid, { token: m.token })).status).toBe(200);
  });

  it("a photo over 1 MB is refused by the server and the profile keeps no photo", async () => {
    const res = await uploadFile(t, {
      token: m.token,
      purpose: "profile_photo",
      fileName: "large.jpg",
      content: padTo(SAMPLE_FILES.jpeg, 1024 * 1024 + 200 * 1024),
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: { code: "PAYLOAD_TOO_LARGE", message: Msg.photoTooLarge } });
    expect((await getProfile(m.token)).photo).toBeNull();
  });

  it("pending and anonymous callers cannot read or update a profile", async () => {
    const pending = await t.actor("pending");
    expect((await t.query("profile.get", undefined, { token: pending.token })).status).toBe(403);
    const before = await profileRow(pending.user!.id);
    const res = await t.mutation("profile.update", emptyForm("Sneaky Name"), { token: pending.token });
    expect(res.status).toBe(403);
    expect(await profileRow(pending.user!.id)).toEqual(before);
    expect((await t.mutation("profile.update", emptyForm("Nobody"))).status).toBe(401);
  });
});

describe("saving and the completion percentage", () => {
  it("a new profile with only name and e-mail is 15 %; WhatsApp and postal code do not count", async () => {
    const m = await t.actor("member");
    const p = await getProfile(m.token);
    expect(p).toMatchObject({
      userId: m.user!.id,
      email: m.user!.email,
      name: m.user!.name,
      mobile: "",
      photo: null,
      attachment: null,
      completion: { percent: 15 },
    });
    expect(p.completion.missing).toEqual([
      "photo",
      "mobile",
      "postalAddress",
      "linkedin",
      "expertise",
      "experience",
      "certificates",
      "sectors",
      "countries",
      "activity",
      "attachment",
    ]);
    const res = await t.mutation<OwnProfile>(
      "profile.update",
      { ...emptyForm(m.user!.name), whatsapp: "+441234567890", postalCode: "1234" },
      { token: m.token },
    );
    expect(res.data?.completion.percent).toBe(15);
    expect(res.data).toMatchObject({ whatsapp: "+441234567890", postalCode: "1234" });
  });

  it("a partial profile: 6 of 13 items is 46 %", async () => {
    const m = await t.actor("member");
    const res = await t.mutation<OwnProfile>(
      "profile.update",
      {
        ...emptyForm(m.user!.name),
        mobile: " +989121234567 ",
        postalAddress: "  1 Export Street  ",
        linkedinUrl: "https://linkedin.com/in/partial",
        expertiseAreas: ["legal"],
      },
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(res.data?.completion).toEqual({
      percent: 46,
      missing: ["photo", "experience", "certificates", "sectors", "countries", "activity", "attachment"],
    });
    // Trimmed on the way in.
    expect(res.data).toMatchObject({ mobile: "+989121234567", postalAddress: "1 Export Street" });
    expect((await getProfile(m.token)).completion.percent).toBe(46);
  });

  it("a complete profile is 100 % and everything saved reads back", async () => {
    const m = await t.actor("member");
    const photo = await upload(m.token, "profile_photo", "portrait.jpg", SAMPLE_FILES.jpeg);
    const cv = await upload(m.token, "profile_attachment", "catalogue.pdf", SAMPLE_FILES.pdf);
    const full: ProfileUpdateInput = {
      name: "  Complete Member  ",
      mobile: "+989121234567",
      whatsapp: "+989121234568",
      postalAddress: "1 Export Street, Tehran",
      postalCode: "1234567890",
      linkedinUrl: "https://www.linkedin.com/in/complete",
      expertiseAreas: ["marketing", "commercial"],
      yearsExportExperience: 10,
      certificates: [" ISO 9001 ", "HACCP"],
      industrialSectors: ["food_beverages", "agriculture"],
      targetCountries: ["DE", "FR", "DE"],
      activitySelections: {
        mainCategories: ["A", "B"],
        details: { A: ["regular"], B: ["b1_trade_fairs", "b3_logistics"] },
      },
      photoUploadId: photo,
      attachmentUploadId: cv,
    };
    const res = await t.mutation<OwnProfile>("profile.update", full, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.data?.completion).toEqual({ percent: 100, missing: [] });
    const p = await getProfile(m.token);
    expect(p).toMatchObject({
      name: "Complete Member",
      email: m.user!.email,
      mobile: "+989121234567",
      whatsapp: "+989121234568",
      postalAddress: "1 Export Street, Tehran",
      postalCode: "1234567890",
      linkedinUrl: "https://www.linkedin.com/in/complete",
      expertiseAreas: ["marketing", "commercial"],
      yearsExportExperience: 10,
      certificates: ["ISO 9001", "HACCP"],
      industrialSectors: ["food_beverages", "agriculture"],
      targetCountries: ["DE", "FR"],
      activitySelections: {
        mainCategories: ["A", "B"],
        details: { A: ["regular"], B: ["b1_trade_fairs", "b3_logistics"] },
      },
      photo: { id: photo, fileName: "portrait.jpg", contentType: "image/jpeg", url: `/api/files/${photo}` },
      attachment: { id: cv, fileName: "catalogue.pdf", contentType: "application/pdf", url: `/api/files/${cv}` },
      completion: { percent: 100, missing: [] },
    });
    const row = await profileRow(m.user!.id);
    expect(row).toMatchObject({ photoUploadId: photo, attachmentUploadId: cv, updatedAt: expect.any(Date) });

    // Clearing optional fields stores nulls, and the percentage drops again.
    const cleared = await t.mutation<OwnProfile>(
      "profile.update",
      { ...full, mobile: "", linkedinUrl: "", photoUploadId: null },
      { token: m.token },
    );
    expect(cleared.data?.completion).toEqual({ percent: 77, missing: ["photo", "mobile", "linkedin"] });
    expect(await profileRow(m.user!.id)).toMatchObject({ mobile: null, linkedinUrl: null, photoUploadId: null });
  });

  it("deselecting a category drops its details on save; empty detail lists are pruned", async () => {
    const m = await t.actor("member");
    const form = emptyForm(m.user!.name);
    await t.mutation(
      "profile.update",
      {
        ...form,
        activitySelections: { mainCategories: ["B", "D"], details: { B: ["b2_contracts"], D: ["manager"] } },
      },
      { token: m.token },
    );
    expect((await profileRow(m.user!.id)).activitySelections).toEqual({
      mainCategories: ["B", "D"],
      details: { B: ["b2_contracts"], D: ["manager"] },
    });
    // B deselected (the form sends no B details), C chosen with no details yet.
    const res = await t.mutation<OwnProfile>(
      "profile.update",
      { ...form, activitySelections: { mainCategories: ["D", "C"], details: { D: ["manager"], C: [] } } },
      { token: m.token },
    );
    expect(res.status).toBe(200);
    expect(res.data?.activitySelections).toEqual({ mainCategories: ["D", "C"], details: { D: ["manager"] } });
    expect((await profileRow(m.user!.id)).activitySelections).toEqual({
      mainCategories: ["D", "C"],
      details: { D: ["manager"] },
    });
  });
});
