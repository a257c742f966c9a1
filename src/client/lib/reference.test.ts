import type { ComboboxParsedItem } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { buildCountryRows, countryAlsoKnownAs } from "../../server/db/seed/reference-data";
import {
  buildCountryLists,
  buildProductLists,
  type CountryRow,
  countrySubsetOptions,
  isSectorCode,
  keyedFilter,
  type ProductRow,
  sectorName,
  sectorOptions,
} from "./reference";

const COUNTRIES: CountryRow[] = [
  { code: "TR", nameEn: "Türkiye", nameFa: "ترکیه", alsoKnownAs: "" },
  { code: "DE", nameEn: "Germany", nameFa: "آلمان", alsoKnownAs: "" },
  { code: "AE", nameEn: "United Arab Emirates", nameFa: "امارات متحده عربی", alsoKnownAs: "" },
  { code: "IQ", nameEn: "Iraq", nameFa: "عراق", alsoKnownAs: "" },
];

const SAFFRON: ProductRow = {
  id: 7,
  nameEn: "Saffron",
  nameFa: "زعفران",
  descriptionEn: "Saffron stigmas, dried",
  descriptionFa: "کلاله زعفران خشک",
  isicCode: "01",
  isicEn: "Crop and animal production",
  isicFa: "تولید محصولات زراعی و دامی",
  sector: "agriculture",
};
const PISTACHIO: ProductRow = {
  ...SAFFRON,
  id: 3,
  nameEn: "Pistachio",
  nameFa: "پسته",
  descriptionEn: "In shell",
  descriptionFa: "با پوست",
};

/** The labels a filter keeps for `search`. */
function labels<V extends string | number>(
  filter: ReturnType<typeof keyedFilter<V>>,
  data: { value: V; label: string }[],
  search: string,
  limit = Number.POSITIVE_INFINITY,
): string[] {
  return (filter({ options: data, search, limit }) as ComboboxParsedItem<V>[]).map((o) =>
    "label" in o ? o.label : "",
  );
}

describe("buildCountryLists", () => {
  it("finds countries by their other English and Persian names, as reference.countries sends them (issue #13 §4)", () => {
    const aliases = countryAlsoKnownAs();
    const rows = buildCountryRows().map((r) => ({ ...r, alsoKnownAs: aliases.get(r.code) ?? "" }));
    for (const lang of ["en", "fa"] as const) {
      const lists = buildCountryLists(rows, lang);
      const codes = (search: string) =>
        (lists.filter({ options: lists.data, search, limit: 50 }) as ComboboxParsedItem<string>[]).map((o) =>
          "value" in o ? o.value : "",
        );
      expect(codes("Turkey"), lang).toEqual(["TR"]);
      expect(codes("turkey"), lang).toEqual(["TR"]);
      expect(codes("UAE"), lang).toContain("AE");
      expect(codes("Great Britain"), lang).toEqual(["GB"]);
      expect(codes("Holland"), lang).toEqual(["NL"]);
      expect(codes("انگلیس"), lang).toEqual(["GB"]);
      expect(codes("امارات"), lang).toEqual(["AE"]);
      expect(codes("آمریکا"), lang).toContain("US");
    }
  });

  it("sorts by the name in the active language", () => {
    expect(buildCountryLists(COUNTRIES, "en").data.map((o) => o.label)).toEqual([
      "Germany",
      "Iraq",
      "Türkiye",
      "United Arab Emirates",
    ]);
    expect(buildCountryLists(COUNTRIES, "fa").data.map((o) => o.value)).toEqual(["DE", "AE", "TR", "IQ"]);
  });

  it("names a code, or gives the code back while it is unknown", () => {
    const lists = buildCountryLists(COUNTRIES, "fa");
    expect(lists.nameOf("DE")).toBe("آلمان");
    expect(lists.nameOf("FR")).toBe("FR");
    expect(buildCountryLists([], "en").nameOf("DE")).toBe("DE");
  });

  it("matches either language, the ISO code, without accents or case", () => {
    const { data, filter } = buildCountryLists(COUNTRIES, "en");
    expect(labels(filter, data, "turkiye")).toEqual(["Türkiye"]);
    expect(labels(filter, data, "آلمان")).toEqual(["Germany"]);
    expect(labels(filter, data, "iq")).toEqual(["Iraq"]);
    expect(labels(filter, data, "arab united")).toEqual(["United Arab Emirates"]);
    expect(labels(filter, data, "")).toHaveLength(4);
  });

  it("finds Persian names typed with Arabic letters (ي, ك)", () => {
    const { data, filter } = buildCountryLists(COUNTRIES, "fa");
    // «ترکيه» with Arabic yeh, «تركیه» with Arabic kaf.
    expect(labels(filter, data, "ترکيه")).toEqual(["ترکیه"]);
    expect(labels(filter, data, "تركیه")).toEqual(["ترکیه"]);
    expect(labels(filter, data, "عربي")).toEqual(["امارات متحده عربی"]);
  });
});

describe("keyedFilter", () => {
  it("stops at its own limit and at the Select's", () => {
    const { data } = buildCountryLists(COUNTRIES, "en");
    const keys = new Map(data.map((o) => [o.value, o.label.toLowerCase()]));
    expect(labels(keyedFilter(keys, 2), data, "")).toEqual(["Germany", "Iraq"]);
    expect(labels(keyedFilter(keys), data, "", 1)).toEqual(["Germany"]);
  });

  it("falls back to the folded label for an option without a key", () => {
    const data = [{ value: "x", label: "Côte d’Ivoire" }];
    expect(labels(keyedFilter(new Map<string, string>()), data, "cote")).toEqual(["Côte d’Ivoire"]);
  });
});

describe("countrySubsetOptions", () => {
  it("keeps only the given codes, sorted by name, codes standing in for unknown names", () => {
    const { nameOf } = buildCountryLists(COUNTRIES, "en");
    expect(countrySubsetOptions(nameOf, ["TR", "DE", "ZZ"], "en")).toEqual([
      { value: "DE", label: "Germany" },
      { value: "TR", label: "Türkiye" },
      { value: "ZZ", label: "ZZ" },
    ]);
  });
});

describe("buildProductLists", () => {
  it("labels, sorts and indexes products in the active language", () => {
    const en = buildProductLists([SAFFRON, PISTACHIO], "en");
    expect(en.data).toEqual([
      { value: 3, label: "Pistachio" },
      { value: 7, label: "Saffron" },
    ]);
    expect(en.byId.get(7)?.isic).toBe("ISIC 01 — Crop and animal production");
    const fa = buildProductLists([SAFFRON, PISTACHIO], "fa");
    expect(fa.byId.get(7)).toMatchObject({ name: "زعفران", isic: "ISIC 01 — تولید محصولات زراعی و دامی" });
  });

  it("matches names and descriptions in both languages", () => {
    const { data, filter } = buildProductLists([SAFFRON, PISTACHIO], "en");
    expect(labels(filter, data, "stigmas")).toEqual(["Saffron"]);
    expect(labels(filter, data, "پسته")).toEqual(["Pistachio"]);
    expect(labels(filter, data, "shell")).toEqual(["Pistachio"]);
  });
});

describe("sectors", () => {
  it("lists the 24 sectors in the spec's order, named in the active language", () => {
    const en = sectorOptions("en");
    expect(en.data).toHaveLength(24);
    expect(en.data[0]).toEqual({ value: "agriculture", label: "Agriculture" });
    expect(sectorOptions("fa").data[0]?.label).toBe("کشاورزی");
  });

  it("matches a sector in the other language", () => {
    const { data, filter } = sectorOptions("en");
    expect(labels(filter, data, "کشاورزی")).toEqual(["Agriculture"]);
  });

  it("names a code, and recognises sector codes", () => {
    expect(sectorName("agriculture", "fa")).toBe("کشاورزی");
    expect(sectorName("old_sector", "en")).toBe("old_sector");
    expect(isSectorCode("automotive")).toBe(true);
    expect(isSectorCode("cars")).toBe(false);
  });
});
