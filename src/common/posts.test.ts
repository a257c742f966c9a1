/**
 * Boards, member tags, routing and `canMatch` of service-area posts (ADR 16; issue #14). The SQL
 * predicates and `postMatches` are checked against each other in src/server/domain/boards.test.ts.
 */
import { describe, expect, it } from "vitest";
import { POST_AREAS, POST_KINDS } from "./constants";
import {
  BOARD_ROUTING,
  BOARDS,
  type Board,
  boardOf,
  boardParts,
  canMatch,
  memberTags,
  type PostMatchProfile,
  postMatches,
  postRouting,
  reachableTag,
  type TagProfile,
} from "./posts";

const profile = (over: Partial<TagProfile> = {}): TagProfile => ({
  activities: [],
  userType: "individual",
  sectors: [],
  expertiseAreas: [],
  activitySelections: { mainCategories: [], details: {} },
  ...over,
});

describe("BOARDS", () => {
  it("are the ten (area, kind) pairs of ADRs 16 and 17, each with a routing shape", () => {
    expect(BOARDS).toHaveLength(10);
    for (const b of BOARDS) {
      const { area, kind } = boardParts(b);
      expect(POST_AREAS).toContain(area);
      expect(POST_KINDS).toContain(kind);
      expect(boardOf(area, kind)).toBe(b);
      expect(BOARD_ROUTING[b]).toBeDefined();
    }
    expect(boardOf("membership", "offer")).toBeNull();
    expect(BOARDS.map((b) => BOARD_ROUTING[b].shape)).toEqual([
      "membership",
      "open",
      "open",
      "gated",
      "gated",
      "audience",
      "open",
      "open",
      "gated",
      "audience",
    ]);
  });
});

describe("memberTags", () => {
  it("a member with nothing filled in has no tags", () => {
    expect(memberTags(profile())).toEqual([]);
  });

  it("an exporter (by activity) is tagged exporter and exports:<sector> per profile sector", () => {
    expect(memberTags(profile({ activities: ["exporter"], sectors: ["food_beverages", "mining"] }))).toEqual([
      "exporter",
      "exports:food_beverages",
      "exports:mining",
    ]);
  });

  it("field of activity A also makes an exporter", () => {
    const p = profile({
      sectors: ["energy"],
      activitySelections: { mainCategories: ["A"], details: { A: ["regular"] } },
    });
    expect(memberTags(p)).toEqual(["exporter", "exports:energy"]);
  });

  it("a non-exporter's sectors give no exports tag", () => {
    expect(memberTags(profile({ activities: ["export_expert"], sectors: ["energy"] }))).toEqual(["consultant"]);
  });

  it("who may publish services is a consultant, and with their id also member:<id> (ADR 17)", () => {
    const id = "5f0c1d2e-0000-4000-8000-000000000001";
    expect(memberTags(profile({ userId: id, activities: ["export_expert"] }))).toEqual(["consultant", `member:${id}`]);
    expect(memberTags(profile({ userId: id, activities: ["export_service_provider"] }))).toEqual([
      "provider",
      "consultant",
      `member:${id}`,
    ]);
    const c = profile({ userId: id, activitySelections: { mainCategories: ["C"], details: { C: ["legal"] } } });
    expect(memberTags(c)).toEqual(["consultant", `member:${id}`]);
    // An exporter only is no consultant: no member:<id> tag either.
    expect(memberTags(profile({ userId: id, activities: ["exporter"] }))).toEqual(["exporter"]);
  });

  it("a service provider is tagged provider; field-B details give their groups, once each", () => {
    expect(memberTags(profile({ activities: ["export_service_provider"] }))).toEqual(["provider", "consultant"]);
    const b = profile({
      activitySelections: {
        mainCategories: ["B", "C"],
        details: { B: ["b1_trade_fairs", "b1_market_research", "b3_logistics"], C: ["legal"] },
      },
    });
    expect(memberTags(b)).toEqual(["svc:B-1", "svc:B-3", "consultant"]);
    // Field B alone, with no detail, is no group and not `provider`.
    expect(memberTags(profile({ activitySelections: { mainCategories: ["B"], details: {} } }))).toEqual([]);
    // Details of an unselected category do not count.
    expect(
      memberTags(profile({ activitySelections: { mainCategories: ["A"], details: { B: ["b2_contracts"] } } })),
    ).toEqual(["exporter"]);
  });

  it("an organization is tagged organization and never talent", () => {
    expect(memberTags(profile({ userType: "organization", expertiseAreas: ["legal"] }))).toEqual(["organization"]);
  });

  it("an individual gets talent:<area> per expertise area", () => {
    expect(memberTags(profile({ expertiseAreas: ["marketing", "commercial"] }))).toEqual([
      "talent:marketing",
      "talent:commercial",
    ]);
  });

  it("combines every rule", () => {
    const p = profile({
      activities: ["exporter", "export_service_provider"],
      userType: "organization",
      sectors: ["tourism"],
      activitySelections: { mainCategories: ["A", "B"], details: { A: ["infrequent"], B: ["b2_arbitration"] } },
    });
    expect(memberTags(p)).toEqual(["exporter", "exports:tourism", "provider", "svc:B-2", "organization", "consultant"]);
  });
});

describe("postRouting", () => {
  it("membership: routed by the scalar columns, arrays empty", () => {
    expect(postRouting("membership.request", { countries: ["DE"], sectors: ["energy"] })).toEqual({
      countries: [],
      sectors: [],
      reach: [],
    });
  });

  it("collaboration: target countries, chosen sector; exports:<product sector> for distribution or agency", () => {
    for (const board of ["collaboration.request", "collaboration.offer"] as const) {
      expect(
        postRouting(board, {
          countries: ["DE", "FR", "DE"],
          sectors: ["mining"],
          collaborationKind: "distribution_agency",
          productSector: "food_beverages",
        }),
      ).toEqual({ countries: ["DE", "FR"], sectors: ["mining"], reach: ["exports:food_beverages"] });
      expect(
        postRouting(board, { countries: [], collaborationKind: "distribution_agency", productSector: "energy" }).reach,
      ).toEqual(["exports:energy"]);
      // Another kind, or no product: no reach.
      expect(postRouting(board, { collaborationKind: "joint_venture", productSector: "energy" }).reach).toEqual([]);
      expect(postRouting(board, { collaborationKind: "distribution_agency", productSector: null }).reach).toEqual([]);
    }
  });

  it("export-services request: [country], [sector], reach provider and the activity type's B group", () => {
    expect(
      postRouting("export_services.request", {
        countries: ["AE"],
        sectors: [],
        activityType: "legal",
      }),
    ).toEqual({ countries: ["AE"], sectors: [], reach: ["provider", "svc:B-2"] });
    expect(postRouting("export_services.request", { activityType: "marketing" }).reach).toEqual([
      "provider",
      "svc:B-1",
    ]);
    expect(postRouting("export_services.request", { activityType: "commercial" }).reach).toEqual([
      "provider",
      "svc:B-3",
    ]);
  });

  it("export-services offer: countries and sectors served, reach exporter", () => {
    expect(postRouting("export_services.offer", { countries: ["IQ", "AE"], sectors: ["energy", "mining"] })).toEqual({
      countries: ["IQ", "AE"],
      sectors: ["energy", "mining"],
      reach: ["exporter"],
    });
  });

  it("information: [country], [sector] or else the product's sector, no reach", () => {
    for (const board of ["information.request", "information.offer"] as const) {
      expect(postRouting(board, { countries: ["TR"], sectors: ["tourism"], productSector: "energy" })).toEqual({
        countries: ["TR"],
        sectors: ["tourism"],
        reach: [],
      });
      expect(postRouting(board, { countries: [], sectors: [], productSector: "energy" })).toEqual({
        countries: [],
        sectors: ["energy"],
        reach: [],
      });
    }
  });

  it("recruitment request (seeking): countries, the poster's sectors, reach organization", () => {
    expect(
      postRouting("recruitment.request", { countries: ["DE"], sectors: ["ignored"], posterSectors: ["mining"] }),
    ).toEqual({ countries: ["DE"], sectors: ["mining"], reach: ["organization"] });
  });

  it("recruitment offer (position): countries, no sectors, reach talent:<expertise area>", () => {
    expect(postRouting("recruitment.offer", { countries: ["DE"], sectors: ["x"], expertiseArea: "legal" })).toEqual({
      countries: ["DE"],
      sectors: [],
      reach: ["talent:legal"],
    });
  });

  it("consultancy request: [target country], [sector], reach member:<id> of the matched providers, else consultant", () => {
    expect(
      postRouting("consultancy.request", { countries: ["DE"], sectors: ["energy"], providerIds: ["p1", "p2", "p1"] }),
    ).toEqual({ countries: ["DE"], sectors: ["energy"], reach: ["member:p1", "member:p2"] });
    expect(postRouting("consultancy.request", { countries: [], sectors: [], providerIds: [] })).toEqual({
      countries: [],
      sectors: [],
      reach: ["consultant"],
    });
  });

  it("writes only reach tags its board lists (BOARD_ROUTING)", () => {
    const input = {
      countries: ["DE"],
      sectors: ["energy"],
      activityType: "commercial" as const,
      collaborationKind: "distribution_agency",
      productSector: "energy",
      expertiseArea: "marketing",
      posterSectors: ["energy"],
      providerIds: ["p1"],
    };
    for (const b of BOARDS) for (const tag of postRouting(b, input).reach) expect(reachableTag(b, tag)).toBe(true);
  });
});

const viewer = (over: Partial<PostMatchProfile> = {}): PostMatchProfile => ({
  userId: "viewer",
  countries: [],
  sectors: [],
  types: [],
  tags: [],
  ...over,
});

describe("canMatch", () => {
  it("membership: a country, a sector or a request type", () => {
    expect(canMatch("membership.request", viewer())).toBe(false);
    expect(canMatch("membership.request", viewer({ types: ["knowledge_sharing"] }))).toBe(true);
    expect(canMatch("membership.request", viewer({ countries: ["DE"] }))).toBe(true);
    expect(canMatch("membership.request", viewer({ tags: ["provider"] }))).toBe(false);
  });

  it("open: a country, a sector or a tag the board reaches", () => {
    expect(canMatch("collaboration.offer", viewer({ sectors: ["energy"] }))).toBe(true);
    expect(canMatch("collaboration.offer", viewer({ tags: ["exports:energy"] }))).toBe(true);
    expect(canMatch("collaboration.offer", viewer({ tags: ["provider", "organization"] }))).toBe(false);
    expect(canMatch("information.request", viewer({ tags: ["exporter", "exports:energy"] }))).toBe(false);
    expect(canMatch("information.request", viewer({ countries: ["DE"] }))).toBe(true);
  });

  it("gated: a tag the board reaches and a country or sector", () => {
    expect(canMatch("export_services.request", viewer({ tags: ["svc:B-1"] }))).toBe(false);
    expect(canMatch("export_services.request", viewer({ tags: ["svc:B-1"], countries: ["DE"] }))).toBe(true);
    expect(canMatch("export_services.request", viewer({ tags: ["exporter"], countries: ["DE"] }))).toBe(false);
    expect(canMatch("export_services.offer", viewer({ tags: ["exporter"], sectors: ["energy"] }))).toBe(true);
    expect(canMatch("recruitment.request", viewer({ tags: ["organization"], sectors: ["energy"] }))).toBe(true);
    expect(canMatch("recruitment.request", viewer({ tags: ["talent:legal"], sectors: ["energy"] }))).toBe(false);
  });

  it("audience: a tag the board reaches, wherever the member is", () => {
    expect(canMatch("recruitment.offer", viewer({ tags: ["talent:legal"] }))).toBe(true);
    expect(canMatch("recruitment.offer", viewer({ tags: ["organization"], countries: ["DE"] }))).toBe(false);
  });
});

describe("postMatches", () => {
  const post = (board: Board, over: Partial<Parameters<typeof postMatches>[2]> = {}) => ({
    userId: "poster",
    targetCountry: null,
    sector: null,
    requestType: board === "membership.request" ? "co_marketing" : null,
    ...postRouting(board, {}),
    ...over,
  });

  it("never matches one's own post", () => {
    for (const b of BOARDS) {
      const p = viewer({ countries: ["DE"], sectors: ["energy"], types: ["co_marketing"], tags: ["provider"] });
      const mine = post(b, { userId: "viewer", countries: ["DE"], sectors: ["energy"], reach: ["provider"] });
      expect(postMatches(b, p, mine)).toBe(false);
    }
  });

  it("gated needs the tag and a place; audience only the tag", () => {
    const b = "export_services.offer";
    const offer = post(b, postRouting(b, { countries: ["IQ"], sectors: ["energy"] }));
    expect(postMatches(b, viewer({ tags: ["exporter"], countries: ["IQ"] }), offer)).toBe(true);
    expect(postMatches(b, viewer({ tags: ["exporter"], countries: ["DE"] }), offer)).toBe(false);
    expect(postMatches(b, viewer({ countries: ["IQ"], sectors: ["energy"] }), offer)).toBe(false);
    const job = post(
      "recruitment.offer",
      postRouting("recruitment.offer", { countries: ["IQ"], expertiseArea: "legal" }),
    );
    expect(postMatches("recruitment.offer", viewer({ tags: ["talent:legal"] }), job)).toBe(true);
    expect(postMatches("recruitment.offer", viewer({ countries: ["IQ"], tags: ["talent:marketing"] }), job)).toBe(
      false,
    );
  });
});
