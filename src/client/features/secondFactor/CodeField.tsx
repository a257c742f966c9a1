/**
 * The 6-digit authenticator code field (docs/architecture.md "Security model"): numeric keyboard
 * on phones, the browser's one-time-code autofill, Persian digits on Persian pages, Latin or
 * Persian digits typed.
 */
import { useLingui } from "@lingui/react/macro";
import { TextInput } from "@mantine/core";
import { useEffect, useRef } from "react";
import { codeFieldValue } from "./codes";

export function CodeField({
  value,
  onChange,
  error,
  label,
  autoFocus,
  testId = "totp-code",
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  label?: string;
  autoFocus?: boolean;
  testId?: string;
}) {
  const { t, i18n } = useLingui();
  const own = useRef<HTMLInputElement>(null);
  // A dialog's own autofocus runs when it opens; this field may appear later (after loading).
  useEffect(() => {
    if (autoFocus) own.current?.focus();
  }, [autoFocus]);
  return (
    <TextInput
      ref={own}
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
