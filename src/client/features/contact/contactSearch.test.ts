import { describe, expect, it } from "vitest";
import { validateContactSearch } from "./contactSearch";

describe("validateContactSearch", () => {
  it("keeps a known filter and a positive id", () => {
    expect(validateContactSearch({ filter: "unread", id: 12 })).toEqual({ filter: "unread", id: 12 });
    expect(validateContactSearch({ filter: "handled", id: "7" })).toEqual({ filter: "handled", id: 7 });
  });

  it("drops what does not parse instead of failing the route", () => {
    expect(validateContactSearch({ filter: "spam", id: -3 })).toEqual({});
    expect(validateContactSearch({ id: 1.5 })).toEqual({});
    expect(validateContactSearch({})).toEqual({});
  });
});
