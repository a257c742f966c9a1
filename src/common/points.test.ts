/**
 * The tier upgrade input (spec part 1 §4 Tier upgrade).
 */
import { describe, expect, it } from "vitest";
import { issuesOf } from "../test/zod";
import { TIERS } from "./constants";
import { upgradeTierInput } from "./points";

describe("upgradeTierInput", () => {
  it("accepts the three tiers only", () => {
    for (const tier of TIERS) expect(issuesOf(upgradeTierInput, { tier })).toEqual([]);
    expect(issuesOf(upgradeTierInput, { tier: "platinum" })).not.toEqual([]);
  });
});
