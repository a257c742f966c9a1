import { beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_CATEGORY_CODES } from "../../../common/knowledge";
import { i18n } from "../../i18n";
import { categoryKind, categoryLabel, eventTypeOptions, productCategoryOptions } from "./options";

beforeAll(() => {
  i18n.loadAndActivate({ locale: "en", messages: {} });
});

describe("knowledge options", () => {
  it("sorts the product categories by label", () => {
    const labels = productCategoryOptions(i18n).map((o) => o.label);
    expect(labels).toHaveLength(PRODUCT_CATEGORY_CODES.length);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("keeps the event types in their fixed order, Other last", () => {
    const events = eventTypeOptions(i18n);
    expect(events[0]?.label).toBe("Trade fair or exhibition");
    expect(events.at(-1)?.label).toBe("Other event");
  });

  it("names a stored category for each share type", () => {
    const countryName = (code: string) => (code === "DE" ? "Germany" : code);
    expect(categoryLabel(i18n, "country", "DE", countryName)).toBe("Germany");
    expect(categoryLabel(i18n, "experience", "webinar", countryName)).toBe("Webinar");
    expect(categoryLabel(i18n, "regulations", "saffron_spices", countryName)).toBe("Saffron and spices");
    expect(categoryLabel(i18n, "documents", "retired_code", countryName)).toBe("retired_code");
    expect(categoryKind(i18n, "experience")).toBe("Event type");
  });
});
