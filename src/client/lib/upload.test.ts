/**
 * How a refused upload is titled (issue #13 §4): the hourly limit is 'Upload limit exceeded'
 * (spec part 1 §8), not 'Upload failed'; a wrong type for the profile attachment names what the
 * field accepts.
 */
import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { Msg } from "../../common/messages";
import { failureFrom, formatFileSize, UPLOAD_FAILURE_TITLES } from "./upload";

i18n.loadAndActivate({ locale: "en", messages: {} });

describe("failureFrom", () => {
  it("a 429 is the upload limit, titled 'Upload limit exceeded'", () => {
    const failure = failureFrom(429, { error: { message: Msg.uploadLimit } }, "attachment");
    expect(failure.reason).toBe("rate_limited");
    expect(failure.message).toBe(Msg.uploadLimit);
    expect(i18n._(UPLOAD_FAILURE_TITLES[failure.reason as "rate_limited"])).toBe("Upload limit exceeded");
  });

  it("sizes and types keep their titles", () => {
    expect(failureFrom(413, { error: { message: Msg.attachmentTooLarge } }, "profile_attachment").reason).toBe(
      "too_large",
    );
    const wrongType = failureFrom(400, { error: { message: Msg.invalidAttachmentType } }, "profile_attachment");
    expect(wrongType.reason).toBe("invalid");
    expect(wrongType.message).toBe("Invalid file type. Only PDF, Word (DOC, DOCX) and JPEG files are allowed.");
    expect(i18n._(UPLOAD_FAILURE_TITLES.invalid)).toBe("Invalid file");
    expect(failureFrom(500, null, "attachment").reason).toBe("failed");
  });
});

describe("formatFileSize", () => {
  it("spells the unit in Persian as the rest of the Persian texts do (مگابایت, not MB)", () => {
    expect(formatFileSize(5 * 1024 * 1024, "fa")).toBe("۵ مگابایت");
    expect(formatFileSize(512 * 1024, "fa")).toBe("۵۱۲ کیلوبایت");
    expect(formatFileSize(5 * 1024 * 1024, "en")).toBe("5 MB");
  });
});
