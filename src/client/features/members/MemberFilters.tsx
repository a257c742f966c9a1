/**
 * The directory's filter bar: name search (debounced), activity, sector, target country and
 * tier, and Reset. The values live in the URL; this component only reads and changes them.
 */
import { useLingui } from "@lingui/react/macro";
import { ACTIVITIES, TIERS } from "../../../common/constants";
import { FilterBar, FilterSearch, FilterSelect } from "../../components/FilterBar";
import { ACTIVITY_LABELS, TIER_LABELS } from "../../lib/labels";
import { type CountryLists, sectorOptions } from "../../lib/reference";
import { type DirectorySearch, hasDirectoryFilters } from "./directorySearch";

export function MemberFilters({
  search,
  onChange,
  onReset,
  countries,
}: {
  search: DirectorySearch;
  /** Changes some filters (the page goes back to 1); `replace` for typing. */
  onChange: (patch: Partial<Omit<DirectorySearch, "page">>, replace?: boolean) => void;
  onReset: () => void;
  /** Country data and filter (`useCountryOptions`). */
  countries: Pick<CountryLists, "data" | "filter">;
}) {
  const { t, i18n } = useLingui();
  const sectors = sectorOptions(i18n.locale);

  const active = [search.activity, search.sector, search.country, search.tier].filter(Boolean).length;

  return (
    <FilterBar
      label={t`Filter members`}
      cols={{ xs: 2, md: 3, xl: 6 }}
      activeFilters={active}
      canReset={hasDirectoryFilters(search)}
      onReset={onReset}
      search={
        <FilterSearch
          label={t`Search by name`}
          placeholder={t`Member name`}
          value={search.q}
          onChange={(q) => onChange({ q }, true)}
          data-testid="members-search"
        />
      }
      filters={
        <>
          <FilterSelect
            label={t`Activity`}
            placeholder={t`All activities`}
            codes={ACTIVITIES}
            labels={ACTIVITY_LABELS}
            value={search.activity}
            onChange={(activity) => onChange({ activity })}
            data-testid="filter-activity"
          />
          <FilterSelect
            label={t`Sector`}
            placeholder={t`All sectors`}
            data={sectors.data}
            filter={sectors.filter}
            value={search.sector}
            onChange={(sector) => onChange({ sector })}
            searchable
            data-testid="filter-sector"
          />
          <FilterSelect
            label={t`Target country`}
            placeholder={t`All countries`}
            data={countries.data}
            filter={countries.filter}
            value={search.country}
            onChange={(country) => onChange({ country })}
            searchable
            limit={50}
            data-testid="filter-country"
          />
          <FilterSelect
            label={t`Tier`}
            placeholder={t`All tiers`}
            codes={TIERS}
            labels={TIER_LABELS}
            value={search.tier}
            onChange={(tier) => onChange({ tier })}
            data-testid="filter-tier"
          />
        </>
      }
    />
  );
}
