/**
 * Services (issue #15 §1): the fields a provider publishes with their messages, who may publish,
 * the review input, and the dialog's filter `serviceMatches` (its SQL twin is checked against it
 * in src/server/domain/services.test.ts).
 */
import { describe, expect, it } from "vitest";
import { serviceInput } from "../test/fixtures";
import { fieldMessagesOf, issuesOf, messagesOf } from "../test/zod";
import { Msg } from "./messages";
import {
  type FilterableService,
  mayPublishServices,
  type ServiceFilter,
  serviceFields,
  serviceMatches,
  serviceReviewInput,
} from "./services";

describe("serviceFields", () => {
  it("accepts the sample service, trims, dedupes lists and turns empty contacts into null", () => {
    const v = serviceFields.parse(
      serviceInput({ title: "  Logistics  ", countries: ["DE", "DE", "FR"], modes: ["online", "online"] }),
    );
    expect(v).toMatchObject({ title: "Logistics", countries: ["DE", "FR"], modes: ["online"] });
    expect(v.contactPhone).toBeNull();
    expect(v.contactWhatsapp).toBeNull();
  });

  it("names every missing required field with its message", () => {
    const errors = fieldMessagesOf(
      serviceFields,
      serviceInput({
        title: " ",
        description: "",
        serviceType: "" as never,
        exportServices: [],
        city: "",
        modes: [],
        contactEmail: "nope",
      }),
    );
    expect(errors).toMatchObject({
      title: [Msg.titleRequired],
      description: [Msg.serviceDescriptionRequired],
      serviceType: [Msg.serviceTypeRequired],
      exportServices: [Msg.exportServicesRequired],
      city: [Msg.cityRequired],
      modes: [Msg.modesRequired],
      contactEmail: [Msg.invalidEmail],
    });
  });

  it("limits the description to 150 words", () => {
    const words = (n: number) => Array.from({ length: n }, () => "word").join(" ");
    expect(issuesOf(serviceFields, serviceInput({ description: words(150) }))).toEqual([]);
    expect(messagesOf(serviceFields, serviceInput({ description: words(151) }))).toEqual([
      Msg.serviceDescriptionTooLong,
    ]);
  });

  it("checks phone and WhatsApp patterns, country codes, the nine export services and modes", () => {
    expect(messagesOf(serviceFields, serviceInput({ contactPhone: "12ab" }))).toEqual([Msg.invalidPhone]);
    expect(messagesOf(serviceFields, serviceInput({ contactWhatsapp: "12ab" }))).toEqual([Msg.invalidWhatsapp]);
    expect(issuesOf(serviceFields, serviceInput({ contactPhone: "+989121234567" }))).toEqual([]);
    expect(messagesOf(serviceFields, serviceInput({ country: "Germany" }))).toEqual([Msg.invalidCountry]);
    expect(messagesOf(serviceFields, serviceInput({ exportServices: ["banking" as never] }))).toEqual([
      Msg.exportServicesRequired,
    ]);
    expect(messagesOf(serviceFields, serviceInput({ modes: ["phone" as never] }))).toEqual([Msg.modesRequired]);
  });

  it("needs the end date on or after the start date", () => {
    expect(issuesOf(serviceFields, serviceInput({ startDate: "2027-01-10", endDate: "2027-01-10" }))).toEqual([]);
    expect(issuesOf(serviceFields, serviceInput({ startDate: "2027-01-10", endDate: null }))).toEqual([]);
    expect(issuesOf(serviceFields, serviceInput({ startDate: "2027-01-10", endDate: "2027-01-09" }))).toEqual([
      `endDate: ${Msg.dateOrder}`,
    ]);
  });
});

describe("mayPublishServices", () => {
  it("admits export experts, export service providers and field of activity C only", () => {
    expect(mayPublishServices({ activities: ["export_expert"], mainCategories: [] })).toBe(true);
    expect(mayPublishServices({ activities: ["export_service_provider"], mainCategories: [] })).toBe(true);
    expect(mayPublishServices({ activities: ["exporter"], mainCategories: ["C"] })).toBe(true);
    expect(mayPublishServices({ activities: ["exporter"], mainCategories: ["A", "B"] })).toBe(false);
    expect(mayPublishServices({ activities: [], mainCategories: [] })).toBe(false);
  });
});

describe("serviceReviewInput", () => {
  it("approves without a note; a rejection needs one", () => {
    expect(issuesOf(serviceReviewInput, { id: 1, decision: "approved" })).toEqual([]);
    expect(issuesOf(serviceReviewInput, { id: 1, decision: "rejected", notes: "  " })).toEqual([
      `notes: ${Msg.serviceRejectNoteRequired}`,
    ]);
    expect(serviceReviewInput.parse({ id: 1, decision: "rejected", notes: " Too vague " }).notes).toBe("Too vague");
  });
});

describe("serviceMatches", () => {
  const base: FilterableService = {
    providerId: "p",
    status: "approved",
    paused: false,
    serviceType: "consultancy",
    sectors: ["agriculture"],
    countries: ["DE"],
    exportServices: ["logistics", "e_commerce"],
  };
  const f: ServiceFilter = { serviceType: "consultancy", exportService: "logistics", sector: null, country: null };

  it("lists an approved, active service of the type offering the export service", () => {
    expect(serviceMatches(base, f, "viewer")).toBe(true);
    expect(serviceMatches(base, { ...f, sector: "agriculture", country: "DE" }, null)).toBe(true);
  });

  it("hides pending, rejected, paused, other-type, other-service and own services", () => {
    expect(serviceMatches({ ...base, status: "pending" }, f, null)).toBe(false);
    expect(serviceMatches({ ...base, status: "rejected" }, f, null)).toBe(false);
    expect(serviceMatches({ ...base, paused: true }, f, null)).toBe(false);
    expect(serviceMatches(base, { ...f, serviceType: "training" }, null)).toBe(false);
    expect(serviceMatches(base, { ...f, exportService: "incoterms_2020" }, null)).toBe(false);
    expect(serviceMatches(base, f, "p")).toBe(false);
  });

  it("narrows by sector and country only when the filter gives them (list-contains); an empty list serves all (ADR 17)", () => {
    expect(serviceMatches(base, { ...f, sector: "mining" }, null)).toBe(false);
    expect(serviceMatches(base, { ...f, country: "FR" }, null)).toBe(false);
    expect(serviceMatches({ ...base, sectors: [], countries: [] }, f, null)).toBe(true);
    expect(serviceMatches({ ...base, sectors: [] }, { ...f, sector: "agriculture" }, null)).toBe(true);
    expect(serviceMatches({ ...base, countries: [] }, { ...f, country: "FR" }, null)).toBe(true);
    expect(serviceMatches({ ...base, countries: [] }, { ...f, country: "FR", sector: "mining" }, null)).toBe(false);
  });
});
