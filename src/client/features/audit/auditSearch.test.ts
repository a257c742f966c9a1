/**
 * The audit log's URL filters: what parses is kept (account ids lower-cased), what does not is
 * dropped instead of failing the route; and every event type offered by the type filter has a
 * label in both catalogs' source (`AUDIT_EVENT_LABELS`).
 */
import { describe, expect, it } from "vitest";
import { MEMBER_VISIBLE } from "../../../server/domain/audit";
import { hasAuditFilters, validateAuditSearch } from "./auditSearch";
import { AUDIT_EVENT_LABELS, AUDIT_EVENT_TYPES, auditEventLabel } from "./eventLabels";

const ID = "0F8FAD5B-D9CB-469F-A165-70867728950E";

describe("validateAuditSearch", () => {
  it("keeps well-formed filters", () => {
    expect(
      validateAuditSearch({
        actor: ID,
        target: ID.toLowerCase(),
        q: "  Sara  ",
        type: "account_suspended",
        from: "2026-01-01",
        to: "2026-01-31",
        page: 3,
      }),
    ).toEqual({
      actor: ID.toLowerCase(),
      target: ID.toLowerCase(),
      q: "Sara",
      type: "account_suspended",
      from: "2026-01-01",
      to: "2026-01-31",
      page: 3,
    });
  });

  it("drops what does not parse", () => {
    expect(
      validateAuditSearch({
        actor: "admin",
        target: `${ID}x`,
        q: "   ",
        type: "DROP TABLE",
        from: "2026-02-30",
        to: "yesterday",
        page: 1,
      }),
    ).toEqual({});
    expect(hasAuditFilters({})).toBe(false);
    expect(hasAuditFilters({ target: ID })).toBe(true);
    expect(hasAuditFilters({ page: 2 })).toBe(false);
  });
});

describe("event labels", () => {
  it("label every type the server knows, and only those", () => {
    expect([...AUDIT_EVENT_TYPES].sort()).toEqual(Object.keys(MEMBER_VISIBLE).sort());
    for (const type of AUDIT_EVENT_TYPES) expect(auditEventLabel(type)).toBe(AUDIT_EVENT_LABELS[type]);
    expect(auditEventLabel("some_future_type")).toBeNull();
  });
});
