import { useLingui } from "@lingui/react/macro";
import { SegmentedControl, useDirection } from "@mantine/core";
import type { Locale } from "../../common/constants";
import { activateLocale, directionOf, isLocale } from "../i18n";

/**
 * English / فارسی switch (spec part 1 §2, §4): the current one is highlighted; the choice is
 * remembered in the browser and, through `onChange` (the member layout saves it on the account),
 * wherever the caller keeps it. The public pages pass no `onChange`, so their JavaScript does
 * not include the mutation code.
 */
export function LanguageSwitcher({ onChange }: { onChange?: (locale: Locale) => void }) {
  const { i18n, t } = useLingui();
  const { setDirection } = useDirection();

  async function change(value: string) {
    if (!isLocale(value) || value === i18n.locale) return;
    await activateLocale(value);
    setDirection(directionOf(value));
    onChange?.(value);
  }

  return (
    <SegmentedControl
      size="xs"
      aria-label={t`Language`}
      value={i18n.locale}
      onChange={(v) => void change(v)}
      data={[
        { value: "en", label: "EN" },
        { value: "fa", label: "فا" },
      ]}
    />
  );
}
