/**
 * The validation rules of spec part 1 §5 with their exact messages.
 */
import { describe, expect, it } from "vitest";
import { fieldMessagesOf, messagesOf } from "../test/zod";
import { signInInput, signUpInput } from "./auth";
import { contactInput } from "./landing";
import { Msg } from "./messages";
import {
  dateSchema,
  emailSchema,
  nameSchema,
  PHONE_PATTERN,
  passwordSchema,
  passwordStrength,
  phoneSchema,
  plainText,
  productIdSchema,
  rowIdSchema,
  sanitizeText,
  timestampSchema,
  whatsappSchema,
} from "./validation";

describe("e-mail", () => {
  it("accepts a valid address, trimmed and lower-cased", () => {
    expect(emailSchema.parse("  Ada.Lovelace@Example.COM ")).toBe("ada.lovelace@example.com");
    expect(emailSchema.parse("x@y.io")).toBe("x@y.io");
  });

  it.each(["", "   ", "ada", "ada@", "@example.com", "ada@example", "ada lovelace@example.com", "ada@@example.com"])(
    "refuses %j with 'Please enter a valid email address'",
    (value) => {
      const got = messagesOf(emailSchema, value);
      expect(got.length).toBeGreaterThan(0);
      expect(new Set(got)).toEqual(new Set([Msg.invalidEmail]));
    },
  );

  it("refuses an address longer than 254 characters with the same message", () => {
    const long = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(new Set(messagesOf(emailSchema, long))).toEqual(new Set([Msg.invalidEmail]));
  });

  it("is the exact spec text", () => {
    expect(Msg.invalidEmail).toBe("Please enter a valid email address");
  });
});

describe("phone and WhatsApp", () => {
  it.each(["+989121234567", "989121234567", "+12", "12", "+123456789012345", " +989121234567 "])(
    "accepts %j",
    (value) => {
      expect(messagesOf(phoneSchema, value)).toEqual([]);
      expect(messagesOf(whatsappSchema, value)).toEqual([]);
    },
  );

  it.each([
    ["09121234567", "leading zero"],
    ["+09121234567", "zero after the plus"],
    ["+1234567890123456", "16 digits: too long"],
    ["1", "a single digit"],
    ["+", "a plus alone"],
    ["", "empty"],
    ["+98 912 123 4567", "spaces"],
    ["+98-912-1234567", "dashes"],
    ["++989121234567", "two pluses"],
    ["98912a234567", "a letter"],
  ])("refuses %j (%s)", (value) => {
    expect(messagesOf(phoneSchema, value)).toEqual(["Please enter a valid phone number"]);
    expect(messagesOf(whatsappSchema, value)).toEqual(["Please enter a valid WhatsApp number"]);
  });

  it("the pattern is an optional plus, a digit 1-9, then 1 to 14 digits", () => {
    expect(PHONE_PATTERN.test(`+1${"2".repeat(14)}`)).toBe(true);
    expect(PHONE_PATTERN.test(`+1${"2".repeat(15)}`)).toBe(false);
    expect(PHONE_PATTERN.test("1")).toBe(false);
  });
});

describe("password policy", () => {
  const ok = "Abcdef1!";

  it("accepts a password meeting every rule, at 8 and at 128 characters", () => {
    expect(messagesOf(passwordSchema, ok)).toEqual([]);
    expect(messagesOf(passwordSchema, `${ok}${"a".repeat(120)}`)).toEqual([]);
    for (const start of ["a", "Z", "7", "@", "$", "!", "%", "*", "?", "&"]) {
      expect(messagesOf(passwordSchema, `${start}Abcde1!x`)).toEqual([]);
    }
  });

  it("refuses fewer than 8 characters with 'Password must be at least 8 characters'", () => {
    expect(messagesOf(passwordSchema, "Abcde1!")).toContain("Password must be at least 8 characters");
    expect(messagesOf(passwordSchema, "")).toContain(Msg.passwordTooShort);
  });

  it("refuses more than 128 characters with 'Password is too long'", () => {
    const long = `${ok}${"a".repeat(121)}`;
    expect(long).toHaveLength(129);
    expect(messagesOf(passwordSchema, long)).toContain("Password is too long");
  });

  const composition =
    "Password must contain at least one lowercase letter, one uppercase letter, one number, and one special character";

  it.each([
    ["ABCDEF1!", "no lowercase letter"],
    ["abcdef1!", "no uppercase letter"],
    ["Abcdefg!", "no digit"],
    ["Abcdefg1", "no special character"],
    ["Abcdef1#", "# is not one of @$!%*?&"],
    ["-Abcdef1!", "starts with a character outside letters, digits and @$!%*?&"],
    [" Abcdef1!", "starts with a space"],
    ["_Abcdef1!", "starts with an underscore"],
  ])("refuses %j (%s) with the composition message", (value) => {
    expect(messagesOf(passwordSchema, value)).toEqual([composition]);
  });

  it("the composition message is the spec's text", () => {
    expect(Msg.passwordComposition).toBe(composition);
  });
});

describe("password strength meter", () => {
  it.each([
    ["", 0, "weak"],
    ["abc", 1, "weak"], // lowercase
    ["abcDEF", 2, "weak"], // lowercase, uppercase
    ["abcDEF12", 4, "good"], // length, lowercase, uppercase, digit
    ["abcdefgh", 2, "weak"], // length, lowercase
    ["abcdefg1", 3, "fair"], // length, lowercase, digit
    ["abcDEF1", 3, "fair"], // lowercase, uppercase, digit
    ["abcDE1!", 4, "good"], // lowercase, uppercase, digit, special (7 long)
    ["abcDEF1!", 5, "strong"],
    ["!!!!!!!!", 2, "weak"], // length, special
  ] as const)("%j scores %i (%s)", (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });

  it("maps each score 0..5 to weak, weak, weak, fair, good, strong", () => {
    const samples = ["", "a", "aB", "aB1", "aB1!", "aB1!xxxx"];
    expect(samples.map((p) => passwordStrength(p).score)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(samples.map((p) => passwordStrength(p).label)).toEqual(["weak", "weak", "weak", "fair", "good", "strong"]);
  });

  it("counts only @$!%*?& as special", () => {
    expect(passwordStrength("abcDEF1#").score).toBe(4);
    for (const c of "@$!%*?&") expect(passwordStrength(`abcDEF1${c}`).score).toBe(5);
  });
});

describe("sanitizeText", () => {
  it.each([
    ["<script>alert(1)</script>Hello", "Hello"],
    ['<SCRIPT type="text/javascript">alert(1)</SCRIPT >Hello', "Hello"],
    ["a<script>\nmulti\nline\n</script>b", "ab"],
    ['Hi<iframe src="https://evil.example"></iframe> there', "Hi there"],
    ['x<object data="evil.swf"><param name="a"></object>y', "xy"],
    ['x<embed src="evil.swf">y', "xy"],
    ['x<embed src="evil.swf"/>y', "xy"],
    ["<script src=x.js>", ""],
  ])("removes script, iframe, object and embed blocks: %j → %j", (input, output) => {
    expect(sanitizeText(input)).toBe(output);
  });

  it.each([
    ["javascript:alert(1)", "alert(1)"],
    ["JavaScript :alert(1)", "alert(1)"],
    ["see data:text/html;base64,xyz", "see text/html;base64,xyz"],
    ["VBScript:msgbox", "msgbox"],
  ])("removes the prefixes javascript:, data: and vbscript:: %j → %j", (input, output) => {
    expect(sanitizeText(input)).toBe(output);
  });

  it("removes angle brackets", () => {
    expect(sanitizeText("<b>bold</b> 1 < 2 > 0")).toBe("bbold/b 1  2  0");
    expect(sanitizeText('<img src=x onerror="alert(1)">')).toBe('img src=x onerror="alert(1)"');
  });

  it("trims", () => {
    expect(sanitizeText("  \n hello world \t ")).toBe("hello world");
    expect(sanitizeText("   <script>x</script>   ")).toBe("");
  });

  it("cuts to 1000 characters after trimming", () => {
    expect(sanitizeText("a".repeat(1500))).toHaveLength(1000);
    expect(sanitizeText(`   ${"b".repeat(1000)}`)).toBe("b".repeat(1000));
    expect(sanitizeText("c".repeat(999))).toHaveLength(999);
  });

  it("leaves plain text alone", () => {
    const text = "Hello, I export saffron to Germany & Italy (50% organic). Email: a@b.io";
    expect(sanitizeText(text)).toBe(text);
    expect(sanitizeText("سلام، صادرات زعفران")).toBe("سلام، صادرات زعفران");
  });
});

describe("contact form input", () => {
  const valid = { name: "Ada", email: " Ada@Example.com ", message: "I would like to know more." };

  it("accepts and normalises a valid message", () => {
    expect(contactInput.parse(valid)).toEqual({
      name: "Ada",
      email: "ada@example.com",
      message: "I would like to know more.",
    });
  });

  it("sanitises name and message before storing", () => {
    const parsed = contactInput.parse({
      name: " <b>Ada</b> ",
      email: "ada@example.com",
      message: "<script>steal()</script>Hello there, javascript:alert(1) friends",
    });
    expect(parsed).toEqual({ name: "bAda/b", email: "ada@example.com", message: "Hello there, alert(1) friends" });
  });

  it("'Name must be at least 2 characters' (counted after sanitising)", () => {
    expect(fieldMessagesOf(contactInput, { ...valid, name: "A" })).toEqual({
      name: ["Name must be at least 2 characters"],
    });
    expect(fieldMessagesOf(contactInput, { ...valid, name: "  A  " })).toEqual({ name: [Msg.nameTooShort] });
    expect(fieldMessagesOf(contactInput, { ...valid, name: "<script>Bob</script>" })).toEqual({
      name: [Msg.nameTooShort],
    });
  });

  it("'Name too long' above 100 characters", () => {
    expect(contactInput.safeParse({ ...valid, name: "n".repeat(100) }).success).toBe(true);
    expect(fieldMessagesOf(contactInput, { ...valid, name: "n".repeat(101) })).toEqual({ name: ["Name too long"] });
  });

  it("'Message must be at least 10 characters' (counted after sanitising)", () => {
    expect(fieldMessagesOf(contactInput, { ...valid, message: "Too short" })).toEqual({
      message: ["Message must be at least 10 characters"],
    });
    expect(fieldMessagesOf(contactInput, { ...valid, message: "<iframe>0123456789</iframe>hi" })).toEqual({
      message: [Msg.messageTooShort],
    });
    expect(contactInput.safeParse({ ...valid, message: "0123456789" }).success).toBe(true);
  });

  it("'Message too long' above 1000 characters", () => {
    expect(contactInput.safeParse({ ...valid, message: "m".repeat(1000) }).success).toBe(true);
    expect(fieldMessagesOf(contactInput, { ...valid, message: "m".repeat(1001) })).toEqual({
      message: ["Message too long"],
    });
  });

  it("reports each field's error under that field", () => {
    expect(fieldMessagesOf(contactInput, { name: "A", email: "nope", message: "short" })).toEqual({
      name: [Msg.nameTooShort],
      email: [Msg.invalidEmail],
      message: [Msg.messageTooShort],
    });
  });
});

describe("sign-up and sign-in inputs", () => {
  const valid = {
    name: "  Ada Lovelace ",
    email: "ADA@example.com",
    password: "Abcdef1!",
    activity: "exporter",
    userType: "individual",
  };

  it("trims the name, normalises the e-mail and drops an empty referral code", () => {
    expect(signUpInput.parse({ ...valid, referralCode: "  " })).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      password: "Abcdef1!",
      activity: "exporter",
      userType: "individual",
      referralCode: undefined,
    });
  });

  it("uses the spec's messages for name, activity and user type", () => {
    expect(fieldMessagesOf(signUpInput, { ...valid, name: "A", activity: undefined, userType: "robot" })).toEqual({
      name: [Msg.nameTooShort],
      activity: [Msg.chooseActivity],
      userType: [Msg.chooseUserType],
    });
    expect(messagesOf(nameSchema, "x".repeat(101))).toEqual([Msg.nameTooLong]);
  });

  it("sign-in checks only the e-mail shape and says 'Invalid email or password' otherwise", () => {
    expect(signInInput.parse({ email: " Ada@Example.com", password: "anything" })).toEqual({
      email: "ada@example.com",
      password: "anything",
    });
    expect(fieldMessagesOf(signInInput, { email: "ada@example.com", password: "" })).toEqual({
      password: [Msg.invalidCredentials],
    });
  });
});

describe("values the database would refuse or alter (issue #10 §4)", () => {
  const title = plainText().trim().min(1, Msg.titleRequired).max(200, Msg.textTooLong);

  it.each([
    ["a NUL", "a\u0000b"],
    ["a bell", "ding\u0007"],
    ["an escape sequence", "\u001b[31mred"],
    ["DEL", "x\u007f"],
    ["a lone high surrogate", "x\ud800"],
    ["a lone low surrogate", "\udc00y"],
  ])("free text with %s is refused with Msg.invalidCharacters, before any other rule", (_label, text) => {
    expect(messagesOf(title, text)).toEqual([Msg.invalidCharacters]);
  });

  it("free text keeps tabs, line breaks, Persian, bidi marks and emoji (paired surrogates)", () => {
    for (const text of ["a\tb", "line 1\r\nline 2", "زعفران صادراتی", "\u200fسلام\u200e", "🏳️‍🌈 𝕏"]) {
      expect(messagesOf(title, text), text).toEqual([]);
    }
  });

  it("a product id must fit Postgres int4: 2^31 − 1 passes, 2^31 is refused with Msg.invalidProduct", () => {
    expect(messagesOf(productIdSchema, 2 ** 31 - 1)).toEqual([]);
    expect(messagesOf(productIdSchema, 2 ** 31)).toEqual([Msg.invalidProduct]);
  });

  it("a row id is a positive safe integer (int8 holds every one)", () => {
    expect(messagesOf(rowIdSchema, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(messagesOf(rowIdSchema, 0)).not.toEqual([]);
    expect(messagesOf(rowIdSchema, Number.MAX_SAFE_INTEGER + 2)).not.toEqual([]);
  });

  it("dates lie from 1900 to 2100: year zero and five-digit years are refused with Msg.invalidDate", () => {
    expect(messagesOf(dateSchema, "2026-11-24")).toEqual([]);
    expect(messagesOf(dateSchema, "1900-01-01")).toEqual([]);
    expect(messagesOf(dateSchema, "2100-12-31")).toEqual([]);
    for (const bad of ["0000-01-01", "0001-01-01", "1899-12-31", "2101-01-01", "10000-01-01", "2026-02-30", "today"]) {
      expect(messagesOf(dateSchema, bad), bad).toContain(Msg.invalidDate);
    }
    expect(messagesOf(timestampSchema, "2026-11-24T10:00:00.000Z")).toEqual([]);
    for (const bad of ["0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "+275760-09-13T00:00:00.000Z"]) {
      expect(messagesOf(timestampSchema, bad), bad).toContain(Msg.invalidDate);
    }
  });
});
