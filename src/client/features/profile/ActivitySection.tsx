/**
 * Field of activity (spec part 2 §2, §3, §4, §5): main categories A Exporting, B Service
 * Provision, C Consulting and Training, D Specialist — at most two; at two the other boxes are
 * disabled with 'Maximum of 2 categories selected'. Selecting a category reveals its details
 * (B grouped as B-1 Marketing, B-2 Legal, B-3 Commercial); deselecting removes them.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Box, Checkbox, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { memo, useId } from "react";
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_CATEGORY_CODES,
  type ActivityCategory,
  type ActivitySelections,
  MAX_MAIN_CATEGORIES,
  pruneActivityDetails,
  SERVICE_GROUPS,
} from "../../../common/profile";
import { ACTIVITY_CATEGORY_LABELS, activityDetailLabel, SERVICE_GROUP_LABELS } from "../../lib/labels";

export const ActivitySection = memo(function ActivitySection({
  value,
  onChange,
  error,
}: {
  value: ActivitySelections;
  onChange: (next: ActivitySelections) => void;
  error?: string;
}) {
  const { i18n } = useLingui();
  const limitId = useId();
  const atMax = value.mainCategories.length >= MAX_MAIN_CATEGORIES;

  function toggleCategory(c: ActivityCategory, on: boolean) {
    const mainCategories = on
      ? ACTIVITY_CATEGORY_CODES.filter((x) => x === c || value.mainCategories.includes(x))
      : value.mainCategories.filter((x) => x !== c);
    if (mainCategories.length > MAX_MAIN_CATEGORIES) return;
    onChange(pruneActivityDetails({ mainCategories, details: value.details }));
  }

  function setDetails(c: ActivityCategory, details: string[]) {
    const order = ACTIVITY_CATEGORIES[c].details as readonly string[];
    onChange({ ...value, details: { ...value.details, [c]: order.filter((d) => details.includes(d)) } });
  }

  function detailBox(c: ActivityCategory, code: string) {
    return <Checkbox key={code} value={code} label={labelOf(c, code)} size="sm" />;
  }

  function labelOf(c: ActivityCategory, code: string) {
    const l = activityDetailLabel(c, code);
    return typeof l === "string" ? l : i18n._(l);
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <Trans>Choose up to two main categories, then the details that describe your work.</Trans>
      </Text>
      {ACTIVITY_CATEGORY_CODES.map((c) => {
        const checked = value.mainCategories.includes(c);
        const disabled = !checked && atMax;
        const details = value.details[c] ?? [];
        return (
          <Box
            key={c}
            p="sm"
            style={{
              border: `1px solid ${checked ? "var(--mantine-color-teal-4)" : "var(--mantine-color-default-border)"}`,
              borderRadius: 10,
              background: checked ? "light-dark(var(--mantine-color-teal-0), var(--mantine-color-dark-6))" : undefined,
            }}
            data-testid={`activity-${c}`}
          >
            <Checkbox
              checked={checked}
              disabled={disabled}
              onChange={(e) => toggleCategory(c, e.currentTarget.checked)}
              aria-describedby={disabled ? limitId : undefined}
              label={
                <Group gap={8} wrap="nowrap" component="span">
                  <Badge size="sm" variant={checked ? "filled" : "light"} color="teal" component="span">
                    {c}
                  </Badge>
                  <Text component="span" fw={600} size="sm">
                    {i18n._(ACTIVITY_CATEGORY_LABELS[c])}
                  </Text>
                </Group>
              }
            />
            {checked && (
              <Checkbox.Group
                value={details}
                onChange={(v) => setDetails(c, v)}
                aria-label={i18n._(ACTIVITY_CATEGORY_LABELS[c])}
                mt="sm"
                ps={{ base: 0, xs: "xl" }}
              >
                {c === "B" ? (
                  <Stack gap="sm">
                    {SERVICE_GROUPS.map((g) => (
                      <div key={g.code}>
                        <Text size="sm" fw={600} mb={6}>
                          {g.code} {i18n._(SERVICE_GROUP_LABELS[g.code])}
                        </Text>
                        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={8}>
                          {ACTIVITY_CATEGORIES.B.details
                            .filter((d) => d.startsWith(g.prefix))
                            .map((d) => detailBox(c, d))}
                        </SimpleGrid>
                      </div>
                    ))}
                  </Stack>
                ) : (
                  <Group gap="lg">
                    {(ACTIVITY_CATEGORIES[c].details as readonly string[]).map((d) => detailBox(c, d))}
                  </Group>
                )}
              </Checkbox.Group>
            )}
          </Box>
        );
      })}
      {atMax && (
        <Group gap={6} wrap="nowrap" id={limitId} aria-live="polite">
          <IconInfoCircle size={16} color="var(--mantine-color-orange-6)" aria-hidden />
          <Text size="sm" c="orange.8" data-testid="activity-max">
            <Trans>Maximum of 2 categories selected</Trans>
          </Text>
        </Group>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
});
