/**
 * Searchable pickers over the reference data (src/client/lib/reference.ts): products (with
 * description and ISIC label), countries (with the ISO code) and the 24 sectors. Names are in the
 * active language; typing matches either language, folded like the server's search.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Group, Loader, Select, type SelectProps, Stack, Text } from "@mantine/core";
import { type Icon, IconBox, IconBuildingFactory2, IconWorld } from "@tabler/icons-react";
import { useMemo } from "react";
import { sectorOptions, useCountryOptions, useProducts } from "../lib/reference";

type PickerProps<V extends string | number> = Omit<SelectProps<V>, "data" | "filter" | "renderOption" | "searchable">;

/** What tells the three pickers apart: label, clear button, empty search, icon, test id. */
const KINDS = {
  product: {
    label: msg`Intended product`,
    clear: msg`Clear product`,
    nothingFound: msg`No products match your search`,
    Icon: IconBox,
  },
  country: {
    label: msg`Target country`,
    clear: msg`Clear country`,
    nothingFound: msg`No countries match your search`,
    Icon: IconWorld,
  },
  sector: {
    label: msg`Industrial sector`,
    clear: msg`Clear sector`,
    nothingFound: msg`No sectors match your search`,
    Icon: IconBuildingFactory2,
  },
} satisfies Record<
  string,
  { label: MessageDescriptor; clear: MessageDescriptor; nothingFound: MessageDescriptor; Icon: Icon }
>;

/**
 * The one searchable, clearable picker the three share, as its `kind` says (`KINDS`): a loader
 * and `disabled` while `loading`, a shadowed dropdown (280 px unless given); the other props
 * (placeholder, data, filter…) pass to Mantine's Select and override these.
 */
function ReferencePicker<V extends string | number>({
  kind,
  loading,
  ...props
}: SelectProps<V> & { kind: keyof typeof KINDS; loading?: boolean }) {
  const { t, i18n } = useLingui();
  const { label, clear, nothingFound, Icon } = KINDS[kind];
  return (
    <Select<V>
      label={i18n._(label)}
      rightSection={loading ? <Loader size="xs" aria-label={t`Loading`} /> : undefined}
      searchable
      clearable
      clearButtonProps={{ "aria-label": i18n._(clear) }}
      nothingFoundMessage={i18n._(nothingFound)}
      leftSection={<Icon size={16} aria-hidden />}
      maxDropdownHeight={280}
      comboboxProps={{ shadow: "md" }}
      disabled={loading}
      data-testid={`${kind}-select`}
      {...props}
    />
  );
}

/**
 * Searchable product picker: each option shows the name, the description and the ISIC label
 * ("ISIC 01 — …"); typing filters on names and descriptions in either language.
 */
export function ProductSelect(props: PickerProps<number>) {
  const { t, i18n } = useLingui();
  const products = useProducts(i18n.locale);
  const empty = products.query.isSuccess && products.items.length === 0;
  return (
    <ReferencePicker<number>
      kind="product"
      placeholder={
        products.query.isPending ? t`Loading…` : empty ? t`No products in the catalogue yet` : t`Search products`
      }
      loading={products.query.isPending}
      maxDropdownHeight={320}
      disabled={products.query.isPending || empty}
      {...props}
      data={products.data}
      filter={products.filter}
      renderOption={({ option }) => {
        const p = products.byId.get(option.value);
        if (!p) return option.label;
        return (
          <Stack gap={2} py={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              {p.name}
            </Text>
            {p.description && (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {p.description}
              </Text>
            )}
            <Text size="xs" c="teal.8">
              {p.isic}
            </Text>
          </Stack>
        );
      }}
    />
  );
}

/** Searchable country picker: name in the active language with the ISO code; matches either. */
export function CountrySelect(props: PickerProps<string>) {
  const { t, i18n } = useLingui();
  const countries = useCountryOptions(i18n.locale);
  return (
    <ReferencePicker
      kind="country"
      placeholder={countries.query.isPending ? t`Loading…` : t`Search countries`}
      loading={countries.query.isPending}
      {...props}
      data={countries.data}
      filter={countries.filter}
      renderOption={({ option }) => (
        <Group justify="space-between" wrap="nowrap" gap="xs" w="100%">
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed" ff="monospace" dir="ltr">
            {option.value}
          </Text>
        </Group>
      )}
    />
  );
}

/** Searchable picker of the 24 industrial sectors (spec part 2 §3), in the spec's order. */
export function SectorSelect(props: PickerProps<string>) {
  const { t, i18n } = useLingui();
  const sectors = useMemo(() => sectorOptions(i18n.locale), [i18n.locale]);
  return (
    <ReferencePicker
      kind="sector"
      placeholder={t`Search sectors`}
      {...props}
      data={sectors.data}
      filter={sectors.filter}
    />
  );
}
