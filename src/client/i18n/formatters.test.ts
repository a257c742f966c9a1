import { describe, expect, it } from "vitest";
import { collator, dateTimeFormat, displayNames, formatNumber, numberFormat, relativeTimeFormat } from "./index";

describe("kept Intl formatters (i18n/index.ts)", () => {
  it("makes one formatter per kind, language and options, and keeps it", () => {
    expect(numberFormat("en")).toBe(numberFormat("en"));
    expect(numberFormat("en", { style: "percent" })).toBe(numberFormat("en", { style: "percent" }));
    expect(numberFormat("en", { style: "percent" })).not.toBe(numberFormat("en"));
    expect(numberFormat("fa")).not.toBe(numberFormat("en"));
    expect(dateTimeFormat("en", { dateStyle: "medium" })).toBe(dateTimeFormat("en", { dateStyle: "medium" }));
    expect(relativeTimeFormat("fa")).toBe(relativeTimeFormat("fa"));
    expect(displayNames("en", "currency")).not.toBe(displayNames("en", "language"));
    expect(collator("fa")).toBe(collator("fa"));
  });

  it("formats in the language it was asked for, Persian digits in Persian", () => {
    expect(formatNumber(12345, "en")).toBe("12,345");
    expect(formatNumber(12345, "fa")).toBe("۱۲٬۳۴۵");
    expect(numberFormat("en", { style: "percent" }).format(0.5)).toBe("50%");
    expect(displayNames("en", "currency").of("EUR")).toBe("Euro");
    expect(["b", "a"].sort(collator("en").compare)).toEqual(["a", "b"]);
  });
});
