/**
 * Target countries (spec part 2 §2, §3, §9): a search box over a scrollable checkbox grid
 * (about 15rem high), names in the active language, with the count of selected countries, the
 * selected ones as removable pills, and Clear.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Checkbox,
  CloseButton,
  Group,
  Input,
  Pill,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Text,
  TextInput,
} from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { memo, useDeferredValue, useId, useMemo, useState } from "react";
import { foldForSearch } from "../../../common/search";
import { formatNumber } from "../../i18n";
import { errorText } from "../../lib/errors";
import { useCountryOptions } from "../../lib/reference";

export const CountriesSection = memo(function CountriesSection({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const { t, i18n } = useLingui();
  const countries = useCountryOptions(i18n.locale);
  const [search, setSearch] = useState("");
  const query = useDeferredValue(search);
  const labelId = useId();
  const sorted = countries.items;
  const byCode = countries.byCode;

  const visible = useMemo(() => {
    const q = foldForSearch(query.trim());
    return q ? sorted.filter((c) => c.key.includes(q)) : sorted;
  }, [sorted, query]);

  const selected = useMemo(() => new Set(value), [value]);
  const count = formatNumber(value.length, i18n.locale);

  function toggle(code: string, on: boolean) {
    onChange(on ? [...value, code] : value.filter((c) => c !== code));
  }

  return (
    <Input.Wrapper
      labelElement="div"
      label={<span id={labelId}>{t`Countries you export to or serve`}</span>}
      error={error}
    >
      <TextInput
        mt={6}
        type="search"
        aria-label={t`Search countries`}
        placeholder={t`Search countries`}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") e.preventDefault();
        }}
        rightSection={
          search ? <CloseButton size="sm" aria-label={t`Clear search`} onClick={() => setSearch("")} /> : null
        }
        data-testid="country-search"
      />
      <Group justify="space-between" mt="xs" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="country-count">
          <Trans>{count} selected</Trans>
        </Text>
        {value.length > 0 && (
          <Anchor component="button" type="button" size="sm" onClick={() => onChange([])}>
            <Trans>Clear</Trans>
          </Anchor>
        )}
      </Group>
      {value.length > 0 && (
        <Pill.Group mt={6} role="group" aria-label={t`Selected countries`}>
          {value.map((code) => (
            <Pill
              key={code}
              withRemoveButton
              onRemove={() => toggle(code, false)}
              removeButtonProps={{ "aria-label": t`Remove ${byCode.get(code)?.name ?? code}` }}
            >
              {byCode.get(code)?.name ?? code}
            </Pill>
          ))}
        </Pill.Group>
      )}

      {countries.query.isPending ? (
        <Skeleton h={200} mt="sm" radius="md" />
      ) : countries.query.isError ? (
        <Alert color="red" mt="sm" role="alert">
          {errorText(countries.query.error)}
        </Alert>
      ) : (
        <ScrollArea.Autosize
          mah="15rem"
          mt="sm"
          type="auto"
          offsetScrollbars
          style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: 8 }}
        >
          <fieldset
            aria-labelledby={labelId}
            style={{ border: 0, margin: 0, minWidth: 0, padding: "var(--mantine-spacing-sm)" }}
          >
            {visible.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>No countries match "{query}".</Trans>
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" verticalSpacing={8}>
                {visible.map((c) => (
                  <Checkbox
                    key={c.code}
                    label={c.name}
                    checked={selected.has(c.code)}
                    onChange={(e) => toggle(c.code, e.currentTarget.checked)}
                  />
                ))}
              </SimpleGrid>
            )}
          </fieldset>
        </ScrollArea.Autosize>
      )}
    </Input.Wrapper>
  );
});
