/**
 * Mantine form validation from the same zod schemas the server uses, with messages translated.
 */
import type { FormErrors } from "@mantine/form";
import { schemaResolver } from "@mantine/form";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { translateServerText } from "../i18n/serverMessages";

/** A synchronous `validate` function for `useForm` from a zod schema. */
export function validateWith(schema: StandardSchemaV1): (values: unknown) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => {
    const errors = resolve(values);
    const out: FormErrors = {};
    for (const [k, v] of Object.entries(errors)) out[k] = typeof v === "string" ? translateServerText(v) : v;
    return out;
  };
}
