/**
 * The fields of Offer an export service (issue #14): activity type and sub-activity (the
 * export-services list), sectors and countries served (at least one), delivery (remote / on
 * site), an optional indicative price range with its currency.
 */
import { useLingui } from "@lingui/react/macro";
import { Select, SimpleGrid, Text } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { ServiceActivity } from "../../../../common/memberRequests";
import { CURRENCIES } from "../../../../common/posts";
import { NumberField } from "../../../components/NumberField";
import { OptionRadios, SubActivitySelect } from "../../memberRequests/fields";
import { activityOptions } from "../../memberRequests/options";
import { currencyName, DELIVERY_LABELS } from "../labels";
import { CheckboxRow, CountriesMultiSelect, SectorsMultiSelect } from "./fields";
import type { PostFormState } from "./state";

export function ExportServicesOfferFields({ form }: { form: UseFormReturnType<PostFormState> }) {
  const { t, i18n } = useLingui();
  const v = form.values;
  const servedError = form.errors.sectors;
  return (
    <>
      <OptionRadios
        label={t`Activity type`}
        options={activityOptions(i18n)}
        {...form.getInputProps("activityType")}
        value={v.activityType ?? ""}
        onChange={(value) => {
          form.setFieldValue("activityType", value as ServiceActivity);
          form.setFieldValue("subActivity", "");
          form.clearFieldError("activityType");
          form.clearFieldError("subActivity");
        }}
        data-error-anchor
        data-invalid={form.errors.activityType ? "true" : undefined}
        data-testid="activity-radios"
      />
      <SubActivitySelect
        activityType={v.activityType}
        list="exportServices"
        placeholder={v.activityType ? t`Select a sub-activity` : t`Choose an activity type first`}
        disabled={!v.activityType}
        {...form.getInputProps("subActivity")}
        value={v.subActivity}
        onChange={(value) => {
          form.setFieldValue("subActivity", value);
          form.clearFieldError("subActivity");
        }}
      />
      <div>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SectorsMultiSelect
            label={t`Sectors served`}
            value={v.sectors}
            onChange={(value) => {
              form.setFieldValue("sectors", value);
              form.clearFieldError("sectors");
            }}
            error={servedError ? true : undefined}
          />
          <CountriesMultiSelect
            label={t`Countries served`}
            value={v.countries}
            onChange={(value) => {
              form.setFieldValue("countries", value);
              form.clearFieldError("sectors");
              form.clearFieldError("countries");
            }}
            error={servedError ? true : form.errors.countries}
          />
        </SimpleGrid>
        {servedError ? (
          <Text size="xs" c="red.9" mt={6} role="alert" data-testid="served-error">
            {servedError}
          </Text>
        ) : (
          <Text size="xs" c="dimmed" mt={6}>
            {t`Choose at least one sector or country.`}
          </Text>
        )}
      </div>
      <CheckboxRow
        label={t`Delivery`}
        labels={DELIVERY_LABELS}
        value={v.delivery}
        onChange={(value) => {
          form.setFieldValue("delivery", value);
          form.clearFieldError("delivery");
        }}
        error={form.errors.delivery}
        testId="delivery-checkboxes"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberField
          label={t`Price from (optional)`}
          min={0}
          allowNegative={false}
          thousandSeparator=","
          {...form.getInputProps("priceMin")}
          data-testid="price-min"
        />
        <NumberField
          label={t`Price to (optional)`}
          min={0}
          allowNegative={false}
          thousandSeparator=","
          {...form.getInputProps("priceMax")}
          data-testid="price-max"
        />
        <Select
          label={t`Currency`}
          placeholder={t`Select a currency`}
          description={t`Required with a price`}
          withAsterisk={v.priceMin !== "" || v.priceMax !== ""}
          inputWrapperOrder={["label", "input", "description", "error"]}
          clearable
          data={CURRENCIES.map((c) => ({ value: c, label: `${currencyName(c, i18n.locale)} (${c})` }))}
          {...form.getInputProps("currency")}
          data-testid="currency-select"
        />
      </SimpleGrid>
    </>
  );
}
