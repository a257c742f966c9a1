/**
 * Export Services Request `/export-services/send-request` (spec part 2 §2, §3, §5, §8): an
 * industrial sector and/or a target country (both are saved, DESIGN.md §8.7), the activity type
 * as radio buttons, the export-services list of sub-activities (with Arbitration), a description
 * of at most 30 words and the urgency, which must be chosen. Success goes to the dashboard.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Group, Radio, Select } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { exportServicesRequestInput, type ServiceActivity, type Urgency } from "../../../common/memberRequests";
import { Msg } from "../../../common/messages";
import type { SectorCode } from "../../../common/sectors";
import { CountrySelect, SectorSelect } from "../../components/ReferenceSelects";
import { EitherOrFields, RequestFormShell } from "../../components/RequestFormShell";
import { isSignedOut } from "../../lib/errors";
import { atLeastOneOf, firstError, validateWith } from "../../lib/form";
import { useCountryOptions } from "../../lib/reference";
import { useTRPC } from "../../trpc";
import { DescriptionField } from "./fields";
import { activityOptions, subActivityOptions, urgencyOptions } from "./options";

interface Values {
  sector: SectorCode | null;
  countryCode: string | null;
  activityType: ServiceActivity | null;
  subActivity: string;
  description: string;
  urgency: Urgency | null;
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
    },
    validate,
  });
  const send = useMutation(trpc.memberRequests.sendExportServices.mutationOptions());
  const v = form.values;
  const targetError = form.errors.sector;

  return (
    <RequestFormShell
      title={t`Export Services Request`}
      intro={
        <Trans>
          Ask export service providers for marketing, legal or commercial help with a sector, a target country or both.
        </Trans>
      }
      loadError={
        countries.query.isError && {
          title: t`Failed to load products and countries`,
          onRetry: () => void countries.query.refetch(),
        }
      }
      form={form}
      send={(values) =>
        send.mutateAsync({
          sector: values.sector,
          countryCode: values.countryCode,
          activityType: values.activityType as ServiceActivity,
          subActivity: values.subActivity,
          description: values.description.trim(),
          urgency: values.urgency as Urgency,
        })
      }
      logLabel="Failed to send export services request"
      onInvalid={(errors) => {
        const first = firstError(errors, ORDER);
        if (first) notifications.show({ color: "red", message: first });
      }}
      onRefused={(error) =>
        notifications.show({
          color: "red",
          message: isSignedOut(error)
            ? t`You must be logged in to send a request`
            : t`Failed to send your request. Please try again.`,
        })
      }
      onSent={() =>
        notifications.show({ color: "teal", message: t`Your export services request has been sent successfully!` })
      }
      submitLabel={<Trans>Send Request</Trans>}
      pending={send.isPending}
      cancel
      gap="lg"
    >
      <EitherOrFields error={targetError}>
        <SectorSelect
          value={v.sector}
          onChange={(value) => {
            form.setFieldValue("sector", value as SectorCode | null);
            form.clearFieldError("sector");
          }}
          error={targetError ? true : undefined}
        />
        <CountrySelect
          value={v.countryCode}
          onChange={(value) => {
            form.setFieldValue("countryCode", value);
            form.clearFieldError("sector");
          }}
          error={targetError ? true : undefined}
        />
      </EitherOrFields>

      <Radio.Group
        label={t`Activity type`}
        required
        {...form.getInputProps("activityType")}
        value={v.activityType ?? ""}
        onChange={(value) => {
          form.setFieldValue("activityType", value as ServiceActivity);
          form.setFieldValue("subActivity", "");
          form.clearFieldError("activityType");
          form.clearFieldError("subActivity");
        }}
        data-testid="activity-radios"
      >
        <Group mt="xs" gap="lg">
          {activityOptions(i18n).map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} />
          ))}
        </Group>
      </Radio.Group>

      <Select
        label={t`Sub-activity`}
        placeholder={v.activityType ? t`Select a sub-activity` : t`Choose an activity type first`}
        required
        disabled={!v.activityType}
        data={subActivityOptions(i18n, v.activityType, "exportServices")}
        {...form.getInputProps("subActivity")}
        value={v.subActivity || null}
        onChange={(value) => {
          form.setFieldValue("subActivity", value ?? "");
          form.clearFieldError("subActivity");
        }}
        data-testid="sub-activity-select"
      />

      <DescriptionField
        label={t`Description`}
        placeholder={t`Describe briefly what you need`}
        overLimitMessage={t`Description must be 30 words or less`}
        {...form.getInputProps("description")}
        value={v.description}
        data-testid="description"
      />

      <Radio.Group
        label={t`Urgency`}
        required
        {...form.getInputProps("urgency")}
        value={v.urgency ?? ""}
        onChange={(value) => {
          form.setFieldValue("urgency", value as Urgency);
          form.clearFieldError("urgency");
        }}
        data-testid="urgency-radios"
      >
        <Group mt="xs" gap="lg">
          {urgencyOptions(i18n).map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} />
          ))}
        </Group>
      </Radio.Group>
    </RequestFormShell>
  );
}
