/**
 * Inputs for fuzzing the API (issue #10 §4): fast-check arbitraries derived from a zod schema
 * through its public JSON Schema (`z.toJSONSchema`, input side), with hostile values mixed in —
 * NUL and other control characters, lone surrogates, bidi marks, SQL and markup fragments, very
 * long strings, numbers at and beyond the integer limits of Postgres, impossible and year-zero
 * dates, and values of the wrong type.
 *
 *   const arb = inputArbitrary(schema, { shapedRate: 0.3, invalidRate: 0.05, hints: { category: fc.constantFrom("DE") } });
 *
 * Refinements (`.refine`) do not show in a JSON Schema: `hints` gives valid values for fields
 * whose validity depends on other fields or on a list, so that many generated inputs get past
 * validation and reach the handlers and the database.
 */
import fc from "fast-check";
import { z } from "zod";

/** The part of JSON Schema (draft 2020-12) that `z.toJSONSchema` emits for our inputs. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

/** Largest value of a Postgres `integer` (int4). */
const INT4_MAX = 2 ** 31 - 1;

/** Whole strings that a careless server turns into a 500 or worse. */
export const HOSTILE_STRINGS: readonly string[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0001\u0002\u001f\u007f",
  "\ud800",
  "x\udfffy",
  "\ud83d",
  "\u202eevil\u202c",
  "\u200f\u200e\u061c",
  "\ufeff",
  "\uffff\ufffe",
  "𝕏🏳️‍🌈👩‍👩‍👧‍👦",
  "e\u0301\u0301\u0301\u0301",
  "'; drop table users; --",
  "' OR '1'='1",
  "%",
  "_%_",
  "\\",
  "\\x00",
  "$1",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  "${7*7}",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "2147483648",
  "9223372036854775808",
  "null",
  "undefined",
  "__proto__",
  "constructor",
  "0000-01-01",
  "0000-01-01T00:00:00Z",
  "\r\n\t",
  "x".repeat(10_001),
  "سلام دنیا",
];

/** Fragments inserted into otherwise valid strings (the value keeps its shape and length). */
export const HOSTILE_FRAGMENTS: readonly string[] = [
  "\u0000",
  "\u0007",
  "\u001b[31m",
  "\u007f",
  "\ud800",
  "\udc00",
  "\u202e",
  "\u200f",
  "'",
  '"',
  "\\",
  "%",
  "_",
  "--",
  ";",
  "\n",
];

/** Numbers at and beyond the limits: int4 and int8 edges, unsafe integers, fractions, extremes. */
export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  1.000_000_1,
  INT4_MAX,
  INT4_MAX + 1,
  -INT4_MAX - 2,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  -(2 ** 63) - 1e4,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

/**
 * Dates of the ISO shape (a plain `YYYY-MM-DD` check passes them) that Postgres refuses or
 * that no form means: year zero, year one, the last day of 9999.
 */
export const HOSTILE_DATES: readonly string[] = ["0000-01-01", "0000-02-29", "0001-01-01", "9999-12-31"];

/** Dates that are not ones: five-digit and negative years, 30 February, month zero. */
export const INVALID_DATES: readonly string[] = [
  "-0001-01-01",
  "10000-01-01",
  "2024-02-30",
  "1900-02-29",
  "2000-00-00",
];

/** Timestamps of the ISO shape that Postgres refuses (year zero) or that no client sends. */
export const HOSTILE_DATETIMES: readonly string[] = [
  "0000-01-01T00:00:00Z",
  "0000-01-01T00:00:00.000Z",
  "0001-01-01T00:00:00Z",
  "9999-12-31T23:59:59.999Z",
];

/** Timestamps that are not ones or overflow a JavaScript Date. */
export const INVALID_DATETIMES: readonly string[] = [
  "+275760-09-13T00:00:00.000Z",
  "294277-01-01T00:00:00Z",
  "2024-02-30T00:00:00Z",
  "2024-01-01T25:00:00Z",
];

/** Values of the wrong type for any field. */
const WRONG_TYPE: readonly unknown[] = [null, true, false, 0, "", "0", [], {}, [null], { "": null }];

export interface InputArbitraryOptions {
  /**
   * Chance (0–1) that a leaf is a hostile value of the right shape, one that a JSON Schema
   * accepts: a string with a NUL or a lone surrogate inside, an integer at the int4 edge, a
   * year-zero date. These get past a careless validation and reach the database.
   */
  shapedRate: number;
  /** Chance (0–1) that a leaf is plainly invalid: the wrong type, too long, out of range. */
  invalidRate: number;
  /** Valid values by property name, for fields whose rules a JSON Schema cannot show. */
  hints?: Record<string, fc.Arbitrary<unknown>>;
  /** UUIDs that exist (accounts, uploads), offered besides random ones. */
  uuids?: readonly string[];
}

/** The input-side JSON Schema of `schema`; refinements and transforms are left out. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** Inputs for `schema`: valid-looking values with hostile ones mixed in (see the options). */
export function inputArbitrary(schema: z.ZodType, opts: InputArbitraryOptions): fc.Arbitrary<unknown> {
  return arbitraryOf(jsonSchemaOf(schema), undefined, opts);
}

function weight(rate: number): number {
  return Math.max(0, Math.min(100, Math.round(rate * 100)));
}

/**
 * A leaf: `valid`, or with `shapedRate` a hostile value of the right shape, or with
 * `invalidRate` an invalid one (a fifth of those of the wrong type altogether).
 */
function leaf(
  valid: fc.Arbitrary<unknown>,
  shaped: fc.Arbitrary<unknown> | null,
  invalid: fc.Arbitrary<unknown>,
  opts: InputArbitraryOptions,
): fc.Arbitrary<unknown> {
  const shapedWeight = shaped ? weight(opts.shapedRate) : 0;
  const invalidWeight = weight(opts.invalidRate);
  const branches: fc.WeightedArbitrary<unknown>[] = [
    { weight: Math.max(1, 100 - shapedWeight - invalidWeight), arbitrary: valid },
  ];
  if (shaped && shapedWeight > 0) branches.push({ weight: shapedWeight, arbitrary: shaped });
  if (invalidWeight > 0) {
    branches.push({ weight: Math.max(1, Math.round(invalidWeight * 0.8)), arbitrary: invalid });
    branches.push({ weight: Math.max(1, Math.round(invalidWeight * 0.2)), arbitrary: fc.constantFrom(...WRONG_TYPE) });
  }
  return fc.oneof(...branches);
}

function arbitraryOf(s: JsonSchema, key: string | undefined, opts: InputArbitraryOptions): fc.Arbitrary<unknown> {
  const hint = key !== undefined ? opts.hints?.[key] : undefined;
  if (hint) return leaf(hint, null, fc.constantFrom(...HOSTILE_STRINGS), opts);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbitraryOf(a, key, opts)));
  if (s.allOf?.[0]) return arbitraryOf(s.allOf[0], key, opts);
  if ("const" in s) {
    return leaf(fc.constant(s.const), null, fc.constantFrom(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS), opts);
  }
  if (s.enum) {
    const valid = fc.constantFrom(...s.enum);
    const strings = s.enum.filter((v): v is string => typeof v === "string");
    const hostile = fc.oneof(
      fc.constantFrom(...HOSTILE_STRINGS),
      strings.length > 0 ? withFragment(fc.constantFrom(...strings)) : fc.constantFrom(...HOSTILE_NUMBERS),
    );
    return leaf(valid, null, hostile, opts);
  }
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "object":
      return objectOf(s, opts);
    case "array": {
      const items = s.items ? arbitraryOf(s.items, key, opts) : fc.jsonValue({ maxDepth: 1 });
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 4, 4));
      const valid = fc.array(items, { minLength, maxLength });
      // Sometimes far more items than allowed.
      const hostile = fc.array(items, { minLength: (s.maxItems ?? 40) + 1, maxLength: (s.maxItems ?? 40) + 3 });
      return leaf(valid, null, hostile, opts);
    }
    case "string":
      return leaf(validString(s, key, opts), shapedString(s, key, opts), invalidString(s), opts);
    case "integer":
    case "number":
      return leaf(
        validNumber(s, type === "integer"),
        edgeNumber(s),
        fc.constantFrom(...HOSTILE_NUMBERS, ...HOSTILE_STRINGS),
        opts,
      );
    case "boolean":
      return leaf(fc.boolean(), null, fc.constantFrom("true", 1, 0, "false", null), opts);
    case "null":
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(s: JsonSchema, opts: InputArbitraryOptions): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const entries = Object.entries(props);
  if (entries.length === 0) {
    // A record (`z.record`, `z.partialRecord`): keys from `propertyNames`, values from `additionalProperties`.
    const keys = s.propertyNames ? arbitraryOf(s.propertyNames, undefined, opts) : fc.string({ maxLength: 8 });
    const values =
      typeof s.additionalProperties === "object" ? arbitraryOf(s.additionalProperties, undefined, opts) : fc.anything();
    return fc.dictionary(
      keys.filter((k): k is string => typeof k === "string"),
      values,
      { maxKeys: 3 },
    );
  }
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, sub] of entries) shape[name] = arbitraryOf(sub, name, opts);
  const required = new Set(s.required ?? []);
  // Fields with a default are optional on the input side; keep most fields present so that the
  // input gets past validation, and drop a required one only as a hostile variant.
  const record = fc.record(shape, {
    requiredKeys: entries.map(([name]) => name).filter((n) => required.has(n) || props[n]?.default === undefined),
  });
  const missingOne =
    required.size > 0
      ? fc.tuple(record, fc.constantFrom(...required)).map(([r, k]) => {
          const copy = { ...(r as Record<string, unknown>) };
          delete copy[k];
          return copy;
        })
      : record;
  const extraKey = record.map((r) => ({
    ...(r as Record<string, unknown>),
    "\u0000": 1,
    constructor: { prototype: 1 },
  }));
  const bad = Math.round(weight(opts.invalidRate) / 5);
  if (bad === 0) return record;
  return fc.oneof(
    { weight: 100, arbitrary: record },
    { weight: bad, arbitrary: missingOne },
    { weight: bad, arbitrary: extraKey },
  );
}

const DATE_RANGE = {
  min: new Date("1990-01-01T00:00:00Z"),
  max: new Date("2090-12-31T23:59:59Z"),
  noInvalidDate: true,
};

function validString(s: JsonSchema, key: string | undefined, opts: InputArbitraryOptions): fc.Arbitrary<string> {
  const k = key?.toLowerCase() ?? "";
  if (s.format === "uuid") {
    return opts.uuids && opts.uuids.length > 0 ? fc.oneof(fc.uuid(), fc.constantFrom(...opts.uuids)) : fc.uuid();
  }
  if (s.format === "date") return fc.date(DATE_RANGE).map((d) => d.toISOString().slice(0, 10));
  if (s.format === "date-time") return fc.date(DATE_RANGE).map((d) => d.toISOString());
  if (s.format === "email" || k.includes("email")) return fc.emailAddress().filter((e) => e.length <= 254);
  if (k.includes("password")) return fc.constantFrom("Str0ng!Passw0rd", "An0ther!Passw0rd", "wrong");
  if (k.includes("linkedin")) return fc.constantFrom("https://www.linkedin.com/in/someone", "");
  if (k.includes("mobile") || k.includes("phone") || k.includes("whatsapp")) {
    return fc.constantFrom("+989121234567", "00491711234567", "");
  }
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern));
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 60, 60));
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: "grapheme" }),
    fc
      .array(fc.constantFrom("export", "saffron", "زعفران", "quality", "fair", "Tehran"), {
        minLength: Math.max(1, Math.ceil(minLength / 5)),
        maxLength: 6,
      })
      .map((words) => words.join(" ").padEnd(minLength, ".")),
  );
}

/** `valid` with a hostile fragment inserted at some position; mostly a NUL, a control character or a lone surrogate. */
function withFragment(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const fragment = fc.oneof(
    { weight: 3, arbitrary: fc.constant("\u0000") },
    { weight: 2, arbitrary: fc.constantFrom("\u0007", "\ud800", "\udc00") },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_FRAGMENTS) },
  );
  return fc.tuple(valid, fragment, fc.nat()).map(([v, f, at]) => {
    const i = at % (v.length + 1);
    return v.slice(0, i) + f + v.slice(i);
  });
}

/** Strings of the schema's shape that are hostile all the same (see `shapedRate`). */
function shapedString(s: JsonSchema, key: string | undefined, opts: InputArbitraryOptions): fc.Arbitrary<string> {
  if (s.format === "date") return fc.constantFrom(...HOSTILE_DATES);
  if (s.format === "date-time") return fc.constantFrom(...HOSTILE_DATETIMES);
  return withFragment(validString(s, key, opts));
}

/** Strings that break the schema or any sane rule: whole hostile strings, one character too many. */
function invalidString(s: JsonSchema): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [fc.constantFrom(...HOSTILE_STRINGS)];
  if (s.format === "date") options.push(fc.constantFrom(...INVALID_DATES));
  if (s.format === "date-time") options.push(fc.constantFrom(...INVALID_DATETIMES));
  if (s.maxLength !== undefined) options.push(fc.constant("y".repeat(s.maxLength + 1)));
  return fc.oneof(...options);
}

/** Integers the schema allows at the edges of Postgres' types (int4, and beyond 2^32). */
function edgeNumber(s: JsonSchema): fc.Arbitrary<number> | null {
  const { lo, hi } = rangeOf(s);
  const edges = [lo, hi, INT4_MAX, INT4_MAX + 1, 2 ** 32, 2 ** 40, Number.MAX_SAFE_INTEGER].filter(
    (n) => n >= lo && n <= hi,
  );
  return edges.length > 0 ? fc.constantFrom(...edges) : null;
}

function rangeOf(s: JsonSchema): { lo: number; hi: number } {
  const lo = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? -1_000_000);
  const hi = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : (s.maximum ?? Number.MAX_SAFE_INTEGER);
  return { lo, hi };
}

function validNumber(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const { lo, hi } = rangeOf(s);
  const smallLo = Math.min(Math.max(lo, -5), hi);
  const small = fc.integer({ min: smallLo, max: Math.max(smallLo, Math.min(hi, 30)) });
  const wide = integer
    ? fc.integer({ min: Math.max(lo, Number.MIN_SAFE_INTEGER), max: Math.min(hi, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ weight: 5, arbitrary: small }, { weight: 1, arbitrary: wide });
}
