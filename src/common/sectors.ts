/**
 * The 24 industrial sectors of spec part 2 §3 (profile, export-services form, matching), shared
 * by client and server. Pure data.
 */

interface SectorName {
  code: string;
  nameEn: string;
  nameFa: string;
}

const SECTOR_DEFS = [
  { code: "agriculture", nameEn: "Agriculture", nameFa: "کشاورزی" },
  { code: "automotive", nameEn: "Automotive", nameFa: "خودرو" },
  { code: "chemicals", nameEn: "Chemicals", nameFa: "مواد شیمیایی" },
  { code: "construction", nameEn: "Construction", nameFa: "ساختمان" },
  { code: "electronics", nameEn: "Electronics", nameFa: "الکترونیک" },
  { code: "energy", nameEn: "Energy", nameFa: "انرژی" },
  { code: "fashion_textiles", nameEn: "Fashion & Textiles", nameFa: "مد و نساجی" },
  { code: "food_beverages", nameEn: "Food & Beverages", nameFa: "مواد غذایی و آشامیدنی" },
  { code: "healthcare", nameEn: "Healthcare", nameFa: "سلامت و درمان" },
  { code: "information_technology", nameEn: "Information Technology", nameFa: "فناوری اطلاعات" },
  { code: "carpets_handicrafts", nameEn: "Carpets and Handicrafts", nameFa: "فرش و صنایع دستی" },
  { code: "mining", nameEn: "Mining", nameFa: "معدن" },
  { code: "pharmaceuticals", nameEn: "Pharmaceuticals", nameFa: "داروسازی" },
  { code: "tiles_stones", nameEn: "Tiles and Stones", nameFa: "کاشی و سنگ" },
  { code: "retail", nameEn: "Retail", nameFa: "خرده‌فروشی" },
  {
    code: "management_engineering_services",
    nameEn: "Management and Engineering Services",
    nameFa: "خدمات مدیریت و مهندسی",
  },
  { code: "telecommunications", nameEn: "Telecommunications", nameFa: "مخابرات" },
  { code: "tourism", nameEn: "Tourism", nameFa: "گردشگری" },
  { code: "transportation", nameEn: "Transportation", nameFa: "حمل‌ونقل" },
  { code: "home_office_appliances", nameEn: "Home and Office Appliances", nameFa: "لوازم خانگی و اداری" },
  { code: "tools_equipment", nameEn: "Tools and Equipment", nameFa: "ابزار و تجهیزات" },
  { code: "sports_entertainment_tools", nameEn: "Sports and Entertainment Tools", nameFa: "لوازم ورزشی و سرگرمی" },
  { code: "oil_petrochemicals", nameEn: "Oil and Petrochemicals", nameFa: "نفت و پتروشیمی" },
  { code: "other", nameEn: "Other", nameFa: "سایر" },
] as const satisfies readonly SectorName[];

/** A stable industrial-sector slug, e.g. `food_beverages`. */
export type SectorCode = (typeof SECTOR_DEFS)[number]["code"];

/**
 * The 24 industrial sectors of spec part 2 §3 (profile and export-services form), in the
 * spec's order, with English names exactly as the spec writes them.
 */
export const SECTORS: readonly { code: SectorCode; nameEn: string; nameFa: string }[] = SECTOR_DEFS;

/** The sector slugs as a const tuple, in the spec's order (usable as `z.enum(SECTOR_CODES)`). */
export const SECTOR_CODES = SECTOR_DEFS.map((s) => s.code) as unknown as CodesOf<typeof SECTOR_DEFS>;

/** Maps a tuple of `{ code }` objects to the tuple of their codes. */
type CodesOf<T extends readonly { code: string }[]> = {
  readonly [K in keyof T]: T[K] extends { code: infer C } ? C : never;
};
