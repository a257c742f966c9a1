import { beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n";
import {
  errorUnder,
  liveCompletion,
  type OwnProfile,
  toUpdateInput,
  validateProfile,
  valuesFromProfile,
} from "./model";

beforeAll(() => {
  i18n.loadAndActivate({ locale: "en", messages: {} });
});

const PHOTO = {
  id: "0b7e3c1e-2f4a-4d7b-9a56-7f1f6c0d2a11",
  fileName: "me.jpg",
  sizeBytes: 2048,
  contentType: "image/jpeg",
  url: "/api/files/0b7e3c1e-2f4a-4d7b-9a56-7f1f6c0d2a11",
};

/** A profile as `profile.get` returns it (only what the form reads). */
function profile(overrides: Partial<Record<string, unknown>> = {}): OwnProfile {
  return {
    name: "Arash Tehrani",
    email: "arash@example.com",
    mobile: "",
    whatsapp: "",
    postalAddress: "",
    postalCode: "",
    linkedinUrl: "",
    expertiseAreas: ["marketing"],
    yearsExportExperience: 3,
    certificates: ["ISO 22000"],
    industrialSectors: ["agriculture"],
    targetCountries: ["DE"],
    activitySelections: { mainCategories: ["A"], details: { A: ["regular"], B: ["b1_logistics"] } },
    photo: { ...PHOTO, extra: "not copied" },
    attachment: null,
    ...overrides,
  } as unknown as OwnProfile;
}

describe("valuesFromProfile", () => {
  it("copies the lists, keeps only the file fields and drops details of unselected categories", () => {
    const p = profile();
    const v = valuesFromProfile(p);
    expect(v.photo).toEqual(PHOTO);
    expect(v.attachment).toBeNull();
    expect(v.activitySelections).toEqual({ mainCategories: ["A"], details: { A: ["regular"] } });
    v.certificates.push("HACCP");
    expect(p.certificates).toEqual(["ISO 22000"]);
  });

  it("reads a profile without activity selections as none", () => {
    expect(valuesFromProfile(profile({ activitySelections: null })).activitySelections).toEqual({
      mainCategories: [],
      details: {},
    });
  });
});

describe("toUpdateInput", () => {
  it("sends the files' ids only, and no details of unselected categories", () => {
    const v = valuesFromProfile(profile());
    v.activitySelections = { mainCategories: [], details: { A: ["regular"] } };
    const input = toUpdateInput(v);
    expect(input.photoUploadId).toBe(PHOTO.id);
    expect(input.attachmentUploadId).toBeNull();
    expect(input.activitySelections).toEqual({ mainCategories: [], details: {} });
    expect(input).not.toHaveProperty("photo");
  });

  it("sends the numbers as typed on a Persian keyboard in Latin digits, without spaces or dashes", () => {
    const v = { ...valuesFromProfile(profile()), mobile: "+۹۸ ۹۱۲ ۱۲۳-۴۵۶۷", whatsapp: "" };
    expect(toUpdateInput(v)).toMatchObject({ mobile: "+989121234567", whatsapp: "" });
    expect(validateProfile(v)).toEqual({});
  });
});

describe("validateProfile", () => {
  it("accepts the stored profile and refuses what the server would, in the server's words", () => {
    const v = valuesFromProfile(profile());
    expect(validateProfile(v)).toEqual({});
    expect(validateProfile({ ...v, mobile: "call me" })).toEqual({ mobile: "Please enter a valid phone number" });
  });

  it("reports errors inside a list under the list's key path", () => {
    const v = valuesFromProfile(profile());
    const errors = validateProfile({ ...v, certificates: ["ok", "   "] });
    expect(errorUnder(errors, "certificates")).toBeTruthy();
    expect(errorUnder(errors, "name")).toBeUndefined();
  });
});

describe("liveCompletion", () => {
  it("moves as fields fill; blank text does not count", () => {
    const v = valuesFromProfile(profile());
    const before = liveCompletion(v, "arash@example.com");
    expect(before.missing).toContain("mobile");
    expect(liveCompletion({ ...v, mobile: "   " }, "arash@example.com").percent).toBe(before.percent);
    const after = liveCompletion({ ...v, mobile: "+98 912 345 6789" }, "arash@example.com");
    expect(after.percent).toBeGreaterThan(before.percent);
    expect(after.missing).not.toContain("mobile");
  });
});

describe("errorUnder", () => {
  it("finds the field's own error first, then one of its items", () => {
    expect(errorUnder({ certificates: "Too many", "certificates.1": "Empty" }, "certificates")).toBe("Too many");
    expect(errorUnder({ "certificates.1": "Empty" }, "certificates")).toBe("Empty");
    expect(errorUnder({ "certificatesX.1": "Other" }, "certificates")).toBeUndefined();
  });
});
