/**
 * A list's filter bar: the search box and the filters side by side; on a phone the search box
 * stays and the other filters fold behind a "Filters" button that shows how many are set.
 * `FilterSearch` is its search box and `FilterSelect` its dropdown filters.
 */
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Badge,
  Button,
  Collapse,
  type ComboboxData,
  Group,
  Paper,
  Select,
  type SelectProps,
  SimpleGrid,
  Stack,
  TextInput,
  type TextInputProps,
  useMantineTheme,
} from "@mantine/core";
import { useDisclosure, useId, useMediaQuery } from "@mantine/hooks";
import { IconAdjustmentsHorizontal, IconSearch } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatNumber } from "../i18n";
import { oneOf } from "../lib/searchParams";
import { useDebouncedSearchText } from "./useDebouncedSearchText";

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

type FilterSelectProps<T extends string> = Omit<
  SelectProps,
  "data" | "value" | "onChange" | "clearable" | "clearButtonProps" | "nothingFoundMessage"
> & {
  /** Undefined: not set. */
  value: T | undefined;
  /** Undefined when cleared. */
  onChange: (value: T | undefined) => void;
} & (
    | {
        /** A closed list of codes, shown by their `labels`; `onChange` only ever gets one of them. */
        codes: readonly T[];
        labels: Record<NoInfer<T>, MessageDescriptor>;
      }
    | {
        /** Ready-made options (a reference list: countries, sectors, categories…); the value stays a plain string. */
        data: string extends T ? ComboboxData : never;
      }
  );

/**
 * One dropdown filter of a `FilterBar`, bound to a URL search param: `value` undefined means
 * "not set" (the placeholder, e.g. "All types", shows), and clearing calls `onChange(undefined)`.
 * Always clearable, its clear button spoken "Clear"; `searchable` (for long reference lists) also
 * says "No matches" when typing finds nothing. Either `codes` + `labels` (options in the active
 * language, the value narrowed to the codes) or `data`; every other prop (label, placeholder,
 * filter, limit, data-testid…) goes to Mantine's Select.
 */
export function FilterSelect<T extends string>(props: FilterSelectProps<T>) {
  const { t, i18n } = useLingui();
  const shared = { clearable: true, clearButtonProps: { "aria-label": t`Clear` } };
  const nothingFoundMessage = props.searchable ? t`No matches` : undefined;
  if ("codes" in props) {
    const { codes, labels, value, onChange, ...rest } = props;
    return (
      <Select
        {...shared}
        nothingFoundMessage={nothingFoundMessage}
        {...rest}
        data={codes.map((code) => ({ value: code, label: i18n._(labels[code]) }))}
        value={value ?? null}
        onChange={(v) => onChange(oneOf(codes, v))}
      />
    );
  }
  const { value, onChange, ...rest } = props;
  // `data` is only allowed when T is string (see FilterSelectProps), so this is not a narrowing.
  return (
    <Select
      {...shared}
      nothingFoundMessage={nothingFoundMessage}
      {...rest}
      value={value ?? null}
      onChange={(v) => onChange((v ?? undefined) as T | undefined)}
    />
  );
}

/**
 * The search box of a `FilterBar`, bound to the URL's free-text param (`q`): `onChange` gets the
 * trimmed text (undefined when empty) after a 300 ms pause in typing, at once on Enter, and the box
 * follows `value` when the URL changes by itself (back, Reset) — see `useDebouncedSearchText`.
 * At most 100 characters (what `searchText` keeps from the URL). Other props (label, placeholder,
 * data-testid…) go to Mantine's TextInput.
 */
export function FilterSearch({
  value,
  onChange,
  ...rest
}: Omit<TextInputProps, "value" | "onChange" | "type" | "maxLength"> & {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const box = useDebouncedSearchText(value, onChange);
  return (
    <TextInput
      leftSection={<IconSearch size={16} aria-hidden />}
      {...rest}
      value={box.text}
      onChange={(e) => box.onChange(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === "Enter") box.flush();
      }}
      type="search"
      maxLength={100}
    />
  );
}
