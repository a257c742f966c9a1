/**
 * The Q&A form (spec part 2 §5 Q&A form: question and answer required).
 */
import { describe, expect, it } from "vitest";
import { issuesOf, messagesOf } from "../test/zod";
import { Msg } from "./messages";
import { QA_SUBSECTIONS, qaItemInput, qaUpdateInput } from "./qa";

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
