/**
 * The rating input (spec part 2 §5 Rating: 1 to 3 stars only).
 */
import { describe, expect, it } from "vitest";
import { issuesOf, messagesOf } from "../test/zod";

import { rateInput } from "./offers";

describe("rateInput", () => {
  it("accepts 1 to 3 stars only", () => {
    for (const rating of [1, 2, 3]) expect(issuesOf(rateInput, { responseId: 1, rating })).toEqual([]);
    for (const rating of [0, 4, -1]) {
      expect(messagesOf(rateInput, { responseId: 1, rating })).toEqual(["Please choose 1 to 3 stars."]);
    }
    expect(issuesOf(rateInput, { responseId: 1, rating: 2.5 })).not.toEqual([]);
  });
});
