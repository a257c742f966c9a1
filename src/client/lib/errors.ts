/**
 * Reading tRPC errors in the UI: the translated message, per-field messages for forms, and
 * the server's retry delay.
 */

import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { TRPCClientError } from "@trpc/client";
import { translateServerText } from "../i18n/serverMessages";

interface ErrorData {
  code?: string;
  fieldErrors?: Record<string, string[] | undefined> | null;
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
