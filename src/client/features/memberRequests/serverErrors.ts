/**
 * Reading a refused request form: which spec texts the server sent (as message, field or form
 * errors), so the page can title its toast the way the spec does, and a readable message (a
 * zod refusal's `message` is a JSON dump, so its first field message is used instead).
 */
import { TRPCClientError } from "@trpc/client";
import { type MsgKey, msgKeyOf } from "../../../common/messages";
import { translateServerText } from "../../i18n/serverMessages";
import { errorCode, errorText } from "../../lib/errors";

interface RefusalData {
  fieldErrors?: Record<string, string[] | undefined> | null;
  formErrors?: string[] | null;
}

function rawTexts(error: unknown): string[] {
  if (!(error instanceof TRPCClientError)) return [];
  const data = error.data as RefusalData | undefined;
  const fields = Object.values(data?.fieldErrors ?? {}).flatMap((m) => m ?? []);
  return [...fields, ...(data?.formErrors ?? []), error.message];
}

/** The spec texts (by key) in a tRPC error, field errors first. */
export function serverMsgKeys(error: unknown): MsgKey[] {
  return rawTexts(error)
    .map((text) => msgKeyOf(text))
    .filter((k): k is MsgKey => k !== undefined);
}

/** The error's message in the user's language, preferring a field message over a zod dump. */
export function refusalText(error: unknown): string {
  if (!(error instanceof TRPCClientError)) return errorText(error);
  const data = error.data as RefusalData | undefined;
  const first =
    Object.values(data?.fieldErrors ?? {}).flatMap((m) => m ?? [])[0] ?? (data?.formErrors ?? [])[0] ?? undefined;
  return first ? translateServerText(first) : errorText(error);
}

/** True when the caller is signed out (the session ended while the form was open). */
export function isSignedOut(error: unknown): boolean {
  return errorCode(error) === "UNAUTHORIZED";
}
