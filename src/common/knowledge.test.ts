/**
 * The Share Knowledge form (spec part 2 §3, §5, §9): the fixed lists, the category each share
 * type accepts, and the exact spec texts of each refusal (common/messages.ts).
 */
import { describe, expect, it } from "vitest";
import { issuesOf, messagesOf } from "../test/zod";
import { HELP_TYPE_FIELD, HELP_TYPES } from "./help";
import { APPROVAL_POINTS, DEFAULT_APPROVAL_POINTS } from "./inbox";
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
import { HELPFUL_ANSWER_POINTS } from "./points";
import { SECTOR_CODES } from "./sectors";

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
