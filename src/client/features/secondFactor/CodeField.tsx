/**
 * The 6-digit authenticator code field (docs/architecture.md "Security model"): numeric keyboard
 * on phones, the browser's one-time-code autofill, Persian digits on Persian pages, Latin or
 * Persian digits typed.
 */
import { useLingui } from "@lingui/react/macro";
import { TextInput } from "@mantine/core";
import type { Ref } from "react";
import { codeFieldValue } from "./codes";

export function CodeField({
  value,
  onChange,
  error,
  label,
  autoFocus,
  inputRef,
  testId = "totp-code",
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  label?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}) {
  const { t, i18n } = useLingui();
  return (
    <TextInput
      ref={inputRef}
      label={label ?? t`6-digit code from your authenticator app`}
      inputMode="numeric"
      autoComplete="one-time-code"
      dir="ltr"
      maxLength={12}
      value={value}
      onChange={(e) => onChange(codeFieldValue(e.currentTarget.value, i18n.locale))}
      error={error}
      data-autofocus={autoFocus || undefined}
      styles={{ input: { letterSpacing: "0.3em", fontVariantNumeric: "tabular-nums" } }}
      data-testid={testId}
    />
  );
}
