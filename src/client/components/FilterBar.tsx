/**
 * A list's filter bar: the search box and the filters side by side; on a phone the search box
 * stays and the other filters fold behind a "Filters" button that shows how many are set.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Button, Collapse, Group, Paper, SimpleGrid, Stack, useMantineTheme } from "@mantine/core";
import { useDisclosure, useId, useMediaQuery } from "@mantine/hooks";
import { IconAdjustmentsHorizontal } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatNumber } from "../i18n";

export function FilterBar({
  label,
  search,
  filters,
  activeFilters,
  canReset,
  onReset,
  cols,
}: {
  /** Accessible name of the region. */
  label: string;
  search: ReactNode;
  /** The other filters, each one grid cell. */
  filters: ReactNode;
  /** How many of `filters` are set (shown on the phone's Filters button). */
  activeFilters: number;
  canReset: boolean;
  onReset: () => void;
  cols: { xs: number; md: number; xl?: number };
}) {
  const { t } = useLingui();
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, undefined, { getInitialValueInEffect: false });
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  const reset = (
    <Button variant="default" onClick={onReset} disabled={!canReset} fullWidth data-testid="filters-reset">
      <Trans>Reset filters</Trans>
    </Button>
  );

  if (phone) {
    return (
      <Paper withBorder radius="lg" p="sm" component="section" aria-label={label}>
        <Stack gap="sm">
          {search}
          <Group gap="xs" grow>
            <Button
              variant="light"
              onClick={toggle}
              aria-expanded={opened}
              aria-controls={panelId}
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
              rightSection={
                activeFilters > 0 ? (
                  <Badge size="sm" circle aria-label={t`${activeFilters} set`}>
                    {formatNumber(activeFilters)}
                  </Badge>
                ) : null
              }
              data-testid="filters-toggle"
            >
              <Trans>Filters</Trans>
            </Button>
            {reset}
          </Group>
          <Collapse expanded={opened} id={panelId}>
            <Stack gap="sm">{filters}</Stack>
          </Collapse>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={label}>
      <SimpleGrid
        cols={{ base: 1, xs: cols.xs, md: cols.md, xl: cols.xl ?? cols.md }}
        spacing="sm"
        verticalSpacing="sm"
      >
        {search}
        {filters}
        <div style={{ alignSelf: "end" }}>{reset}</div>
      </SimpleGrid>
    </Paper>
  );
}
