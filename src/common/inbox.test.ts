/**
 * The admin inbox review input (spec part 2 §4, §9): approval awards 50, 100 or 200 points.
 */
import { describe, expect, it } from "vitest";
import { issuesOf, messagesOf } from "../test/zod";
import { APPROVAL_POINTS, reviewKnowledgeInput } from "./inbox";
import { Msg } from "./messages";

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
