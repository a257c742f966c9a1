/**
 * Export Services Request `/export-services/send-request` (spec part 2 §2, §3, §5, §8): an
 * industrial sector and/or a target country (both are saved, DESIGN.md §8.7), the activity type
 * as radio buttons, the export-services list of sub-activities (with Arbitration), a description
 * of at most 30 words and the urgency, which must be chosen. Success goes to the dashboard.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Group, Radio, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type FormErrors, useForm } from "@mantine/form";
import { useDocumentTitle } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconSend } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import {
  countWords,
  DESCRIPTION_MAX_WORDS,
  exportServicesRequestInput,
  type ServiceActivity,
  type Urgency,
} from "../../../common/memberRequests";
import type { SectorCode } from "../../../common/sectors";
import { LoadError } from "../../components/LoadError";
import { CountrySelect, SectorSelect } from "../../components/ReferenceSelects";
import { fieldErrors } from "../../lib/errors";
import { validateWith } from "../../lib/form";
import { useCountryOptions } from "../../lib/reference";
import { useTRPC } from "../../trpc";
import { DescriptionField } from "./fields";
import { activityOptions, subActivityOptions, urgencyOptions } from "./options";
import { isSignedOut, serverMsgKeys } from "./serverErrors";

interface Values {
  sector: SectorCode | null;
  countryCode: string | null;
  activityType: ServiceActivity | null;
  subActivity: string;
  description: string;
  urgency: Urgency | null;
}

const ORDER: (keyof Values)[] = ["sector", "countryCode", "activityType", "subActivity", "description", "urgency"];

const schemaErrors = validateWith(exportServicesRequestInput);

export function ExportServicesRequestPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const navigate = useNavigate();
  useDocumentTitle(t`Export Services Request`);
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
    validate: (values) => {
      const errors: FormErrors = { ...schemaErrors(values) };
      // This form's own wording (spec part 2 §8 Export services).
      delete errors.description;
      delete errors.subActivity;
      if (!values.activityType) errors.activityType = t`Please select an activity type`;
      else if (!values.subActivity) errors.subActivity = t`Please select a sub-activity`;
      if (values.description.trim() === "") errors.description = t`Description is required`;
      else if (countWords(values.description) > DESCRIPTION_MAX_WORDS) {
        errors.description = t`Description must be 30 words or less`;
      }
      if (!values.urgency) errors.urgency = t`Please select urgency level`;
      if (values.sector === null && values.countryCode === null) {
        errors.sector = t`Please select an industrial sector or a target country.`;
      }
      return errors;
    },
  });
  const send = useMutation(trpc.memberRequests.sendExportServices.mutationOptions());
  const v = form.values;
  const targetError = form.errors.sector;

  function onInvalid(errors: FormErrors) {
    const first = ORDER.map((k) => errors[k]).find(Boolean);
    if (first) notifications.show({ color: "red", message: first });
  }

  async function submit(values: Values) {
    try {
      await send.mutateAsync({
        sector: values.sector,
        countryCode: values.countryCode,
        activityType: values.activityType as ServiceActivity,
        subActivity: values.subActivity,
        description: values.description.trim(),
        urgency: values.urgency as Urgency,
      });
    } catch (error) {
      console.error("Failed to send export services request", error);
      const keys = serverMsgKeys(error);
      const fields = fieldErrors(error);
      if (keys.includes("subActivityRequired")) fields.subActivity = t`Please select a sub-activity`;
      if (keys.includes("descriptionRequired")) fields.description = t`Description is required`;
      if (keys.includes("descriptionTooLong")) fields.description = t`Description must be 30 words or less`;
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      notifications.show({
        color: "red",
        message: isSignedOut(error)
          ? t`You must be logged in to send a request`
          : t`Failed to send your request. Please try again.`,
      });
      return;
    }
    notifications.show({ color: "teal", message: t`Your export services request has been sent successfully!` });
    await navigate({ to: "/dashboard" });
  }

  return (
    <Stack maw={760} mx="auto" gap="md" pb="md">
      <div>
        <Title order={1} size="h2">
          <Trans>Export Services Request</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>
            Ask export service providers for marketing, legal or commercial help with a sector, a target country or
            both.
          </Trans>
        </Text>
      </div>

      {countries.query.isError && (
        <LoadError title={t`Failed to load products and countries`} onRetry={() => void countries.query.refetch()} />
      )}

      <Card withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        <form onSubmit={form.onSubmit((values) => void submit(values), onInvalid)} noValidate>
          <Stack gap="lg">
            <div>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
              </SimpleGrid>
              {targetError ? (
                <Text size="xs" c="red.7" mt={6} role="alert" data-testid="target-error">
                  {targetError}
                </Text>
              ) : (
                <Text size="xs" c="dimmed" mt={6}>
                  <Trans>Choose at least one of the two.</Trans>
                </Text>
              )}
            </div>

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

            <Group justify="flex-end" gap="sm">
              <Button component={Link} to="/dashboard" variant="default">
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} aria-hidden />}>
                <Trans>Send Request</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
