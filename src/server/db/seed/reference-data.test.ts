import { describe, expect, it } from "vitest";
import { ACTIVITIES, USER_TYPES } from "../../../common/constants";
import {
  buildActivityRows,
  buildCountryRows,
  buildSectorRows,
  buildUserTypeRows,
  SECTOR_CODES,
  SECTORS,
} from "./reference-data";

/** Letters of the Persian alphabet (Arabic block, including the Persian-specific ones). */
const PERSIAN_LETTER = /[\u0621-\u064A\u067E\u0686\u0698\u06A9\u06AF\u06CC]/;

/** The 24 sectors exactly as spec part 2 §3 lists them. */
const SPEC_SECTORS = [
  "Agriculture",
  "Automotive",
  "Chemicals",
  "Construction",
  "Electronics",
  "Energy",
  "Fashion & Textiles",
  "Food & Beverages",
  "Healthcare",
  "Information Technology",
  "Carpets and Handicrafts",
  "Mining",
  "Pharmaceuticals",
  "Tiles and Stones",
  "Retail",
  "Management and Engineering Services",
  "Telecommunications",
  "Tourism",
  "Transportation",
  "Home and Office Appliances",
  "Tools and Equipment",
  "Sports and Entertainment Tools",
  "Oil and Petrochemicals",
  "Other",
];

describe("countries", () => {
  const rows = buildCountryRows();
  const byCode = new Map(rows.map((r) => [r.code, r]));

  it("has about 190 countries with unique upper-case alpha-2 codes", () => {
    expect(rows.length).toBeGreaterThanOrEqual(190);
    expect(rows.length).toBeLessThanOrEqual(200);
    expect(byCode.size).toBe(rows.length);
    for (const r of rows) expect(r.code).toMatch(/^[A-Z]{2}$/);
  });

  it("includes Palestine, Vatican City and Iran with Persian names", () => {
    expect(byCode.get("PS")).toEqual({ code: "PS", nameEn: "Palestine", nameFa: "فلسطین" });
    expect(byCode.get("VA")).toEqual({ code: "VA", nameEn: "Vatican City", nameFa: "واتیکان" });
    expect(byCode.get("IR")).toEqual({ code: "IR", nameEn: "Iran", nameFa: "ایران" });
  });

  it("gives every country a non-empty English name and a Persian name in Persian letters", () => {
    for (const r of rows) {
      expect(r.nameEn.trim(), r.code).not.toBe("");
      expect(r.nameFa.trim(), r.code).not.toBe("");
      expect(r.nameFa, r.code).toMatch(PERSIAN_LETTER);
      // Persian yeh and kaf, not the Arabic ones.
      expect(r.nameFa, r.code).not.toMatch(/[\u064A\u0643]/);
    }
  });

  it("runs from Afghanistan to Zimbabwe", () => {
    expect(rows[0]?.nameEn).toBe("Afghanistan");
    expect(rows.at(-1)?.nameEn).toBe("Zimbabwe");
  });
});

describe("industrial sectors", () => {
  it("lists the spec's 24 sectors in order with unique snake_case codes", () => {
    expect(SECTORS.map((s) => s.nameEn)).toEqual(SPEC_SECTORS);
    expect(new Set(SECTORS.map((s) => s.code)).size).toBe(24);
    for (const s of SECTORS) {
      expect(s.code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(s.nameFa).toMatch(PERSIAN_LETTER);
    }
    expect([...SECTOR_CODES]).toEqual(SECTORS.map((s) => s.code));
    expect(buildSectorRows().map((r) => r.sortOrder)).toEqual([...Array(24).keys()]);
  });
});

describe("activities and user types", () => {
  it("match the codes in common/constants in order", () => {
    expect(buildActivityRows().map((r) => r.code)).toEqual([...ACTIVITIES]);
    expect(buildUserTypeRows().map((r) => r.code)).toEqual([...USER_TYPES]);
    expect(buildActivityRows().map((r) => r.nameEn)).toEqual(["Exporter", "Export Expert", "Export Service Provider"]);
    for (const r of [...buildActivityRows(), ...buildUserTypeRows()]) expect(r.nameFa).toMatch(PERSIAN_LETTER);
  });
});
