/**
 * Profile rules of spec part 2 §3, §5: the completion percentage (13 equal items, rounded),
 * pruning of activity details and the activity-selection schema, with the spec's messages.
 */
import { describe, expect, it } from "vitest";
import { messagesOf } from "../test/zod";
import { Msg } from "./messages";
import {
  ACTIVITY_CATEGORIES,
  activitySelectionsSchema,
  type CompletionInput,
  certificateSchema,
  linkedinSchema,
  profileCompletion,
  profileUpdateInput,
  pruneActivityDetails,
} from "./profile";

const EMPTY: CompletionInput = {
  name: null,
  email: null,
  photoUploadId: null,
  mobile: null,
  postalAddress: null,
  linkedinUrl: null,
  expertiseAreas: [],
  yearsExportExperience: 0,
  certificates: [],
  industrialSectors: [],
  targetCountries: [],
  activitySelections: { mainCategories: [] },
  attachmentUploadId: null,
};

const FULL: CompletionInput = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  photoUploadId: "11111111-1111-4111-8111-111111111111",
  mobile: "+989121234567",
  postalAddress: "1 Export Street",
  linkedinUrl: "https://www.linkedin.com/in/ada",
  expertiseAreas: ["legal"],
  yearsExportExperience: 6,
  certificates: ["ISO 9001"],
  industrialSectors: ["mining"],
  targetCountries: ["DE"],
  activitySelections: { mainCategories: ["A"] },
  attachmentUploadId: "22222222-2222-4222-8222-222222222222",
};

/** Each item's key and the change that completes it on EMPTY. */
const ITEMS: [string, Partial<CompletionInput>][] = [
  ["name", { name: FULL.name }],
  ["email", { email: FULL.email }],
  ["photo", { photoUploadId: FULL.photoUploadId }],
  ["mobile", { mobile: FULL.mobile }],
  ["postalAddress", { postalAddress: FULL.postalAddress }],
  ["linkedin", { linkedinUrl: FULL.linkedinUrl }],
  ["expertise", { expertiseAreas: FULL.expertiseAreas }],
  ["experience", { yearsExportExperience: FULL.yearsExportExperience }],
  ["certificates", { certificates: FULL.certificates }],
  ["sectors", { industrialSectors: FULL.industrialSectors }],
  ["countries", { targetCountries: FULL.targetCountries }],
  ["activity", { activitySelections: FULL.activitySelections }],
  ["attachment", { attachmentUploadId: FULL.attachmentUploadId }],
];

describe("profileCompletion", () => {
  it("an empty profile is 0 % with all 13 items missing; a full one is 100 %", () => {
    expect(profileCompletion(EMPTY)).toEqual({ percent: 0, missing: ITEMS.map(([k]) => k) });
    expect(profileCompletion(FULL)).toEqual({ percent: 100, missing: [] });
  });

  it("each of the 13 items counts alone for 1/13 (8 %) and is reported missing otherwise", () => {
    for (const [key, change] of ITEMS) {
      const r = profileCompletion({ ...EMPTY, ...change });
      expect(r.percent, key).toBe(8);
      expect(r.missing, key).not.toContain(key);
      expect(r.missing, key).toHaveLength(12);
      // And removing it alone from a full profile costs the same.
      const without = Object.fromEntries(Object.keys(change).map((k) => [k, EMPTY[k as keyof CompletionInput]]));
      expect(profileCompletion({ ...FULL, ...without })).toEqual({ percent: 92, missing: [key] });
    }
  });

  it("rounds to the nearest whole percent: 2 → 15, 3 → 23, 6 → 46, 7 → 54, 12 → 92", () => {
    const withFirst = (n: number) =>
      profileCompletion(Object.assign({ ...EMPTY }, ...ITEMS.slice(0, n).map(([, c]) => c))).percent;
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map(withFirst)).toEqual([
      0, 8, 15, 23, 31, 38, 46, 54, 62, 69, 77, 85, 92, 100,
    ]);
  });

  it("a blank name or e-mail and zero years of experience do not count", () => {
    const r = profileCompletion({ ...FULL, name: "   ", email: " ", yearsExportExperience: 0 });
    expect(r.missing).toEqual(["name", "email", "experience"]);
    expect(r.percent).toBe(77);
  });
});

describe("pruneActivityDetails", () => {
  it("keeps the details of selected categories and drops those of deselected ones", () => {
    expect(
      pruneActivityDetails({
        mainCategories: ["A"],
        details: { A: ["regular"], B: ["b1_trade_fairs", "b3_logistics"], D: ["expert"] },
      }),
    ).toEqual({ mainCategories: ["A"], details: { A: ["regular"] } });
  });

  it("drops empty detail lists and leaves the categories untouched", () => {
    expect(pruneActivityDetails({ mainCategories: ["C", "B"], details: { B: [], C: ["legal"] } })).toEqual({
      mainCategories: ["C", "B"],
      details: { C: ["legal"] },
    });
    expect(pruneActivityDetails({ mainCategories: [], details: { A: ["regular"] } })).toEqual({
      mainCategories: [],
      details: {},
    });
  });
});

describe("activitySelectionsSchema", () => {
  it("accepts up to two categories with their own details", () => {
    expect(messagesOf(activitySelectionsSchema, { mainCategories: [], details: {} })).toEqual([]);
    expect(
      messagesOf(activitySelectionsSchema, {
        mainCategories: ["A", "B"],
        details: { A: ["infrequent", "regular"], B: ["b1_intermediaries", "b2_arbitration", "b3_insurance"] },
      }),
    ).toEqual([]);
    for (const cat of Object.keys(ACTIVITY_CATEGORIES) as (keyof typeof ACTIVITY_CATEGORIES)[]) {
      const details = [...ACTIVITY_CATEGORIES[cat].details];
      expect(messagesOf(activitySelectionsSchema, { mainCategories: [cat], details: { [cat]: details } }), cat).toEqual(
        [],
      );
    }
  });

  it("more than two categories, or one twice: 'Maximum of 2 categories selected'", () => {
    expect(messagesOf(activitySelectionsSchema, { mainCategories: ["A", "B", "C"], details: {} })).toContain(
      "Maximum of 2 categories selected",
    );
    expect(messagesOf(activitySelectionsSchema, { mainCategories: ["D", "D"], details: {} })).toEqual([
      Msg.maxCategories,
    ]);
  });

  it("details of an unselected category or of another category are refused", () => {
    expect(
      messagesOf(activitySelectionsSchema, { mainCategories: ["A"], details: { A: ["regular"], C: ["legal"] } }),
    ).toEqual([Msg.invalidActivityDetail]);
    expect(messagesOf(activitySelectionsSchema, { mainCategories: ["C"], details: { C: ["b2_contracts"] } })).toEqual([
      Msg.invalidActivityDetail,
    ]);
    expect(messagesOf(activitySelectionsSchema, { mainCategories: ["B"], details: { B: ["nonsense"] } })).toEqual([
      Msg.invalidActivityDetail,
    ]);
  });

  it("unknown categories are refused", () => {
    expect(messagesOf(activitySelectionsSchema, { mainCategories: ["E"], details: {} })).not.toEqual([]);
    expect(messagesOf(activitySelectionsSchema, { mainCategories: ["A"], details: { E: [] } })).not.toEqual([]);
  });
});

describe("profile field rules", () => {
  it("LinkedIn: empty is none, https on linkedin.com or a subdomain is accepted, anything else refused", () => {
    expect(linkedinSchema.parse("  ")).toBeNull();
    expect(linkedinSchema.parse(" https://www.linkedin.com/in/ada ")).toBe("https://www.linkedin.com/in/ada");
    expect(linkedinSchema.parse("https://linkedin.com/company/x")).toBe("https://linkedin.com/company/x");
    for (const bad of [
      "http://linkedin.com/in/a",
      "https://linkedin.com.evil.io/in/a",
      "https://fakelinkedin.com",
      "ada",
    ]) {
      expect(messagesOf(linkedinSchema, bad), bad).toEqual([Msg.invalidLinkedin]);
    }
  });

  it("a certificate is trimmed and must not be empty", () => {
    expect(certificateSchema.parse("  ISO 9001 ")).toBe("ISO 9001");
    expect(messagesOf(certificateSchema, "   ")).toEqual([Msg.certificateRequired]);
  });

  it("the update input trims phones, turns empty text into null and de-duplicates countries", () => {
    const parsed = profileUpdateInput.parse({
      name: " Ada ",
      mobile: " +989121234567 ",
      whatsapp: "",
      postalAddress: "",
      postalCode: " 12345 ",
      linkedinUrl: "",
      expertiseAreas: ["legal"],
      yearsExportExperience: 20,
      certificates: [],
      industrialSectors: ["mining"],
      targetCountries: ["DE", "FR", "DE"],
      activitySelections: { mainCategories: [], details: {} },
      photoUploadId: null,
      attachmentUploadId: null,
    });
    expect(parsed).toMatchObject({
      name: "Ada",
      mobile: "+989121234567",
      whatsapp: null,
      postalAddress: null,
      postalCode: "12345",
      linkedinUrl: null,
      targetCountries: ["DE", "FR"],
    });
  });
});
