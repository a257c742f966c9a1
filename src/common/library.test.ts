import { describe, expect, it } from "vitest";
import { FULL_TEXT_SQL, foldForFullText, fullTextQuery, libraryListInput, unpublishInput } from "./library";
import { Msg } from "./messages";

describe("foldForFullText", () => {
  it("folds Arabic yeh and kaf to Persian, drops ZWNJ and Arabic diacritics, keeps case and Latin", () => {
    expect(foldForFullText("علي كتاب")).toBe("علی کتاب");
    expect(foldForFullText("می\u200cخواهم")).toBe("میخواهم");
    expect(foldForFullText("كِتَابٌ")).toBe("کتاب");
    expect(foldForFullText("Türkiye SAFFRON")).toBe("Türkiye SAFFRON");
  });
});

describe("fullTextQuery", () => {
  it("makes every word a required prefix, folded", () => {
    expect(fullTextQuery("saffron  Dubai")).toBe("'saffron':* & 'Dubai':*");
    expect(fullTextQuery("گواهي مبدا")).toBe("'گواهی':* & 'مبدا':*");
  });

  it("keeps no tsquery operator or quote, and gives null without a word", () => {
    expect(fullTextQuery("a'b & c|d !e (f) :*")).toBe("'a':* & 'b':* & 'c':* & 'd':* & 'e':* & 'f':*");
    expect(fullTextQuery("' & | ! :*")).toBeNull();
    expect(fullTextQuery(undefined)).toBeNull();
    expect(fullTextQuery("")).toBeNull();
  });

  it("uses at most eight words", () => {
    expect(fullTextQuery("a b c d e f g h i j")?.split(" & ")).toHaveLength(8);
  });
});

describe("FULL_TEXT_SQL", () => {
  it("folds the same letters as foldForFullText, with the 'simple' configuration", () => {
    expect(FULL_TEXT_SQL).toContain("'simple'::regconfig");
    expect(FULL_TEXT_SQL).toContain("chr(8204)");
    expect(FULL_TEXT_SQL).toContain("chr(1610) || chr(1609) || chr(1603)");
    expect(FULL_TEXT_SQL).toContain("chr(1740) || chr(1740) || chr(1705)");
    expect(FULL_TEXT_SQL).toContain("[\\u064B-\\u065F\\u0670]");
  });
});

describe("inputs", () => {
  it("list: newest first by default; unknown codes are refused", () => {
    expect(libraryListInput.parse({})).toMatchObject({ sort: "newest", limit: 12 });
    expect(libraryListInput.safeParse({ country: "XX" }).success).toBe(false);
    expect(libraryListInput.safeParse({ productCategory: "nope" }).success).toBe(false);
    expect(libraryListInput.safeParse({ cursor: { at: "2026-01-01T00:00:00.000Z", likes: -1, id: 1 } }).success).toBe(
      false,
    );
  });

  it("unpublish needs a note", () => {
    const r = unpublishInput.safeParse({ id: 1, note: "   " });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(Msg.unpublishNoteRequired);
  });
});
