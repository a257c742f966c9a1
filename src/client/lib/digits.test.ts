import { describe, expect, it } from "vitest";
import { hasEasternDigits, latinDigits, normalizePhone } from "./digits";

describe("latinDigits", () => {
  it("turns Persian and Arabic-Indic digits into Latin ones and leaves the rest", () => {
    expect(latinDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(latinDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(latinDigits("+۹۸ ۹۱۲-٣٤٥ 67")).toBe("+98 912-345 67");
    expect(latinDigits("سال ۱۴۰۳")).toBe("سال 1403");
  });

  it("tells whether a text holds such digits", () => {
    expect(hasEasternDigits("۵")).toBe(true);
    expect(hasEasternDigits("٥")).toBe(true);
    expect(hasEasternDigits("5 years")).toBe(false);
  });
});

describe("normalizePhone", () => {
  it("keeps the plus and the digits, in Latin", () => {
    expect(normalizePhone("+۹۸ (۹۱۲) ۳۴۵-۶۷۸۹")).toBe("+989123456789");
    expect(normalizePhone("0049 30.1234 5678")).toBe("00493012345678");
    expect(normalizePhone("")).toBe("");
  });
});
