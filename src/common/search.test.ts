import { describe, expect, it } from "vitest";
import { foldForSearch, foldPersian } from "./search";

describe("foldPersian", () => {
  it("turns Arabic yeh, alef maksura and kaf into the Persian letters", () => {
    expect(foldPersian("علي")).toBe("علی");
    expect(foldPersian("مصطفى")).toBe("مصطفی");
    expect(foldPersian("كتاب")).toBe("کتاب");
  });

  it("drops the zero-width non-joiner, so «می‌خواهم» and «میخواهم» are one", () => {
    expect(foldPersian("می\u200cخواهم")).toBe(foldPersian("میخواهم"));
  });

  it("leaves other text alone", () => {
    expect(foldPersian("Saffron زعفران 12")).toBe("Saffron زعفران 12");
  });
});

describe("foldForSearch", () => {
  it("lower-cases and removes accents", () => {
    expect(foldForSearch("Türkiye")).toBe("turkiye");
    expect(foldForSearch("CÔTE")).toBe("cote");
  });

  it("folds Persian letter variants and removes Arabic diacritics", () => {
    expect(foldForSearch("عَلي")).toBe("علی");
  });
});
