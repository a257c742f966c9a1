import { Trans, useLingui } from "@lingui/react/macro";
import { Group, Radio, SimpleGrid, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCalendarEvent, IconFileText, IconGavel, IconWorld } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { SHARE_TYPES, type ShareType } from "../../../common/knowledge";
import { SHARE_TYPE_LABELS } from "../../lib/labels";

const ICONS: Record<ShareType, ReactNode> = {
  country: <IconWorld size={22} />,
  regulations: <IconGavel size={22} />,
  documents: <IconFileText size={22} />,
  experience: <IconCalendarEvent size={22} />,
};

function Hint({ type }: { type: ShareType }) {
  switch (type) {
    case "country":
      return <Trans>Markets, buyers and business customs of a country</Trans>;
    case "regulations":
      return <Trans>Rules, standards and permits for a product</Trans>;
    case "documents":
      return <Trans>Forms, certificates and paperwork for a product</Trans>;
    case "experience":
      return <Trans>What you learned at a fair, mission or meeting</Trans>;
  }
}

/**
 * The four type buttons of Share Knowledge (spec part 2 §2). A radio group: Tab reaches each
 * card, the arrow keys move the choice (mirrored in right-to-left), Space or Enter picks.
 */
export function ShareTypePicker({ value, onChange }: { value: ShareType; onChange: (type: ShareType) => void }) {
  const { i18n } = useLingui();
  return (
    <Radio.Group
      value={value}
      onChange={(v) => onChange(v as ShareType)}
      label={<Trans>What would you like to share?</Trans>}
      name="share-type"
      data-testid="share-type"
    >
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" mt="xs">
        {SHARE_TYPES.map((type) => (
          <Radio.Card
            key={type}
            value={type}
            radius="md"
            p="sm"
            data-testid={`share-type-${type}`}
            style={{ height: "100%" }}
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <ThemeIcon size={36} radius="md" variant={value === type ? "filled" : "light"} color="teal" aria-hidden>
                  {ICONS[type]}
                </ThemeIcon>
                <Radio.Indicator size="xs" aria-hidden />
              </Group>
              <Text fw={600} size="sm" lh={1.3}>
                {i18n._(SHARE_TYPE_LABELS[type])}
              </Text>
              <Text size="xs" c="dimmed" visibleFrom="sm">
                <Hint type={type} />
              </Text>
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
