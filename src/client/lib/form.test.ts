import { TRPCClientError } from "@trpc/client";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { Msg } from "../../common/messages";
import { i18n } from "../i18n";
import { applyServerErrors, atLeastOneOf, firstError, serverFormErrors, validateWith } from "./form";

beforeAll(() => {
  i18n.loadAndActivate({ locale: "en", messages: {} });
});

/** A refusal as the tRPC client hands it to a form: the server's flattened zod errors. */
function refusal(fieldErrors: Record<string, string[]>, message = "[zod dump]") {
  return new TRPCClientError(message, {
    result: { error: { code: -32600, message, data: { code: "BAD_REQUEST", fieldErrors } } },
  } as never);
}

interface Values {
  productId: number | null;
  countryCode: string | null;
  description: string;
  kind: "a" | "b" | null;
}

const schema = z
  .object({
    productId: z.number().nullable(),
    countryCode: z.string().nullable(),
    description: z.string().trim().min(1, Msg.descriptionIsRequired),
    kind: z.enum(["a", "b"], Msg.activityTypeRequired),
  })
  .refine((v) => v.productId !== null || v.countryCode !== null, {
    message: Msg.productOrCountrySend,
    path: ["productId"],
  });

describe("validateWith", () => {
  it("returns the schema's messages by field", () => {
    const validate = validateWith<Values>(schema);
    expect(validate({ productId: 1, countryCode: null, description: " ", kind: "a" })).toEqual({
      description: "Description is required",
    });
    expect(validate({ productId: 1, countryCode: null, description: "Saffron", kind: "a" })).toEqual({});
  });

  it("adds the rules the schema only checks once the rest is valid", () => {
    const plain = validateWith<Values>(schema);
    const empty = { productId: null, countryCode: null, description: "", kind: null };
    // The object refinement waits while a field has the wrong type (kind: null)…
    expect(plain(empty).productId).toBeUndefined();
    // …the rule says it at once, in the schema's own words.
    const validate = validateWith<Values>(schema, {
      rules: atLeastOneOf(["productId", "countryCode"], Msg.productOrCountrySend),
    });
    expect(validate(empty)).toEqual({
      description: "Description is required",
      kind: "Please select an activity type",
      productId: "At least one of Intended Product or Target Country must be selected",
    });
    expect(validate({ ...empty, countryCode: "DE" }).productId).toBeUndefined();
  });

  it("lets a rule remove a schema error, and maps values to the schema's input", () => {
    const validate = validateWith<{ text: string }>(z.object({ description: z.string().min(1, "x") }), {
      input: (v) => ({ description: v.text }),
      rules: () => ({ description: undefined }),
    });
    expect(validate({ text: "" })).toEqual({});
  });
});

describe("serverFormErrors", () => {
  it("takes the first message per field, translated", () => {
    const error = refusal({ description: [Msg.descriptionIsRequired, "second"], title: ["Not a spec text"] });
    expect(serverFormErrors(error)).toEqual({ description: "Description is required", title: "Not a spec text" });
  });

  it("renames, picks, replaces and adds", () => {
    const error = refusal({ attachmentUploadId: ["Bad file"], category: ["Invalid"], userId: ["Invalid"] });
    expect(
      serverFormErrors(error, {
        rename: { attachmentUploadId: "attachment" },
        pick: ["attachment", "category"],
        replace: { category: "Please select a country" },
        extra: { title: "Too short", empty: undefined },
      }),
    ).toEqual({ attachment: "Bad file", category: "Please select a country", title: "Too short" });
  });

  it("is empty for a network failure or a refusal without fields", () => {
    expect(serverFormErrors(new Error("offline"))).toEqual({});
    expect(serverFormErrors(refusal({}))).toEqual({});
  });
});

describe("applyServerErrors", () => {
  it("sets the errors on the form and reports them; leaves the form alone without any", () => {
    const form = { setErrors: vi.fn() };
    expect(applyServerErrors(form, refusal({ name: ["Too short"] }), { focus: false })).toEqual({ name: "Too short" });
    expect(form.setErrors).toHaveBeenCalledWith({ name: "Too short" });
    form.setErrors.mockClear();
    expect(applyServerErrors(form, refusal({}), { focus: false })).toEqual({});
    expect(form.setErrors).not.toHaveBeenCalled();
  });
});

describe("firstError", () => {
  it("follows the field order and counts nested keys for their head", () => {
    const errors = { "certificates.2": "Too long", name: "Required", mobile: "" };
    expect(firstError(errors, ["mobile", "certificates", "name"])).toBe("Too long");
    expect(firstError(errors, ["name", "certificates"])).toBe("Required");
    expect(firstError(errors, ["mobile"])).toBeUndefined();
  });
});
