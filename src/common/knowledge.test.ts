/**
 * Knowledge sharing, help requests and Q&A forms (spec part 2 §3, §5, §9; issue #5): the fixed
 * lists, the category each share type accepts, the per-type required field of a help request,
 * and the exact spec texts of each refusal (common/messages.ts).
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { TIERS } from "./constants";
import { HELP_TYPE_FIELD, HELP_TYPES, helpRequestInput } from "./help";
import { APPROVAL_POINTS, DEFAULT_APPROVAL_POINTS, reviewKnowledgeInput } from "./inbox";
import {
  categoryFits,
  EVENT_TYPES,
  KNOWLEDGE_COUNTRIES,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_CODES,
  SHARE_TYPES,
  type ShareType,
  shareKnowledgeInput,
} from "./knowledge";
import { Msg } from "./messages";
import { HELPFUL_ANSWER_POINTS, upgradeTierInput } from "./points";
import { QA_SUBSECTIONS, qaItemInput, qaUpdateInput } from "./qa";
import { SECTOR_CODES } from "./sectors";

/** The issues of a refused input as `path: message` lines (`[]` when accepted). */
function issuesOf(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

/** Every message of a refused input (`[]` when accepted). */
function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe("the fixed lists", () => {
  it("has 40 distinct knowledge countries (ISO alpha-2), 16 product categories and 12 event types", () => {
    expect(KNOWLEDGE_COUNTRIES).toHaveLength(40);
    expect(new Set(KNOWLEDGE_COUNTRIES).size).toBe(40);
    for (const c of KNOWLEDGE_COUNTRIES) expect(c).toMatch(/^[A-Z]{2}$/);
    expect(PRODUCT_CATEGORY_CODES).toHaveLength(16);
    expect(Object.keys(PRODUCT_CATEGORIES)).toEqual(PRODUCT_CATEGORY_CODES);
    expect(EVENT_TYPES).toHaveLength(12);
    expect(new Set(EVENT_TYPES).size).toBe(12);
  });

  it("routes every product category to a known industrial sector", () => {
    for (const sector of Object.values(PRODUCT_CATEGORIES)) {
      expect(SECTOR_CODES as readonly string[]).toContain(sector);
    }
  });

  it("names each help type's required field, and the points constants", () => {
    expect(Object.keys(HELP_TYPE_FIELD).sort()).toEqual([...HELP_TYPES].sort());
    expect(HELP_TYPE_FIELD).toEqual({
      country_knowledge: "targetCountry",
      product_experience: "productCategory",
      hire_expert: "expertiseAreas",
      trade_services: "serviceType",
      documents: "productCategory",
      collaboration: "productCategory",
    });
    expect(APPROVAL_POINTS).toEqual([50, 100, 200]);
    expect(DEFAULT_APPROVAL_POINTS).toBe(50);
    expect(HELPFUL_ANSWER_POINTS).toBe(15);
  });
});

describe("categoryFits", () => {
  /** Every choice of every list, and what each share type accepts of them. */
  const everyChoice = [...KNOWLEDGE_COUNTRIES, ...PRODUCT_CATEGORY_CODES, ...EVENT_TYPES] as string[];
  const accepted: Record<ShareType, readonly string[]> = {
    country: KNOWLEDGE_COUNTRIES,
    regulations: PRODUCT_CATEGORY_CODES,
    documents: PRODUCT_CATEGORY_CODES,
    experience: EVENT_TYPES,
  };

  it("accepts exactly the share type's own list", () => {
    for (const type of SHARE_TYPES) {
      expect(everyChoice.filter((c) => categoryFits(type, c))).toEqual([...accepted[type]]);
    }
  });

  it("refuses unknown values and inherited object keys", () => {
    for (const type of SHARE_TYPES) {
      for (const bad of ["", "XX", "de", "toString", "constructor", "__proto__", "hasOwnProperty"]) {
        expect(categoryFits(type, bad), `${type} / ${bad}`).toBe(false);
      }
    }
  });
});

describe("shareKnowledgeInput", () => {
  const base = {
    title: "Selling saffron in Dubai",
    content: "Customs clear in two days if the certificate of origin is attached.",
    eventDate: null,
    eventLocation: "",
    attachmentUploadId: null,
  };
  const sample: Record<ShareType, string> = {
    country: "AE",
    regulations: "saffron_spices",
    documents: "carpets_handicrafts",
    experience: "trade_fair",
  };

  it("accepts each type with a category of its own list, trimming and normalising", () => {
    for (const shareType of SHARE_TYPES) {
      expect(issuesOf(shareKnowledgeInput, { ...base, shareType, category: sample[shareType] })).toEqual([]);
    }
    expect(
      shareKnowledgeInput.parse({
        ...base,
        shareType: "experience",
        category: " trade_fair ",
        title: "  Gulfood 2025  ",
        content: "  Bring samples.  ",
        eventDate: "2025-02-17",
        eventLocation: "  Dubai World Trade Centre ",
        attachmentUploadId: "3f1c2a4e-8b7d-4c6e-9f0a-1b2c3d4e5f60",
      }),
    ).toEqual({
      shareType: "experience",
      category: "trade_fair",
      title: "Gulfood 2025",
      content: "Bring samples.",
      eventDate: "2025-02-17",
      eventLocation: "Dubai World Trade Centre",
      attachmentUploadId: "3f1c2a4e-8b7d-4c6e-9f0a-1b2c3d4e5f60",
    });
    expect(shareKnowledgeInput.parse({ ...base, shareType: "country", category: "TR" }).eventLocation).toBeNull();
    expect(
      shareKnowledgeInput.parse({ ...base, shareType: "country", category: "TR", eventLocation: "   " }),
    ).toMatchObject({ eventLocation: null });
  });

  it("refuses a category of another type's list, or none, with the selection message", () => {
    for (const shareType of SHARE_TYPES) {
      for (const other of SHARE_TYPES) {
        const category = sample[other];
        const fits =
          shareType === other ||
          (shareType === "regulations" && other === "documents") ||
          (shareType === "documents" && other === "regulations");
        expect(issuesOf(shareKnowledgeInput, { ...base, shareType, category }), `${shareType} / ${category}`).toEqual(
          fits ? [] : [`category: ${Msg.categoryRequired}`],
        );
      }
    }
    for (const category of ["", "   "]) {
      expect(messagesOf(shareKnowledgeInput, { ...base, shareType: "country", category })).toContain(
        Msg.categoryRequired,
      );
    }
    expect(issuesOf(shareKnowledgeInput, { ...base, shareType: "country", category: "ZZ" })).toEqual([
      `category: ${Msg.categoryRequired}`,
    ]);
    expect(issuesOf(shareKnowledgeInput, { ...base, shareType: "country", category: "ae" })).toEqual([
      `category: ${Msg.categoryRequired}`,
    ]);
  });

  it("requires a title and content with their spec texts", () => {
    const valid = { ...base, shareType: "country", category: "AE" };
    for (const blank of ["", "   \n "]) {
      expect(issuesOf(shareKnowledgeInput, { ...valid, title: blank })).toEqual([`title: ${Msg.titleRequired}`]);
      expect(issuesOf(shareKnowledgeInput, { ...valid, content: blank })).toEqual([`content: ${Msg.contentRequired}`]);
    }
    expect(messagesOf(shareKnowledgeInput, { ...valid, title: "", content: "" })).toEqual([
      Msg.titleRequired,
      Msg.contentRequired,
    ]);
    expect(issuesOf(shareKnowledgeInput, { ...valid, title: "x".repeat(200) })).toEqual([]);
    expect(issuesOf(shareKnowledgeInput, { ...valid, title: "x".repeat(201) })).toEqual([`title: ${Msg.textTooLong}`]);
    expect(issuesOf(shareKnowledgeInput, { ...valid, content: "x".repeat(10_000) })).toEqual([]);
    expect(issuesOf(shareKnowledgeInput, { ...valid, content: "x".repeat(10_001) })).toEqual([
      `content: ${Msg.textTooLong}`,
    ]);
  });

  it("refuses an unknown share type, a malformed date or attachment id", () => {
    const valid = { ...base, shareType: "country", category: "AE" };
    expect(issuesOf(shareKnowledgeInput, { ...valid, shareType: "gossip" })).not.toEqual([]);
    expect(issuesOf(shareKnowledgeInput, { ...valid, eventDate: "17/02/2025" })).not.toEqual([]);
    expect(issuesOf(shareKnowledgeInput, { ...valid, attachmentUploadId: "not-a-uuid" })).not.toEqual([]);
  });
});

describe("reviewKnowledgeInput", () => {
  it("approves with 50 (default), 100 or 200 points; rejects without points", () => {
    expect(reviewKnowledgeInput.parse({ id: 1, decision: "approved" })).toEqual({
      id: 1,
      decision: "approved",
      points: 50,
    });
    for (const points of APPROVAL_POINTS) {
      expect(issuesOf(reviewKnowledgeInput, { id: 1, decision: "approved", points })).toEqual([]);
    }
    for (const points of [0, 10, 75, 150, 1000, -50]) {
      expect(issuesOf(reviewKnowledgeInput, { id: 1, decision: "approved", points })).not.toEqual([]);
    }
    expect(reviewKnowledgeInput.parse({ id: 2, decision: "rejected", notes: "  Too short  " })).toEqual({
      id: 2,
      decision: "rejected",
      notes: "Too short",
    });
    expect(issuesOf(reviewKnowledgeInput, { id: 2, decision: "maybe" })).not.toEqual([]);
    expect(issuesOf(reviewKnowledgeInput, { id: 0, decision: "rejected" })).not.toEqual([]);
    expect(messagesOf(reviewKnowledgeInput, { id: 2, decision: "rejected", notes: "x".repeat(1001) })).toEqual([
      Msg.notesTooLong,
    ]);
  });
});

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

describe("upgradeTierInput", () => {
  it("accepts the three tiers only", () => {
    for (const tier of TIERS) expect(issuesOf(upgradeTierInput, { tier })).toEqual([]);
    expect(issuesOf(upgradeTierInput, { tier: "platinum" })).not.toEqual([]);
  });
});

describe("qaItemInput", () => {
  const valid = {
    question: "How do I share?",
    answer: "Use the form.",
    subsection: "club_related",
    isPublished: false,
  };

  it("accepts a draft or published item of either subsection, trimmed", () => {
    for (const subsection of QA_SUBSECTIONS) {
      for (const isPublished of [true, false]) {
        expect(issuesOf(qaItemInput, { ...valid, subsection, isPublished })).toEqual([]);
      }
    }
    expect(qaItemInput.parse({ ...valid, question: "  Q?  ", answer: " A. " })).toEqual({
      ...valid,
      question: "Q?",
      answer: "A.",
    });
  });

  it("refuses a blank question or answer with their spec texts, and overlong text", () => {
    expect(issuesOf(qaItemInput, { ...valid, question: "  " })).toEqual([`question: ${Msg.questionRequired}`]);
    expect(issuesOf(qaItemInput, { ...valid, answer: "" })).toEqual([`answer: ${Msg.answerRequired}`]);
    expect(messagesOf(qaItemInput, { ...valid, question: "", answer: "" })).toEqual([
      Msg.questionRequired,
      Msg.answerRequired,
    ]);
    expect(issuesOf(qaItemInput, { ...valid, question: "x".repeat(501) })).toEqual([`question: ${Msg.textTooLong}`]);
    expect(issuesOf(qaItemInput, { ...valid, answer: "x".repeat(10_001) })).toEqual([`answer: ${Msg.textTooLong}`]);
    expect(issuesOf(qaItemInput, { ...valid, subsection: "misc" })).not.toEqual([]);
    expect(issuesOf(qaItemInput, { ...valid, isPublished: undefined })).not.toEqual([]);
  });

  it("qaUpdateInput also needs a positive id", () => {
    expect(issuesOf(qaUpdateInput, { ...valid, id: 3 })).toEqual([]);
    expect(issuesOf(qaUpdateInput, valid)).not.toEqual([]);
    expect(issuesOf(qaUpdateInput, { ...valid, id: 0 })).not.toEqual([]);
  });
});
