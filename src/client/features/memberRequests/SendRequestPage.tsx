/**
 * Send Member Request `/member-request/send` (spec part 2 §2, §5, §8): optional product and
 * country (at least one), activity type, a sub-activity list that appears once an activity type
 * is chosen (and empties when it changes), urgency and a description of at most 30 words
 * (counted as words, DESIGN.md §8.8). Success goes to the dashboard.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type FormErrors, useForm } from "@mantine/form";
import { useDocumentTitle } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconSend } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import {
  countWords,
  DESCRIPTION_MAX_WORDS,
  type ServiceActivity,
  sendRequestInput,
  type Urgency,
} from "../../../common/memberRequests";
import { BackToDashboard } from "../../components/BackToDashboard";
import { LoadError } from "../../components/LoadError";
import { CountrySelect, ProductSelect } from "../../components/ReferenceSelects";
import { fieldErrors } from "../../lib/errors";
import { validateWith } from "../../lib/form";
import { useCountryOptions, useProducts } from "../../lib/reference";
import { useTRPC } from "../../trpc";
import { DescriptionField } from "./fields";
import { activityOptions, subActivityOptions, urgencyOptions } from "./options";
import { isSignedOut, serverMsgKeys } from "./serverErrors";

interface Values {
  productId: number | null;
  countryCode: string | null;
  activityType: ServiceActivity | null;
  subActivity: string;
  urgency: Urgency;
  description: string;
}

/** Field order for the first-error toast. */
const ORDER: (keyof Values)[] = ["productId", "countryCode", "activityType", "subActivity", "urgency", "description"];

const schemaErrors = validateWith(sendRequestInput);

export function SendRequestPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const navigate = useNavigate();
  useDocumentTitle(t`Send Member Request`);
  const products = useProducts(i18n.locale);
  const countries = useCountryOptions(i18n.locale);
  const loadFailed = products.query.isError || countries.query.isError;

  useEffect(() => {
    if (loadFailed) {
      console.error("Failed to load products and countries", products.query.error ?? countries.query.error);
      notifications.show({ color: "red", message: t`Failed to load products and countries` });
    }
  }, [loadFailed, products.query.error, countries.query.error, t]);

  const form = useForm<Values>({
    initialValues: {
      productId: null,
      countryCode: null,
      activityType: null,
      subActivity: "",
      urgency: "normal",
      description: "",
    },
    validate: (values) => {
      const errors: FormErrors = { ...schemaErrors(values) };
      // This form's own wording (spec part 2 §8 Send form).
      delete errors.description;
      if (values.description.trim() === "") errors.description = t`Description is required`;
      else if (countWords(values.description) > DESCRIPTION_MAX_WORDS) {
        errors.description = t`Description must be 30 words or less`;
      }
      if (values.activityType && !values.subActivity) errors.subActivity = t`Sub-activity is required`;
      if (values.productId === null && values.countryCode === null) {
        errors.productId = t`At least one of Intended Product or Target Country must be selected`;
      }
      return errors;
    },
  });
  const send = useMutation(trpc.memberRequests.send.mutationOptions());
  const v = form.values;
  const targetError = form.errors.productId;

  function onInvalid(errors: FormErrors) {
    const first = ORDER.map((k) => errors[k]).find(Boolean);
    if (first) notifications.show({ color: "red", message: first });
  }

  async function submit(values: Values) {
    try {
      await send.mutateAsync({
        productId: values.productId,
        countryCode: values.countryCode,
        activityType: values.activityType as ServiceActivity,
        subActivity: values.subActivity,
        urgency: values.urgency,
        description: values.description.trim(),
      });
    } catch (error) {
      console.error("Failed to send member request", error);
      const keys = serverMsgKeys(error);
      const fields = fieldErrors(error);
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
    notifications.show({ color: "teal", message: t`Your member request has been sent successfully` });
    await navigate({ to: "/dashboard" });
  }

  return (
    <Stack maw={760} mx="auto" gap="md" pb="md">
      <BackToDashboard />
      <div>
        <Title order={1} size="h2">
          <Trans>Send Member Request</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>
            Choose an intended product, a target country or both, and the kind of help you need. Members who match
            receive your request.
          </Trans>
        </Text>
      </div>

      {loadFailed && (
        <LoadError
          title={t`Failed to load products and countries`}
          onRetry={() => {
            void products.query.refetch();
            void countries.query.refetch();
          }}
        />
      )}

      <Card withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        <form onSubmit={form.onSubmit((values) => void submit(values), onInvalid)} noValidate>
          <Stack gap="md">
            <div>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <ProductSelect
                  label={t`Intended product (optional)`}
                  value={v.productId}
                  onChange={(value) => {
                    form.setFieldValue("productId", value);
                    form.clearFieldError("productId");
                  }}
                  error={targetError ? true : undefined}
                />
                <CountrySelect
                  label={t`Target country (optional)`}
                  value={v.countryCode}
                  onChange={(value) => {
                    form.setFieldValue("countryCode", value);
                    form.clearFieldError("productId");
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
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t`Activity type`}
                placeholder={t`Select an activity type`}
                required
                allowDeselect={false}
                data={activityOptions(i18n)}
                {...form.getInputProps("activityType")}
                onChange={(value) => {
                  form.setFieldValue("activityType", value as ServiceActivity | null);
                  // A new activity type has its own sub-activities.
                  form.setFieldValue("subActivity", "");
                  form.clearFieldError("activityType");
                  form.clearFieldError("subActivity");
                }}
                data-testid="activity-select"
              />
              {v.activityType && (
                <Select
                  label={t`Sub-activity`}
                  placeholder={t`Select a sub-activity`}
                  required
                  data={subActivityOptions(i18n, v.activityType, "send")}
                  {...form.getInputProps("subActivity")}
                  value={v.subActivity || null}
                  onChange={(value) => {
                    form.setFieldValue("subActivity", value ?? "");
                    form.clearFieldError("subActivity");
                  }}
                  data-testid="sub-activity-select"
                />
              )}
            </SimpleGrid>
            <Select
              label={t`Urgency`}
              required
              allowDeselect={false}
              data={urgencyOptions(i18n)}
              maw={{ sm: "calc(50% - var(--mantine-spacing-md) / 2)" }}
              {...form.getInputProps("urgency")}
              data-testid="urgency-select"
            />
            <DescriptionField
              label={t`Description`}
              placeholder={t`Describe briefly what you need`}
              overLimitMessage={t`Description must be 30 words or less`}
              {...form.getInputProps("description")}
              value={v.description}
              data-testid="description"
            />
            <Group justify="flex-end" gap="sm">
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
