/**
 * The Request Help form (spec part 2 §5): each help type's own required field and the spec texts
 * of each refusal.
 */
import { describe, expect, it } from "vitest";
import { issuesOf, messagesOf } from "../test/zod";
import { HELP_TYPE_FIELD, HELP_TYPES, helpRequestInput } from "./help";
import { Msg } from "./messages";

describe("helpRequestInput", () => {
  const base = {
    title: "Need a partner in Germany",
    description: "We export pistachios and look for a distributor.",
    targetCountry: null,
    productCategory: null,
    expertiseAreas: [],
    employmentType: null,
    serviceType: null,
    budgetRange: "",
    additionalDetails: "",
  };
  /** The one field each help type needs, filled. */
  const filled = {
    targetCountry: { targetCountry: "DE" },
    productCategory: { productCategory: "dried_fruits_nuts" },
    expertiseAreas: { expertiseAreas: ["legal"] },
    serviceType: { serviceType: "marketing" },
  } as const;

  it("accepts each help type with its own required field, defaulting urgency and emptying blanks", () => {
    for (const helpType of HELP_TYPES) {
      const field = HELP_TYPE_FIELD[helpType];
      expect(issuesOf(helpRequestInput, { ...base, helpType, ...filled[field] }), helpType).toEqual([]);
    }
    expect(
      helpRequestInput.parse({
        ...base,
        helpType: "country_knowledge",
        title: "  Germany  ",
        targetCountry: "DE",
        budgetRange: "   ",
        additionalDetails: " Call after 5 ",
      }),
    ).toEqual({
      ...base,
      helpType: "country_knowledge",
      title: "Germany",
      targetCountry: "DE",
      urgency: "medium",
      budgetRange: null,
      additionalDetails: "Call after 5",
    });
  });

  it("refuses each help type without its required field, on that field", () => {
    for (const helpType of HELP_TYPES) {
      const field = HELP_TYPE_FIELD[helpType];
      expect(issuesOf(helpRequestInput, { ...base, helpType }), helpType).toEqual([
        `${field}: ${Msg.helpFieldRequired}`,
      ]);
      // Another type's field does not stand in for it.
      const others = Object.assign({}, ...Object.entries(filled).flatMap(([f, v]) => (f === field ? [] : [v])));
      expect(issuesOf(helpRequestInput, { ...base, helpType, ...others }), helpType).toEqual([
        `${field}: ${Msg.helpFieldRequired}`,
      ]);
    }
  });

  it("checks the help type, title, description and the choices", () => {
    const valid = { ...base, helpType: "country_knowledge", targetCountry: "DE" };
    expect(messagesOf(helpRequestInput, { ...valid, helpType: undefined })).toEqual([Msg.requestTypeRequired]);
    expect(messagesOf(helpRequestInput, { ...valid, helpType: "advice" })).toEqual([Msg.requestTypeRequired]);
    expect(issuesOf(helpRequestInput, { ...valid, title: "  " })).toEqual([`title: ${Msg.titleRequired}`]);
    expect(issuesOf(helpRequestInput, { ...valid, description: "" })).toEqual([
      `description: ${Msg.descriptionIsRequired}`,
    ]);
    expect(issuesOf(helpRequestInput, { ...valid, description: "x".repeat(2001) })).toEqual([
      `description: ${Msg.textTooLong}`,
    ]);
    for (const targetCountry of ["de", "DEU", "D"]) {
      expect(messagesOf(helpRequestInput, { ...valid, targetCountry })).toContain(Msg.invalidCountry);
    }
    expect(issuesOf(helpRequestInput, { ...valid, productCategory: "uranium" })).not.toEqual([]);
    expect(issuesOf(helpRequestInput, { ...valid, expertiseAreas: ["astrology"] })).not.toEqual([]);
    expect(
      issuesOf(helpRequestInput, { ...valid, expertiseAreas: ["legal", "marketing", "commercial", "legal"] }),
    ).not.toEqual([]);
    expect(issuesOf(helpRequestInput, { ...valid, employmentType: "freelance" })).not.toEqual([]);
    expect(issuesOf(helpRequestInput, { ...valid, employmentType: "full_time" })).toEqual([]);
    expect(issuesOf(helpRequestInput, { ...valid, serviceType: "banking" })).not.toEqual([]);
    expect(issuesOf(helpRequestInput, { ...valid, urgency: "asap" })).not.toEqual([]);
    expect(helpRequestInput.parse({ ...valid, urgency: "high" }).urgency).toBe("high");
  });
});
