/**
 * The fields of the recruitment forms (issue #14): seeking a position (individuals) or offering
 * one (organizations): expertise area, employment type, years of experience, countries and
 * languages; the offer also a city (optional) and remote / on site.
 */
import { useLingui } from "@lingui/react/macro";
import { SimpleGrid, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { CITY_MAX_CHARS, YEARS_MAX } from "../../../../common/posts";
import { NumberField } from "../../../components/NumberField";
import { EMPLOYMENT_TYPE_LABELS, EXPERTISE_AREA_LABELS } from "../../../lib/labels";
import { WORKPLACE_LABELS } from "../labels";
import { CountriesMultiSelect, LabelSelect, LanguagesMultiSelect } from "./fields";
import type { NewPostForm, PostFormState } from "./state";

export function RecruitmentFields({
  form,
  postForm,
}: {
  form: UseFormReturnType<PostFormState>;
  postForm: Extract<NewPostForm, `recruitment.${string}`>;
}) {
  const { t } = useLingui();
  const offer = postForm === "recruitment.offer";
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LabelSelect
          label={t`Expertise area`}
          placeholder={t`Select an area`}
          labels={EXPERTISE_AREA_LABELS}
          {...form.getInputProps("expertiseArea")}
          data-testid="expertise-area-select"
        />
        <LabelSelect
          label={t`Employment type`}
          placeholder={t`Select a type`}
          labels={EMPLOYMENT_TYPE_LABELS}
          {...form.getInputProps("employmentType")}
          data-testid="employment-type-select"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberField
          label={offer ? t`Years of experience required` : t`Years of experience`}
          required
          min={0}
          max={YEARS_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          {...form.getInputProps("years")}
          data-testid="years-input"
        />
        <LanguagesMultiSelect
          label={offer ? t`Languages required` : t`Languages you speak`}
          {...form.getInputProps("languages")}
          value={form.values.languages}
        />
      </SimpleGrid>
      <CountriesMultiSelect
        label={offer ? t`Countries of the position` : t`Countries where you would work`}
        required
        description={t`Up to 20 countries`}
        {...form.getInputProps("countries")}
        value={form.values.countries}
      />
      {offer && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t`City (optional)`}
            maxLength={CITY_MAX_CHARS}
            {...form.getInputProps("city")}
            data-testid="city-input"
          />
          <LabelSelect
            label={t`Workplace`}
            placeholder={t`Remote or on site`}
            labels={WORKPLACE_LABELS}
            {...form.getInputProps("workplace")}
            data-testid="workplace-select"
          />
        </SimpleGrid>
      )}
    </>
  );
}
