/**
 * The member-request forms (spec part 2 §2, §5; DESIGN.md §8.8, §9): word counting, the
 * product-or-country rules, the sub-activity lists, the respond dialog and the rating, each
 * refused with its exact spec text (common/messages.ts).
 */
import { describe, expect, it } from "vitest";
import { issuesOf, messagesOf } from "../test/zod";
import { ACTIVITIES } from "./constants";
import {
  ACTIVITY_REQUEST_TYPE,
  BADGE_COUNT_CAP,
  countWords,
  DESCRIPTION_MAX_WORDS,
  EXPORT_SERVICES_ONLY_SUB_ACTIVITIES,
  exportServicesRequestInput,
  RECEIVED_PAGE_SIZE,
  REQUEST_TYPES,
  receivedListInput,
  requestTypesFor,
  respondInput,
  SERVICE_ACTIVITIES,
  SUB_ACTIVITIES,
  sendRequestInput,
  submitRequestInput,
  TYPES_FOR_ACTIVITY,
} from "./memberRequests";
import { Msg } from "./messages";

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");

describe("countWords", () => {
  it("counts runs of non-whitespace", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("   \n\t ")).toBe(0);
    expect(countWords("one")).toBe(1);
    expect(countWords("  one   two\tthree\nfour  ")).toBe(4);
    expect(countWords("فرش دستباف ایرانی")).toBe(3);
    expect(countWords("a-b c,d e.")).toBe(3);
    expect(countWords(words(30))).toBe(30);
  });
});

describe("submitRequestInput (/member-request)", () => {
  const valid = {
    productId: 1,
    countryCode: null,
    requestType: "co_marketing",
    description: "Looking for a partner in Germany",
  } as const;

  it("accepts a product or a country, defaults urgency to normal and trims the description", () => {
    expect(submitRequestInput.parse({ ...valid, description: "  hello there  " })).toEqual({
      productId: 1,
      countryCode: null,
      requestType: "co_marketing",
      description: "hello there",
      urgency: "normal",
    });
    expect(issuesOf(submitRequestInput, { ...valid, productId: null, countryCode: "DE" })).toEqual([]);
    expect(issuesOf(submitRequestInput, { ...valid, countryCode: "DE", urgency: "urgent" })).toEqual([]);
  });

  it("refuses neither product nor country", () => {
    expect(issuesOf(submitRequestInput, { ...valid, productId: null, countryCode: null })).toEqual([
      `productId: ${Msg.productOrCountry}`,
    ]);
  });

  it("30 words pass, 31 are refused; an empty description is refused", () => {
    expect(issuesOf(submitRequestInput, { ...valid, description: words(DESCRIPTION_MAX_WORDS) })).toEqual([]);
    expect(issuesOf(submitRequestInput, { ...valid, description: ` ${words(30).replaceAll(" ", " \n ")} ` })).toEqual(
      [],
    );
    expect(issuesOf(submitRequestInput, { ...valid, description: words(31) })).toEqual([
      "description: Please limit your description to 30 words or less.",
    ]);
    expect(messagesOf(submitRequestInput, { ...valid, description: "" })).toEqual([Msg.descriptionRequired]);
    expect(messagesOf(submitRequestInput, { ...valid, description: "   " })).toEqual([Msg.descriptionRequired]);
    // Few words but very long text is refused too.
    expect(messagesOf(submitRequestInput, { ...valid, description: "x".repeat(2001) })).toEqual([
      Msg.descriptionTooLong,
    ]);
  });

  it("requires a request type of the list and a country code of two capitals", () => {
    expect(messagesOf(submitRequestInput, { ...valid, requestType: undefined })).toEqual([Msg.requestTypeRequired]);
    expect(messagesOf(submitRequestInput, { ...valid, requestType: "barter" })).toEqual([Msg.requestTypeRequired]);
    expect(messagesOf(submitRequestInput, { ...valid, countryCode: "de" })).toEqual([Msg.invalidCountry]);
    expect(messagesOf(submitRequestInput, { ...valid, countryCode: "DEU" })).toEqual([Msg.invalidCountry]);
    expect(issuesOf(submitRequestInput, { ...valid, productId: 0 })).not.toEqual([]);
    expect(issuesOf(submitRequestInput, { ...valid, productId: 1.5 })).not.toEqual([]);
    expect(issuesOf(submitRequestInput, { ...valid, urgency: "asap" })).not.toEqual([]);
  });
});

describe("sendRequestInput (/member-request/send)", () => {
  const valid = {
    productId: null,
    countryCode: "AE",
    activityType: "legal",
    subActivity: "contract",
    description: "Need a contract reviewed",
  } as const;

  it("accepts every sub-activity of its activity except the export-services-only ones", () => {
    for (const activityType of SERVICE_ACTIVITIES) {
      for (const subActivity of SUB_ACTIVITIES[activityType]) {
        const expected = (EXPORT_SERVICES_ONLY_SUB_ACTIVITIES as readonly string[]).includes(subActivity)
          ? [`subActivity: ${Msg.subActivityRequired}`]
          : [];
        expect(issuesOf(sendRequestInput, { ...valid, activityType, subActivity }), subActivity).toEqual(expected);
      }
    }
    expect(issuesOf(sendRequestInput, { ...valid, activityType: "legal", subActivity: "arbitration" })).toEqual([
      `subActivity: ${Msg.subActivityRequired}`,
    ]);
  });

  it("refuses a sub-activity of another activity, an unknown or a missing one", () => {
    expect(messagesOf(sendRequestInput, { ...valid, activityType: "marketing", subActivity: "contract" })).toEqual([
      Msg.subActivityRequired,
    ]);
    expect(messagesOf(sendRequestInput, { ...valid, subActivity: "bribery" })).toEqual([Msg.subActivityRequired]);
    expect(messagesOf(sendRequestInput, { ...valid, subActivity: "" })).toContain(Msg.subActivityRequired);
  });

  it("requires an activity type", () => {
    expect(messagesOf(sendRequestInput, { ...valid, activityType: undefined })).toEqual([Msg.activityTypeRequired]);
    expect(messagesOf(sendRequestInput, { ...valid, activityType: "finance" })).toEqual([Msg.activityTypeRequired]);
  });

  it("requires a product or a country, with the send form's own text", () => {
    expect(issuesOf(sendRequestInput, { ...valid, countryCode: null })).toEqual([
      `productId: ${Msg.productOrCountrySend}`,
    ]);
    expect(issuesOf(sendRequestInput, { ...valid, countryCode: null, productId: 12 })).toEqual([]);
  });

  it("counts words too, with the send form's own texts, and defaults urgency to normal", () => {
    expect(sendRequestInput.parse({ ...valid, description: words(30) }).urgency).toBe("normal");
    expect(messagesOf(sendRequestInput, { ...valid, description: words(31) })).toEqual([
      "Description must be 30 words or less",
    ]);
    expect(messagesOf(sendRequestInput, { ...valid, description: " " })).toEqual([Msg.descriptionIsRequired]);
  });
});

describe("exportServicesRequestInput (/export-services/send-request)", () => {
  const valid = {
    sector: "agriculture",
    countryCode: "IQ",
    activityType: "legal",
    subActivity: "arbitration",
    description: "Arbitration of a dispute with a buyer",
    urgency: "urgent",
  } as const;

  it("accepts arbitration and keeps sector and country", () => {
    expect(exportServicesRequestInput.parse(valid)).toEqual(valid);
    for (const activityType of SERVICE_ACTIVITIES) {
      for (const subActivity of SUB_ACTIVITIES[activityType]) {
        expect(issuesOf(exportServicesRequestInput, { ...valid, activityType, subActivity })).toEqual([]);
      }
    }
  });

  it("requires a sector or a country", () => {
    expect(issuesOf(exportServicesRequestInput, { ...valid, sector: null, countryCode: null })).toEqual([
      `sector: ${Msg.sectorOrCountry}`,
    ]);
    expect(issuesOf(exportServicesRequestInput, { ...valid, sector: null })).toEqual([]);
    expect(issuesOf(exportServicesRequestInput, { ...valid, countryCode: null })).toEqual([]);
    expect(issuesOf(exportServicesRequestInput, { ...valid, sector: "space_travel" })).not.toEqual([]);
  });

  it("requires an urgency (no default here), an activity type and a sub-activity of it", () => {
    expect(messagesOf(exportServicesRequestInput, { ...valid, urgency: undefined })).toEqual([Msg.urgencyRequired]);
    expect(messagesOf(exportServicesRequestInput, { ...valid, activityType: undefined })).toEqual([
      Msg.activityTypeRequired,
    ]);
    expect(messagesOf(exportServicesRequestInput, { ...valid, subActivity: "logistics" })).toEqual([
      "Please select a sub-activity",
    ]);
    expect(messagesOf(exportServicesRequestInput, { ...valid, subActivity: "" })).toContain(Msg.selectSubActivity);
    expect(issuesOf(exportServicesRequestInput, { ...valid, description: words(30) })).toEqual([]);
    expect(messagesOf(exportServicesRequestInput, { ...valid, description: words(31) })).toEqual([
      Msg.descriptionMax30Words,
    ]);
    expect(messagesOf(exportServicesRequestInput, { ...valid, description: "" })).toEqual(["Description is required"]);
  });
});

describe("respondInput (respond dialog)", () => {
  const valid = {
    requestId: 7,
    message: "We can help with that.",
    contactEmail: "",
    contactPhone: "",
    contactWhatsapp: "+989121234567",
  };

  it("accepts one contact; empty contacts become null and everything is trimmed", () => {
    expect(respondInput.parse({ ...valid, message: "  Yes  ", contactEmail: " a@b.co " })).toEqual({
      requestId: 7,
      message: "Yes",
      contactEmail: "a@b.co",
      contactPhone: null,
      contactWhatsapp: "+989121234567",
    });
    expect(issuesOf(respondInput, { ...valid, contactWhatsapp: "", contactPhone: "00441234" })).not.toEqual([]);
    expect(issuesOf(respondInput, { ...valid, contactWhatsapp: "", contactPhone: "441234567" })).toEqual([]);
  });

  it("requires at least one contact method", () => {
    expect(issuesOf(respondInput, { ...valid, contactWhatsapp: "" })).toEqual([
      "contactEmail: Please provide at least one contact method (email, phone, or WhatsApp)",
    ]);
    expect(messagesOf(respondInput, { ...valid, contactWhatsapp: "   " })).toEqual([Msg.contactRequired]);
  });

  it("requires a message of 1 to 200 characters", () => {
    expect(messagesOf(respondInput, { ...valid, message: "" })).toEqual(["Please provide a brief response message"]);
    expect(messagesOf(respondInput, { ...valid, message: "   " })).toEqual([Msg.responseRequired]);
    expect(issuesOf(respondInput, { ...valid, message: "x".repeat(200) })).toEqual([]);
    expect(issuesOf(respondInput, { ...valid, message: ` ${"x".repeat(200)} ` })).toEqual([]);
    expect(messagesOf(respondInput, { ...valid, message: "x".repeat(201) })).toEqual([
      "Your response must be 200 characters or less",
    ]);
  });

  it("refuses an invalid e-mail, phone or WhatsApp number with its own text", () => {
    expect(issuesOf(respondInput, { ...valid, contactEmail: "not-an-email" })).toEqual([
      `contactEmail: ${Msg.invalidEmail}`,
    ]);
    expect(issuesOf(respondInput, { ...valid, contactPhone: "12ab" })).toEqual([`contactPhone: ${Msg.invalidPhone}`]);
    expect(issuesOf(respondInput, { ...valid, contactPhone: "+0123456" })).toEqual([
      `contactPhone: ${Msg.invalidPhone}`,
    ]);
    expect(issuesOf(respondInput, { ...valid, contactPhone: "+1234567890123456" })).toEqual([
      `contactPhone: ${Msg.invalidPhone}`,
    ]);
    expect(issuesOf(respondInput, { ...valid, contactWhatsapp: "0912 123 4567" })).toEqual([
      `contactWhatsapp: ${Msg.invalidWhatsapp}`,
    ]);
    // An invalid contact does not count as "a contact method" either.
    expect(messagesOf(respondInput, { ...valid, contactWhatsapp: "", contactEmail: "x@", contactPhone: "" })).toContain(
      Msg.invalidEmail,
    );
  });
});

describe("types and activities", () => {
  it("maps request types to the activities that receive them (DESIGN.md §9)", () => {
    expect(requestTypesFor(["export_expert"])).toEqual(["knowledge_sharing"]);
    expect(requestTypesFor(["export_service_provider"])).toEqual(["commercial_assistance"]);
    expect(requestTypesFor(["exporter"]).sort()).toEqual(["co_marketing", "product_sourcing"]);
    expect(requestTypesFor([])).toEqual([]);
    expect(requestTypesFor(["exporter", "export_expert", "exporter"]).sort()).toEqual([
      "co_marketing",
      "knowledge_sharing",
      "product_sourcing",
    ]);
    // Every type reaches exactly one activity.
    for (const type of REQUEST_TYPES) {
      expect(
        ACTIVITIES.filter((a) => TYPES_FOR_ACTIVITY[a].includes(type)),
        type,
      ).toHaveLength(1);
    }
  });

  it("the send forms' activity type decides the request type", () => {
    expect(ACTIVITY_REQUEST_TYPE).toEqual({
      marketing: "co_marketing",
      legal: "knowledge_sharing",
      commercial: "commercial_assistance",
    });
  });

  it("arbitration is a legal sub-activity of the export-services form only", () => {
    expect(EXPORT_SERVICES_ONLY_SUB_ACTIVITIES).toEqual(["arbitration"]);
    expect(SUB_ACTIVITIES.legal).toContain("arbitration");
    expect(SUB_ACTIVITIES.marketing).not.toContain("arbitration");
    expect(SUB_ACTIVITIES.commercial).not.toContain("arbitration");
  });

  it("the received list pages by 20 by default, 50 at most; the badge caps at 100", () => {
    expect(receivedListInput.parse({})).toEqual({ limit: RECEIVED_PAGE_SIZE });
    expect(RECEIVED_PAGE_SIZE).toBe(20);
    expect(BADGE_COUNT_CAP).toBe(100);
    expect(issuesOf(receivedListInput, { limit: 51 })).not.toEqual([]);
    expect(issuesOf(receivedListInput, { limit: 0 })).not.toEqual([]);
    expect(issuesOf(receivedListInput, { cursor: { createdAt: "yesterday", id: 1 } })).not.toEqual([]);
    expect(issuesOf(receivedListInput, { cursor: { createdAt: "2024-01-02T03:04:05.678Z", id: 3 }, limit: 5 })).toEqual(
      [],
    );
  });
});
