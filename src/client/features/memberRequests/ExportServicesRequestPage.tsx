/**
 * Export Services Request `/export-services/send-request` (spec part 2 §2, §3, §5, §8): an
 * industrial sector and/or a target country (both are saved, DESIGN.md §8.7), the activity type
 * as radio buttons, the export-services list of sub-activities (with Arbitration), a description
 * of at most 30 words, the urgency, which must be chosen, and how long the post stays visible
 * (7 to 90 days, 30 by default). Success goes to the dashboard.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { POST_VALIDITY_DEFAULT_DAYS } from "../../../common/constants";
import { exportServicesRequestInput, type ServiceActivity, type Urgency } from "../../../common/memberRequests";
import { Msg } from "../../../common/messages";
import type { SectorCode } from "../../../common/sectors";
import { DescriptionField } from "../../components/DescriptionField";
import { CountrySelect, SectorSelect } from "../../components/ReferenceSelects";
import {
  EitherOrFields,
  eitherOrPicker,
  RequestFormShell,
  useReferenceLoadError,
} from "../../components/RequestFormShell";
import { atLeastOneOf, validateWith } from "../../lib/form";
import { useCountryOptions } from "../../lib/reference";
import { useTRPC } from "../../trpc";
import { type ValidityDays, ValiditySelect } from "../posts/form/fields";
import { OptionRadios, SubActivitySelect, useSendRequestToasts } from "./fields";
import { activityOptions, urgencyOptions } from "./options";

interface Values {
  sector: SectorCode | null;
  countryCode: string | null;
  activityType: ServiceActivity | null;
  subActivity: string;
  description: string;
  urgency: Urgency | null;
  validityDays: ValidityDays;
}

const ORDER: (keyof Values)[] = ["sector", "countryCode", "activityType", "subActivity", "description", "urgency"];

const sectorOrCountry = atLeastOneOf<Values>(["sector", "countryCode"], Msg.sectorOrCountry);

/**
 * The server's schema, its sector-or-country rule shown with the other errors, and no
 * sub-activity error before an activity type is chosen (the list is disabled until then).
 */
const validate = validateWith<Values>(exportServicesRequestInput, {
  rules: (values) => ({ ...sectorOrCountry(values), ...(values.activityType ? {} : { subActivity: undefined }) }),
});

export function ExportServicesRequestPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const countries = useCountryOptions(i18n.locale);
  const form = useForm<Values>({
    initialValues: {
      sector: null,
      countryCode: null,
      activityType: null,
      subActivity: "",
      description: "",
      urgency: null,
      validityDays: POST_VALIDITY_DEFAULT_DAYS,
    },
    validate,
  });
  const send = useMutation(trpc.posts.create.mutationOptions());
  const v = form.values;
  const loadError = useReferenceLoadError(countries);
  const toasts = useSendRequestToasts(ORDER);

  return (
    <RequestFormShell
      title={t`Export Services Request`}
      intro={
        <Trans>
          Ask export service providers for marketing, legal or commercial help with a sector, a target country or both.
        </Trans>
      }
      loadError={loadError}
      form={form}
      send={(values) =>
        send.mutateAsync({
          form: "export_services.request",
          sector: values.sector,
          countryCode: values.countryCode,
          activityType: values.activityType as ServiceActivity,
          subActivity: values.subActivity,
          description: values.description.trim(),
          urgency: values.urgency as Urgency,
          validityDays: values.validityDays,
        })
      }
      logLabel="Failed to send export services request"
      {...toasts}
      onSent={() =>
        notifications.show({ color: "teal", message: t`Your export services request has been sent successfully!` })
      }
      submitLabel={<Trans>Send Request</Trans>}
      pending={send.isPending}
      cancel
      gap="lg"
    >
      <EitherOrFields error={form.errors.sector}>
        <SectorSelect {...eitherOrPicker(form, "sector", "sector")} />
        <CountrySelect {...eitherOrPicker(form, "countryCode", "sector")} />
      </EitherOrFields>

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

      <DescriptionField {...form.getInputProps("description")} value={v.description} />

      <OptionRadios
        label={t`Urgency`}
        options={urgencyOptions(i18n)}
        {...form.getInputProps("urgency")}
        value={v.urgency ?? ""}
        onChange={(value) => {
          form.setFieldValue("urgency", value as Urgency);
          form.clearFieldError("urgency");
        }}
        data-testid="urgency-radios"
      />

      <ValiditySelect
        value={v.validityDays}
        onChange={(days) => form.setFieldValue("validityDays", days)}
        error={form.errors.validityDays}
      />
    </RequestFormShell>
  );
}
