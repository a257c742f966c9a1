/**
 * Searchable pickers over the reference data (src/client/lib/reference.ts): products (with
 * description and ISIC label), countries (with the ISO code) and the 24 sectors. Names are in the
 * active language; typing matches either language, folded like the server's search.
 */
import { useLingui } from "@lingui/react/macro";
import { Group, Loader, Select, type SelectProps, Stack, Text } from "@mantine/core";
import { IconBox, IconBuildingFactory2, IconWorld } from "@tabler/icons-react";
import { useMemo } from "react";
import { sectorOptions, useCountryOptions, useProducts } from "../lib/reference";

type PickerProps<V extends string | number> = Omit<SelectProps<V>, "data" | "filter" | "renderOption" | "searchable">;

/**
 * Searchable product picker: each option shows the name, the description and the ISIC label
 * ("ISIC 01 — …"); typing filters on names and descriptions in either language.
 */
export function ProductSelect(props: PickerProps<number>) {
  const { t, i18n } = useLingui();
  const products = useProducts(i18n.locale);
  const empty = products.query.isSuccess && products.items.length === 0;
  return (
    <Select<number>
      label={t`Intended product`}
      placeholder={
        products.query.isPending ? t`Loading…` : empty ? t`No products in the catalogue yet` : t`Search products`
      }
      rightSection={products.query.isPending ? <Loader size="xs" aria-label={t`Loading`} /> : undefined}
      searchable
      clearable
      clearButtonProps={{ "aria-label": t`Clear product` }}
      nothingFoundMessage={t`No products match your search`}
      leftSection={<IconBox size={16} aria-hidden />}
      maxDropdownHeight={320}
      comboboxProps={{ shadow: "md" }}
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
      data-testid="product-select"
    />
  );
}

/** Searchable country picker: name in the active language with the ISO code; matches either. */
export function CountrySelect(props: PickerProps<string>) {
  const { t, i18n } = useLingui();
  const countries = useCountryOptions(i18n.locale);
  return (
    <Select
      label={t`Target country`}
      placeholder={countries.query.isPending ? t`Loading…` : t`Search countries`}
      rightSection={countries.query.isPending ? <Loader size="xs" aria-label={t`Loading`} /> : undefined}
      searchable
      clearable
      clearButtonProps={{ "aria-label": t`Clear country` }}
      nothingFoundMessage={t`No countries match your search`}
      leftSection={<IconWorld size={16} aria-hidden />}
      maxDropdownHeight={280}
      comboboxProps={{ shadow: "md" }}
      disabled={countries.query.isPending}
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
      data-testid="country-select"
    />
  );
}

/** Searchable picker of the 24 industrial sectors (spec part 2 §3), in the spec's order. */
export function SectorSelect(props: PickerProps<string>) {
  const { t, i18n } = useLingui();
  const sectors = useMemo(() => sectorOptions(i18n.locale), [i18n.locale]);
  return (
    <Select
      label={t`Industrial sector`}
      placeholder={t`Search sectors`}
      searchable
      clearable
      clearButtonProps={{ "aria-label": t`Clear sector` }}
      nothingFoundMessage={t`No sectors match your search`}
      leftSection={<IconBuildingFactory2 size={16} aria-hidden />}
      maxDropdownHeight={280}
      comboboxProps={{ shadow: "md" }}
      {...props}
      data={sectors.data}
      filter={sectors.filter}
      data-testid="sector-select"
    />
  );
}
