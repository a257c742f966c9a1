/**
 * Send Member Request `/member-request/send` (spec part 2 §2, §5, §8): optional product and
 * country (at least one), activity type, a sub-activity list that appears once an activity type
 * is chosen (and empties when it changes), urgency and a description of at most 30 words
 * (counted as words, DESIGN.md §8.8). Success goes to the dashboard.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Select, SimpleGrid } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { type ServiceActivity, sendRequestInput, type Urgency } from "../../../common/memberRequests";
import { Msg } from "../../../common/messages";
import { DescriptionField } from "../../components/DescriptionField";
import { CountrySelect, ProductSelect } from "../../components/ReferenceSelects";
import {
  EitherOrFields,
  eitherOrPicker,
  RequestFormShell,
  useReferenceLoadError,
} from "../../components/RequestFormShell";
import { atLeastOneOf, validateWith } from "../../lib/form";
import { useCountryOptions, useProducts } from "../../lib/reference";
import { useTRPC } from "../../trpc";
import { SubActivitySelect, useSendRequestToasts } from "./fields";
import { activityOptions, urgencyOptions } from "./options";

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

/** The server's schema, and its product-or-country rule shown with the other errors. */
const validate = validateWith<Values>(sendRequestInput, {
  rules: atLeastOneOf(["productId", "countryCode"], Msg.productOrCountrySend),
});

export function SendRequestPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
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
    validate,
  });
  const send = useMutation(trpc.memberRequests.send.mutationOptions());
  const v = form.values;
  const loadError = useReferenceLoadError(products, countries);
  const toasts = useSendRequestToasts(ORDER);

  return (
    <RequestFormShell
      title={t`Send Member Request`}
      intro={
        <Trans>
          Choose an intended product, a target country or both, and the kind of help you need. Members who match receive
          your request.
        </Trans>
      }
      back
      loadError={loadError}
      form={form}
      send={(values) =>
        send.mutateAsync({
          productId: values.productId,
          countryCode: values.countryCode,
          activityType: values.activityType as ServiceActivity,
          subActivity: values.subActivity,
          urgency: values.urgency,
          description: values.description.trim(),
        })
      }
      logLabel="Failed to send member request"
      {...toasts}
      onSent={() => notifications.show({ color: "teal", message: t`Your member request has been sent successfully` })}
      submitLabel={<Trans>Send Request</Trans>}
      pending={send.isPending}
    >
      <EitherOrFields error={form.errors.productId}>
        <ProductSelect label={t`Intended product (optional)`} {...eitherOrPicker(form, "productId", "productId")} />
        <CountrySelect label={t`Target country (optional)`} {...eitherOrPicker(form, "countryCode", "productId")} />
      </EitherOrFields>
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
          <SubActivitySelect
            activityType={v.activityType}
            list="send"
            placeholder={t`Select a sub-activity`}
            {...form.getInputProps("subActivity")}
            value={v.subActivity}
            onChange={(value) => {
              form.setFieldValue("subActivity", value);
              form.clearFieldError("subActivity");
            }}
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
      <DescriptionField {...form.getInputProps("description")} value={v.description} />
    </RequestFormShell>
  );
}
