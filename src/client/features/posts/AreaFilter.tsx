/**
 * The service-area filter of the lists filtered by area (`/posts/mine`, `/offers/received`;
 * issue #14): a URL-bound select, "All areas" when empty.
 */
import { useLingui } from "@lingui/react/macro";
import { Group } from "@mantine/core";
import { POST_AREAS, type PostArea } from "../../../common/constants";
import { FilterSelect } from "../../components/FilterBar";
import { AREA_LABELS } from "./labels";

export function AreaFilter({ value, onChange }: { value: PostArea | undefined; onChange: (area?: PostArea) => void }) {
  const { t } = useLingui();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <FilterSelect
        label={t`Service area`}
        placeholder={t`All areas`}
        codes={POST_AREAS}
        labels={AREA_LABELS}
        value={value}
        onChange={onChange}
        w={{ base: "100%", xs: 320 }}
        data-testid="area-filter"
      />
    </Group>
  );
}
