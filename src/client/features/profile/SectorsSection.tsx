/**
 * Industrial sectors (spec part 2 §2, §3): a checkbox grid of the 24 sectors, named in the
 * active language.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Checkbox, Group, SimpleGrid, Text } from "@mantine/core";
import { memo } from "react";
import { SECTORS, type SectorCode } from "../../../common/sectors";
import { formatNumber } from "../../i18n";

export const SectorsSection = memo(function SectorsSection({
  value,
  onChange,
  error,
}: {
  value: SectorCode[];
  onChange: (next: SectorCode[]) => void;
  error?: string;
}) {
  const { t, i18n } = useLingui();
  const count = formatNumber(value.length, i18n.locale);
  return (
    <Checkbox.Group
      label={t`Sectors you work in`}
      value={value}
      onChange={(v) => onChange(SECTORS.map((s) => s.code).filter((c) => v.includes(c)))}
      error={error}
    >
      <Group justify="space-between" mt={4} mb="xs" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          <Trans>{count} selected</Trans>
        </Text>
        {value.length > 0 && (
          <Anchor component="button" type="button" size="sm" onClick={() => onChange([])}>
            <Trans>Clear</Trans>
          </Anchor>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        {SECTORS.map((s) => (
          <Checkbox key={s.code} value={s.code} label={i18n.locale === "fa" ? s.nameFa : s.nameEn} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
});
