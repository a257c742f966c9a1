import { useLingui } from "@lingui/react/macro";
import { SegmentedControl, useDirection } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import type { Locale } from "../../common/constants";
import { activateLocale, directionOf, isLocale } from "../i18n";
import { useTRPC } from "../trpc";

/**
 * English / فارسی switch (spec part 1 §2, §4): the current one is highlighted; the choice is
 * remembered in the browser and, when signed in, on the account.
 */
export function LanguageSwitcher({ signedIn = false }: { signedIn?: boolean }) {
  const { i18n, t } = useLingui();
  const { setDirection } = useDirection();
  const trpc = useTRPC();
  const saveLocale = useMutation(trpc.session.setLocale.mutationOptions());

  async function change(value: string) {
    if (!isLocale(value) || value === i18n.locale) return;
    await switchLocale(value);
    if (signedIn) saveLocale.mutate({ locale: value });
  }

  async function switchLocale(locale: Locale) {
    await activateLocale(locale);
    setDirection(directionOf(locale));
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
