/**
 * Forms: Mantine validation from the same zod schemas the server uses (messages translated), a
 * refused mutation's field errors put on the form, and focus on the first invalid field.
 */
import type { FormErrors } from "@mantine/form";
import { schemaResolver } from "@mantine/form";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { translateServerText } from "../i18n/serverMessages";
import { fieldErrors } from "./errors";

/**
 * What a form checks beyond its schema: rules the schema only applies once everything else is
 * valid (an object refinement such as "a product or a country"), so that every problem shows at
 * once. A key set to `undefined` removes the schema's error for that field.
 */
export type FormRules<V> = (values: V) => Record<string, string | undefined>;

/**
 * The rule "at least one of `fields`" (e.g. a product or a country), its error on the first field
 * with the server's `message` (a `Msg` text, translated). A field counts as empty when it is
 * null, undefined or "".
 */
export function atLeastOneOf<V>(fields: readonly (keyof V & string)[], message: string): FormRules<V> {
  return (values) => {
    const given = fields.some((f) => values[f] !== null && values[f] !== undefined && values[f] !== "");
    const first = fields[0];
    return given || !first ? {} : { [first]: translateServerText(message) };
  };
}

/**
 * A synchronous `validate` function for `useForm` from a zod schema (the server's), its messages
 * translated. `input` turns the form's values into the schema's input (default: as they are);
 * `rules` add or remove errors (`FormRules`).
 */
export function validateWith<V = unknown>(
  schema: StandardSchemaV1,
  options: { input?: (values: V) => unknown; rules?: FormRules<V> } = {},
): (values: V) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => {
    const errors = resolve(options.input ? options.input(values) : values);
    const out: FormErrors = {};
    for (const [k, v] of Object.entries(errors)) out[k] = typeof v === "string" ? translateServerText(v) : v;
    for (const [k, v] of Object.entries(options.rules?.(values) ?? {})) {
      if (v === undefined) delete out[k];
      else out[k] = v;
    }
    return out;
  };
}

/** Where `focusFirstInvalid` looks. */
export interface FocusOptions {
  /** A selector of the form (or dialog) to search in; the whole page by default. */
  root?: string;
  /** A selector to scroll to when no control is marked invalid (e.g. the card of a field group). */
  fallback?: string;
}

/**
 * A control counts as invalid when Mantine marked it `aria-invalid`, or when it sits inside a
 * group that marks itself `data-error-anchor data-invalid="true"` (radio and checkbox groups,
 * whose inputs Mantine does not mark).
 */
const INVALID = [
  '[aria-invalid="true"]',
  '[data-error-anchor][data-invalid="true"] input',
  '[data-error-anchor][data-invalid="true"] button',
];

/**
 * After React has painted the errors (next animation frame): scrolls the first invalid control
 * of `root` into view and focuses it, or scrolls to `fallback` when none is marked.
 */
export function focusFirstInvalid({ root, fallback }: FocusOptions = {}): void {
  requestAnimationFrame(() => {
    const scope = root ? `${root} ` : "";
    const invalid = document.querySelector<HTMLElement>(INVALID.map((s) => scope + s).join(", "));
    const target = invalid ?? (fallback ? document.querySelector<HTMLElement>(fallback) : null);
    target?.scrollIntoView({ block: "center", behavior: "smooth" });
    invalid?.focus({ preventScroll: true });
  });
}

/** How a refused mutation's field errors map onto a form. */
export interface ServerErrorOptions {
  /** Server field → form field, where they differ (e.g. `attachmentUploadId` → `attachment`). */
  rename?: Record<string, string>;
  /** Only these form fields (others are dropped). */
  pick?: readonly string[];
  /** The form's own wording for a field the server refused (replaces the server's message). */
  replace?: Record<string, string>;
  /** Errors to add on top, e.g. from the refusal's message rather than its field errors. */
  extra?: FormErrors;
}

/**
 * The form errors of a refused tRPC mutation: the server's field messages (first per field,
 * translated; src/client/lib/errors.ts `fieldErrors`) mapped by `options`. Empty when the
 * refusal has none. Pure apart from reading the error.
 */
export function serverFormErrors(error: unknown, options: ServerErrorOptions = {}): FormErrors {
  const out: FormErrors = {};
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    const name = options.rename?.[field] ?? field;
    if (options.pick && !options.pick.includes(name)) continue;
    out[name] = options.replace?.[name] ?? message;
  }
  for (const [field, message] of Object.entries(options.extra ?? {})) {
    if (message) out[field] = message;
  }
  return out;
}

/**
 * Puts a refused mutation's field errors (`serverFormErrors`) on `form` and focuses the first
 * invalid field (`focusFirstInvalid`; `focus: false` to leave focus alone). Returns the errors
 * it set: empty when the refusal named no field, so the caller shows its general message.
 */
export function applyServerErrors(
  form: { setErrors: (errors: FormErrors) => void },
  error: unknown,
  options: ServerErrorOptions & { focus?: FocusOptions | false } = {},
): FormErrors {
  const errors = serverFormErrors(error, options);
  if (Object.keys(errors).length === 0) return errors;
  form.setErrors(errors);
  if (options.focus !== false) focusFirstInvalid(options.focus);
  return errors;
}

/** The first message of `errors` in field `order`; a nested key ("a.b") counts for its head ("a"). */
export function firstError(errors: FormErrors, order: readonly string[]): string | undefined {
  for (const field of order) {
    for (const [key, message] of Object.entries(errors)) {
      if ((key === field || key.startsWith(`${field}.`)) && message) return String(message);
    }
  }
  return undefined;
}
