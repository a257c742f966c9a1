import { describe, expect, it } from "vitest";
import { validateAdminMembersSearch } from "../features/adminMembers/adminMembersSearch";
import { validateInboxSearch } from "../features/inbox/inboxSearch";
import { hasDirectoryFilters, validateDirectorySearch } from "../features/members/directorySearch";
import { compact, oneOf, pageParam, searchText } from "./searchParams";

describe("search param helpers", () => {
  it("oneOf keeps only listed strings", () => {
    expect(oneOf(["a", "b"] as const, "b")).toBe("b");
    expect(oneOf(["a", "b"] as const, "c")).toBeUndefined();
    expect(oneOf(["a", "b"] as const, 1)).toBeUndefined();
  });

  it("searchText trims, caps at 100 characters and takes numbers the router parsed", () => {
    expect(searchText("  saffron ")).toBe("saffron");
    expect(searchText(123)).toBe("123");
    expect(searchText("   ")).toBeUndefined();
    expect(searchText("x".repeat(150))).toHaveLength(100);
    expect(searchText({})).toBeUndefined();
  });

  it("pageParam takes whole pages 2…10,000", () => {
    expect(pageParam(2)).toBe(2);
    expect(pageParam(1)).toBeUndefined();
    expect(pageParam(2.5)).toBeUndefined();
    expect(pageParam(10_001)).toBeUndefined();
    expect(pageParam("3")).toBeUndefined();
  });

  it("compact drops undefined keys only", () => {
    expect(compact({ a: 1, b: undefined, c: "" })).toEqual({ a: 1, c: "" });
  });
});

describe("member directory filters", () => {
  it("keeps valid filters and drops the rest", () => {
    expect(
      validateDirectorySearch({
        q: " Bahar ",
        activity: "exporter",
        sector: "agriculture",
        country: "DE",
        tier: "gold",
        page: 3,
      }),
    ).toEqual({ q: "Bahar", activity: "exporter", sector: "agriculture", country: "DE", tier: "gold", page: 3 });
    expect(
      validateDirectorySearch({ activity: "pirate", sector: "Agri-culture", country: "de", tier: "bronze", page: 0 }),
    ).toEqual({});
  });

  it("counts filters but not the page", () => {
    expect(hasDirectoryFilters({ page: 4 })).toBe(false);
    expect(hasDirectoryFilters({ country: "DE" })).toBe(true);
  });
});

describe("member administration filters", () => {
  it("accepts suspended as a status and the two roles", () => {
    expect(validateAdminMembersSearch({ q: "ali", status: "suspended", role: "admin", page: 2 })).toEqual({
      q: "ali",
      status: "suspended",
      role: "admin",
      page: 2,
    });
    expect(validateAdminMembersSearch({ status: "banned", role: "owner" })).toEqual({});
  });
});

describe("admin inbox state", () => {
  it("keeps an approval status and a positive submission id", () => {
    expect(validateInboxSearch({ status: "pending", id: "12" })).toEqual({ status: "pending", id: 12 });
    expect(validateInboxSearch({ status: "suspended", id: -1 })).toEqual({});
    expect(validateInboxSearch({ id: "abc" })).toEqual({});
  });
});
