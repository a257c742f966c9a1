/**
 * The shared rating format (issue #13 §4; spec part 2 §3): one decimal with the count, never
 * "2 / 3".
 */
import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { formatRating, formatRatingValue } from "./rating";

i18n.loadAndActivate({ locale: "en", messages: {} });

describe("formatRating", () => {
  it("shows one decimal", () => {
    expect(formatRatingValue(2)).toBe("2.0");
    expect(formatRatingValue(8 / 3)).toBe("2.7");
    expect(formatRatingValue(1.25)).toBe("1.3");
    expect(formatRatingValue(3)).toBe("3.0");
  });

  it("adds the count of ratings", () => {
    expect(formatRating(2, 1)).toBe("2.0 · 1 rating");
    expect(formatRating(2.5, 4)).toBe("2.5 · 4 ratings");
  });

  it("uses Persian digits in Persian", () => {
    expect(formatRatingValue(2, "fa")).toBe("۲٫۰");
  });

  it("separates the figure from the count with a comma in Persian (a middle dot reads as a zero)", () => {
    i18n.loadAndActivate({ locale: "fa", messages: {} });
    try {
      expect(formatRating(2, 3).startsWith("۲٫۰، ")).toBe(true);
    } finally {
      i18n.loadAndActivate({ locale: "en", messages: {} });
    }
  });
});
