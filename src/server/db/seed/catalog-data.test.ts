import { describe, expect, it } from "vitest";
import { SECTOR_CODES } from "../../../common/sectors";
import { buildIsicRows, buildProductRows, ISIC_DIVISIONS, ISIC_SECTIONS, PRODUCTS } from "./catalog-data";

/** A Persian letter (Arabic block, including the Persian-specific ones). */
const PERSIAN_LETTER = /[\u0621-\u064A\u067E\u0686\u0698\u06A9\u06AF\u06CC]/;
/** Arabic Yeh, Kaf and Alef Maksura, which Persian text must write as ی and ک. */
const ARABIC_YEH_KAF = /[\u064A\u0643\u0649]/;
/** Persian script only: letters, Persian digits, ZWNJ, spaces and the punctuation names use. */
const PERSIAN_NAME = /^[\u0600-\u06FF\u200C ()،-]+$/;

/** The UN ISIC Rev.4 division codes (88, with gaps at 04, 34, 40, 44, 48, 54, 57, 67, 76, 83, 89). */
const UN_DIVISION_CODES = [
  ..."01 02 03 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20 21 22 23".split(" "),
  ..."24 25 26 27 28 29 30 31 32 33 35 36 37 38 39 41 42 43 45 46 47 49".split(" "),
  ..."50 51 52 53 55 56 58 59 60 61 62 63 64 65 66 68 69 70 71 72 73 74".split(" "),
  ..."75 77 78 79 80 81 82 84 85 86 87 88 90 91 92 93 94 95 96 97 98 99".split(" "),
];

function expectPersian(text: string): void {
  expect(text.trim()).not.toBe("");
  expect(text).toMatch(PERSIAN_LETTER);
  expect(text).not.toMatch(ARABIC_YEH_KAF);
}

describe("ISIC Rev.4", () => {
  const rows = buildIsicRows();
  const sectionCodes = new Set(ISIC_SECTIONS.map((s) => s.code));

  it("has the 21 sections A–U", () => {
    expect(ISIC_SECTIONS.map((s) => s.code)).toEqual([..."ABCDEFGHIJKLMNOPQRSTU"]);
  });

  it("has the 88 divisions, in order", () => {
    expect(ISIC_DIVISIONS.map((d) => d.code)).toEqual(UN_DIVISION_CODES);
  });

  it("puts every division in an existing section, with sections in code order", () => {
    for (const d of ISIC_DIVISIONS) expect(sectionCodes.has(d.section)).toBe(true);
    const order = ISIC_DIVISIONS.map((d) => d.section).join("");
    expect(order).toBe([...order].sort().join(""));
    expect(ISIC_DIVISIONS.find((d) => d.code === "01")?.section).toBe("A");
    expect(ISIC_DIVISIONS.find((d) => d.code === "13")?.section).toBe("C");
    expect(ISIC_DIVISIONS.find((d) => d.code === "35")?.section).toBe("D");
    expect(ISIC_DIVISIONS.find((d) => d.code === "99")?.section).toBe("U");
  });

  it("builds 109 unique rows: sections with section null, divisions with their letter", () => {
    expect(rows).toHaveLength(109);
    expect(new Set(rows.map((r) => r.code)).size).toBe(109);
    expect(rows.filter((r) => r.section === null).map((r) => r.code)).toEqual([...sectionCodes]);
    expect(rows.find((r) => r.code === "01")).toEqual({
      code: "01",
      section: "A",
      descriptionEn: "Crop and animal production, hunting and related service activities",
      descriptionFa: expect.any(String),
    });
  });

  it("gives every code an English title without the code and a Persian title", () => {
    for (const r of rows) {
      expect(r.descriptionEn.trim()).not.toBe("");
      expect(r.descriptionEn).not.toMatch(/^\s*[0-9A-U]{1,2}\b/);
      expectPersian(r.descriptionFa);
    }
  });
});

describe("products", () => {
  const rows = buildProductRows();
  const divisionCodes = new Set<string>(ISIC_DIVISIONS.map((d) => d.code));

  it("has at least 160 products with unique ids 1..N", () => {
    expect(rows.length).toBeGreaterThanOrEqual(160);
    expect(rows.map((r) => r.id)).toEqual(rows.map((_, i) => i + 1));
    expect(PRODUCTS.map((p) => p.id)).toEqual(rows.map((r) => r.id));
  });

  it("has unique English names (case-insensitive) and unique Persian names", () => {
    expect(new Set(rows.map((r) => r.nameEn.toLowerCase())).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.nameFa)).size).toBe(rows.length);
  });

  it("gives every product an ISIC division from the list", () => {
    for (const r of rows) expect(divisionCodes.has(r.isicCode), `${r.id} ${r.nameEn}: ${r.isicCode}`).toBe(true);
  });

  it("covers every one of the 24 sectors with at least 3 products, and no other sector", () => {
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.sector, (counts.get(r.sector) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...SECTOR_CODES].sort());
    for (const code of SECTOR_CODES) expect(counts.get(code), code).toBeGreaterThanOrEqual(3);
  });

  it("has English names and descriptions, and Persian ones in Persian script", () => {
    for (const r of rows) {
      expect(r.nameEn.trim()).not.toBe("");
      expect(r.descriptionEn.trim()).not.toBe("");
      expectPersian(r.nameFa);
      expect(r.nameFa, `${r.id} ${r.nameEn}`).toMatch(PERSIAN_NAME);
      expectPersian(r.descriptionFa);
      for (const s of [r.nameEn, r.nameFa, r.descriptionEn, r.descriptionFa]) expect(s).toBe(s.trim());
    }
  });

  it("classifies well-known products as expected", () => {
    const byName = new Map(rows.map((r) => [r.nameEn, r]));
    expect(byName.get("Pistachios")).toMatchObject({ isicCode: "01", sector: "agriculture" });
    expect(byName.get("Handwoven Persian carpets")).toMatchObject({ isicCode: "13", sector: "carpets_handicrafts" });
    expect(byName.get("Cement")).toMatchObject({ isicCode: "23" });
    expect(byName.get("Polyethylene")).toMatchObject({ isicCode: "20", sector: "oil_petrochemicals" });
    expect(byName.get("Generic medicines")).toMatchObject({ isicCode: "21", sector: "pharmaceuticals" });
    expect(byName.get("Ceramic tiles")).toMatchObject({ sector: "tiles_stones" });
    expect(byName.get("Custom software development")).toMatchObject({ sector: "information_technology" });
  });
});
