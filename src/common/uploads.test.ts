/**
 * Upload rules of spec part 1 §5 and part 2 §5: file-name checks with the spec's messages,
 * name cleaning, and each purpose's limits and kinds.
 */
import { describe, expect, it } from "vitest";
import { Msg } from "./messages";
import { checkFileName, cleanFileName, extensionOf, UPLOAD_RULES } from "./uploads";

describe("checkFileName", () => {
  it("accepts each purpose's extensions, case-insensitively, and reports the kind", () => {
    expect(checkFileName("me.png", "profile_photo")).toEqual({ ok: true, kind: "png" });
    expect(checkFileName("me.JPG", "profile_photo")).toEqual({ ok: true, kind: "jpeg" });
    expect(checkFileName("me.jpeg", "profile_photo")).toEqual({ ok: true, kind: "jpeg" });
    expect(checkFileName("cv.pdf", "profile_attachment")).toEqual({ ok: true, kind: "pdf" });
    expect(checkFileName("cv.doc", "profile_attachment")).toEqual({ ok: true, kind: "doc" });
    expect(checkFileName("cv.Docx", "profile_attachment")).toEqual({ ok: true, kind: "docx" });
    expect(checkFileName("scan.jpg", "profile_attachment")).toEqual({ ok: true, kind: "jpeg" });
    for (const [name, kind] of [
      ["a.pdf", "pdf"],
      ["a.doc", "doc"],
      ["a.docx", "docx"],
      ["a.xls", "xls"],
      ["a.XLSX", "xlsx"],
      ["a.jpg", "jpeg"],
      ["a.png", "png"],
    ] as const) {
      expect(checkFileName(name, "attachment"), name).toEqual({ ok: true, kind });
    }
  });

  it("a wrong extension: 'Invalid file type. Only PDF, Word, Excel, and image files are allowed.'", () => {
    const invalid = { ok: false, message: "Invalid file type. Only PDF, Word, Excel, and image files are allowed." };
    for (const name of ["tool.exe", "x.pdf.exe", "page.html", "noextension", "archive.zip", "image.gif", "x.pdf."]) {
      expect(checkFileName(name, "attachment"), name).toEqual(invalid);
    }
    // Accepted for some purposes only: the refusal names what this field accepts (issue #13 §4).
    expect(checkFileName("cv.pdf", "profile_photo")).toEqual({
      ok: false,
      message: "Invalid file type. Only JPEG and PNG images are allowed.",
    });
    const attachment = {
      ok: false,
      message: "Invalid file type. Only PDF, Word (DOC, DOCX) and JPEG files are allowed.",
    };
    expect(checkFileName("chart.png", "profile_attachment")).toEqual(attachment);
    expect(checkFileName("sheet.xlsx", "profile_attachment")).toEqual(attachment);
  });

  it("a name longer than 255 characters: 'File name must be less than 255 characters.'", () => {
    expect(checkFileName(`${"a".repeat(251)}.pdf`, "attachment")).toEqual({ ok: true, kind: "pdf" });
    expect(checkFileName(`${"a".repeat(252)}.pdf`, "attachment")).toEqual({
      ok: false,
      message: "File name must be less than 255 characters.",
    });
  });

  it("an empty or blank name is refused", () => {
    expect(checkFileName("", "attachment")).toEqual({ ok: false, message: Msg.fileNameRequired });
    expect(checkFileName("   ", "attachment")).toEqual({ ok: false, message: Msg.fileNameRequired });
  });
});

describe("cleanFileName", () => {
  it("keeps letters, digits, dots and hyphens; everything else becomes '_'", () => {
    expect(cleanFileName("report-2024.v2.pdf")).toBe("report-2024.v2.pdf");
    expect(cleanFileName("my report (final)!!.pdf")).toBe("my_report__final___.pdf");
    expect(cleanFileName('a/b\\c:d*e?f"g<h>i|j.pdf')).toBe("a_b_c_d_e_f_g_h_i_j.pdf");
    expect(cleanFileName("tab\there\nnewline.pdf")).toBe("tab_here_newline.pdf");
    expect(cleanFileName("under_score.pdf")).toBe("under_score.pdf");
  });

  it("keeps letters and digits of any script", () => {
    expect(cleanFileName("گزارش ۱۴۰۳.pdf")).toBe("گزارش_۱۴۰۳.pdf");
    expect(cleanFileName("résumé.pdf")).toBe("résumé.pdf");
    // Decomposed accents are composed first, so they stay letters.
    expect(cleanFileName("re\u0301sume\u0301.pdf")).toBe("résumé.pdf");
  });

  it("collapses runs of dots to one", () => {
    expect(cleanFileName("my report (final)!!..pdf")).toBe("my_report__final___.pdf");
    expect(cleanFileName("../../etc/passwd")).toBe("._._etc_passwd");
    expect(cleanFileName("a....b...pdf")).toBe("a.b.pdf");
  });

  it("is at most 255 characters and never empty", () => {
    expect(cleanFileName(`${"x".repeat(300)}.pdf`)).toHaveLength(255);
    expect(cleanFileName("")).toBe("file");
    expect(cleanFileName("!!!")).toBe("___");
  });
});

describe("upload rules", () => {
  it("photo and profile attachment 1 MB, attachment 5 MB, each with its message", () => {
    expect(UPLOAD_RULES.profile_photo).toMatchObject({
      maxBytes: 1024 * 1024,
      kinds: ["jpeg", "png"],
      tooLarge: "Please select a photo smaller than 1MB.",
    });
    expect(UPLOAD_RULES.profile_attachment).toMatchObject({ maxBytes: 1024 * 1024, tooLarge: Msg.attachmentTooLarge });
    expect(UPLOAD_RULES.attachment).toMatchObject({
      maxBytes: 5 * 1024 * 1024,
      tooLarge: "File size must be less than 5MB",
    });
  });

  it("extensionOf: the lower-cased part after the last dot", () => {
    expect(extensionOf("a.b.PDF")).toBe("pdf");
    expect(extensionOf("none")).toBe("");
    expect(extensionOf("trailing.")).toBe("");
  });
});
