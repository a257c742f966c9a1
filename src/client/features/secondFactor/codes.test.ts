import { describe, expect, it } from "vitest";
import { normalizeCode, recoveryCodeSchema, totpCodeSchema } from "../../../common/secondFactor";
import { codeFieldValue, isWholeTotpCode, localDigits, recoveryCodesFile } from "./codes";

describe("the code field", () => {
  it("shows Persian digits on Persian pages, Latin ones otherwise, whichever were typed", () => {
    expect(codeFieldValue("123456", "fa")).toBe("۱۲۳۴۵۶");
    expect(codeFieldValue("۱۲۳۴۵۶", "en")).toBe("123456");
    expect(codeFieldValue("١٢٣ ٤٥٦", "en")).toBe("123456");
    expect(codeFieldValue("12a3-45", "en")).toBe("12345");
    expect(codeFieldValue("1234567", "fa")).toBe("۱۲۳۴۵۶");
  });

  it("a whole code in either digits is what the server takes", () => {
    for (const typed of ["123456", "۱۲۳۴۵۶", "۱۲۳ ۴۵۶"]) {
      expect(isWholeTotpCode(typed)).toBe(true);
      expect(totpCodeSchema.parse(typed)).toBe("123456");
    }
    expect(isWholeTotpCode("12345")).toBe(false);
    expect(totpCodeSchema.safeParse("12345").success).toBe(false);
  });

  it("recovery codes are taken in any case, with or without the dash", () => {
    expect(recoveryCodeSchema.parse("ABCDE-FGHIJ".replace(/[FGHIJ]/g, "2"))).toBe("abcde22222");
    expect(normalizeCode(" abcde 22222 ")).toBe("abcde22222");
    expect(recoveryCodeSchema.safeParse("abcde-1111a").success).toBe(false);
  });
});

describe("recovery codes", () => {
  it("download as one code a line under a heading, exactly as shown", () => {
    expect(recoveryCodesFile(["abcde-fghij", "klmno-pqrst"], "Export Club recovery codes")).toBe(
      "Export Club recovery codes\n\nabcde-fghij\nklmno-pqrst\n",
    );
  });

  it("keeps everything but digits as it is", () => {
    expect(localDigits("abc-234", "fa")).toBe("abc-۲۳۴");
    expect(localDigits("abc-234", "en")).toBe("abc-234");
  });
});
