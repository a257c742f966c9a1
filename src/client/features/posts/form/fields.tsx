/**
 * Fields the Send pages of service-area posts share (issue #14): the validity choice (also on the
 * export-services request), multi-pickers of countries, sectors and languages, a fixed-list
 * select, a word-limited text box and a group of checkboxes.
 */
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { Checkbox, Group, MultiSelect, type MultiSelectProps, Select, type SelectProps } from "@mantine/core";
import { IconBuildingFactory2, IconLanguage, IconWorld } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useMemo } from "react";
import { POST_VALIDITY_DAYS } from "../../../../common/constants";
import { LANGUAGES, POST_MAX_COUNTRIES } from "../../../../common/posts";
import { foldForSearch } from "../../../../common/search";
import { DescriptionField, type DescriptionFieldProps } from "../../../components/DescriptionField";
import { formatNumber } from "../../../i18n";
import { translateServerText } from "../../../i18n/serverMessages";
import { keyedFilter, sectorOptions, useCountryOptions } from "../../../lib/reference";
import { languageName } from "../labels";

/** A validity a post may have, in days. */
export type ValidityDays = (typeof POST_VALIDITY_DAYS)[number];

/**
 * How long the post stays visible: 7, 14, 30, 60 or 90 days (30 by default), as a required select.
 */
export function ValiditySelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, "data" | "value" | "onChange"> & { value: ValidityDays; onChange: (days: ValidityDays) => void }) {
  const { t, i18n } = useLingui();
  const data = POST_VALIDITY_DAYS.map((d) => {
    const days = formatNumber(d, i18n.locale);
    return { value: String(d), label: t`${days} days` };
  });
  return (
    <Select
      label={t`Validity`}
      description={t`How long your post stays visible to other members`}
      required
      allowDeselect={false}
      data={data}
      maw={{ sm: "calc(50% - var(--mantine-spacing-md) / 2)" }}
      {...props}
      value={String(value)}
      onChange={(next) => next && onChange(Number(next) as ValidityDays)}
      data-testid="validity-select"
    />
  );
}

type MultiProps = Omit<MultiSelectProps, "data" | "filter" | "value" | "onChange"> & {
  value: string[];
  onChange: (value: string[]) => void;
};

/** Searchable multi-picker of countries (names in the UI language, at most 20). */
export function CountriesMultiSelect(props: MultiProps) {
  const { t, i18n } = useLingui();
  const countries = useCountryOptions(i18n.locale);
  return (
    <MultiSelect
      label={t`Target countries`}
      placeholder={props.value.length ? undefined : countries.query.isPending ? t`Loading…` : t`Search countries`}
      searchable
      clearable
      hidePickedOptions
      maxValues={POST_MAX_COUNTRIES}
      nothingFoundMessage={t`No countries match your search`}
      leftSection={<IconWorld size={16} aria-hidden />}
      maxDropdownHeight={280}
      comboboxProps={{ shadow: "md" }}
      disabled={countries.query.isPending}
      data-testid="countries-select"
      {...props}
      data={countries.data}
      filter={countries.filter}
    />
  );
}

/** Searchable multi-picker of the 24 industrial sectors. */
export function SectorsMultiSelect(props: MultiProps) {
  const { t, i18n } = useLingui();
  const sectors = useMemo(() => sectorOptions(i18n.locale), [i18n.locale]);
  return (
    <MultiSelect
      label={t`Industrial sectors`}
      placeholder={props.value.length ? undefined : t`Search sectors`}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={t`No sectors match your search`}
      leftSection={<IconBuildingFactory2 size={16} aria-hidden />}
      maxDropdownHeight={280}
      comboboxProps={{ shadow: "md" }}
      data-testid="sectors-select"
      {...props}
      data={sectors.data}
      filter={sectors.filter}
    />
  );
}

/** Multi-picker of languages, named in the UI language (`languageName`); typing matches either language. */
export function LanguagesMultiSelect(props: MultiProps) {
  const { t, i18n } = useLingui();
  const options = useMemo(() => {
    const data = LANGUAGES.map((code) => ({ value: code, label: languageName(code, i18n.locale) }));
    const keys = new Map<string, string>(
      LANGUAGES.map((code) => [code, foldForSearch(`${languageName(code, "en")} ${languageName(code, "fa")} ${code}`)]),
    );
    return { data, filter: keyedFilter(keys) };
  }, [i18n.locale]);
  return (
    <MultiSelect
      label={t`Languages`}
      placeholder={props.value.length ? undefined : t`Choose languages`}
      searchable
      hidePickedOptions
      required
      nothingFoundMessage={t`No languages match your search`}
      leftSection={<IconLanguage size={16} aria-hidden />}
      comboboxProps={{ shadow: "md" }}
      data-testid="languages-select"
      {...props}
      data={options.data}
      filter={options.filter}
    />
  );
}

/** A required choice from a fixed list whose labels are messages (`labels`: code → message). */
export function LabelSelect({
  labels,
  ...props
}: Omit<SelectProps, "data"> & { labels: Record<string, MessageDescriptor> }) {
  const { i18n } = useLingui();
  return (
    <Select
      required
      allowDeselect={false}
      {...props}
      data={Object.entries(labels).map(([code, label]) => ({ value: code, label: i18n._(label) }))}
    />
  );
}

/**
 * A word-limited text box with its live counter (`DescriptionField`); above the limit it shows
 * the server's message `overLimit` (a `Msg` text, translated).
 */
export function WordsField({ overLimit, ...props }: DescriptionFieldProps & { overLimit: string }) {
  return <DescriptionField overLimitMessage={translateServerText(overLimit)} {...props} />;
}

/**
 * Required checkboxes in a row (delivery modes), marked for `focusFirstInvalid` while in error.
 */
export function CheckboxRow({
  label,
  labels,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  labels: Record<string, MessageDescriptor>;
  value: string[];
  onChange: (value: string[]) => void;
  error?: ReactNode;
  testId: string;
}) {
  const { i18n } = useLingui();
  return (
    <Checkbox.Group
      label={label}
      withAsterisk
      value={value}
      onChange={onChange}
      error={error}
      data-error-anchor
      data-invalid={error ? "true" : undefined}
      data-testid={testId}
    >
      <Group gap="lg" mt="xs">
        {Object.entries(labels).map(([code, l]) => (
          <Checkbox key={code} value={code} label={i18n._(l)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
