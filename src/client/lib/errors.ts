/**
 * Reading tRPC errors in the UI: the translated message, per-field messages for forms, the
 * server's retry delay, and which spec texts (`Msg` keys) a refusal carries.
 */

import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { TRPCClientError } from "@trpc/client";
import { type MsgKey, msgKeyOf } from "../../common/messages";
import { translateServerText } from "../i18n/serverMessages";

interface ErrorData {
  code?: string;
  fieldErrors?: Record<string, string[] | undefined> | null;
  formErrors?: string[] | null;
  retryAfterSeconds?: number | null;
}

function dataOf(error: unknown): ErrorData | undefined {
  return error instanceof TRPCClientError ? (error.data as ErrorData | undefined) : undefined;
}

/** The error's message in the user's language; a network failure gets a generic text. */
export function errorText(error: unknown): string {
  if (error instanceof TRPCClientError && error.data) return translateServerText(error.message);
  return i18n._(msg`An unexpected error occurred. Please try again.`);
}

export function errorCode(error: unknown): string | undefined {
  return dataOf(error)?.code;
}

/** Field → translated first message, for `form.setErrors`. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(dataOf(error)?.fieldErrors ?? {})) {
    const first = messages?.[0];
    if (first) out[field] = translateServerText(first);
  }
  return out;
}

export function retryAfterSeconds(error: unknown): number | null {
  return dataOf(error)?.retryAfterSeconds ?? null;
}

/** The untranslated texts of a refusal: field errors first, then form errors, then the message. */
function rawTexts(error: unknown): string[] {
  if (!(error instanceof TRPCClientError)) return [];
  const data = dataOf(error);
  const fields = Object.values(data?.fieldErrors ?? {}).flatMap((m) => m ?? []);
  return [...fields, ...(data?.formErrors ?? []), error.message];
}

/** The spec texts (by `Msg` key) in a tRPC error, field errors first, so a page can title its toast. */
export function serverMsgKeys(error: unknown): MsgKey[] {
  return rawTexts(error)
    .map((text) => msgKeyOf(text))
    .filter((k): k is MsgKey => k !== undefined);
}

/**
 * The error's message in the user's language, preferring a field (or form) message: a zod
 * refusal's `message` is a JSON dump.
 */
export function refusalText(error: unknown): string {
  if (!(error instanceof TRPCClientError)) return errorText(error);
  const data = dataOf(error);
  const first = Object.values(data?.fieldErrors ?? {}).flatMap((m) => m ?? [])[0] ?? (data?.formErrors ?? [])[0];
  return first ? translateServerText(first) : errorText(error);
}

/** True when the caller is signed out (the session ended while the page was open). */
export function isSignedOut(error: unknown): boolean {
  return errorCode(error) === "UNAUTHORIZED";
}
