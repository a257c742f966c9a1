import { beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n";
import { activityLine, activityOptions, subActivityOptions, urgencyOptions } from "./options";

beforeAll(() => {
  i18n.loadAndActivate({ locale: "en", messages: {} });
});

describe("request form options", () => {
  it("lists the activity types and urgencies", () => {
    expect(activityOptions(i18n).map((o) => o.label)).toEqual(["Marketing", "Legal", "Commercial"]);
    expect(urgencyOptions(i18n)).toEqual([
      { value: "normal", label: "Normal" },
      { value: "urgent", label: "Urgent" },
    ]);
  });

  it("has no sub-activities before an activity type is chosen", () => {
    expect(subActivityOptions(i18n, null, "send")).toEqual([]);
  });

  it("leaves Arbitration out of the send form and keeps it for export services", () => {
    expect(subActivityOptions(i18n, "legal", "send").map((o) => o.value)).toEqual([
      "contract",
      "ip_registration",
      "company_registration",
    ]);
    expect(subActivityOptions(i18n, "legal", "exportServices").map((o) => o.value)).toContain("arbitration");
  });

  it("words the intermediaries entry per form", () => {
    const send = subActivityOptions(i18n, "marketing", "send")[0];
    const exportServices = subActivityOptions(i18n, "marketing", "exportServices")[0];
    expect(send).toEqual({ value: "intermediaries", label: "Intermediaries" });
    expect(exportServices?.label).toBe("Intermediaries (Broker, EMC, ETC, FTC, Merchant)");
  });

  it("writes a card's activity line, keeping unknown codes", () => {
    expect(activityLine(i18n, "marketing", "digital_marketing")).toBe("Marketing - Digital Marketing and e-commerce");
    expect(activityLine(i18n, "legal", null)).toBe("Legal");
    expect(activityLine(i18n, "old", "gone")).toBe("old - gone");
    expect(activityLine(i18n, null, "contract")).toBeNull();
  });
});
