/**
 * Submit Member Request `/member-request` (spec part 2 §2, §5, §8): product and/or country,
 * one of the four request types, a description of at most 30 words with a live counter, and
 * urgency. Submit stays disabled while a rule fails; the yellow notice asks for a product or a
 * country. Success goes to the dashboard.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Select, SimpleGrid } from "@mantine/core";
import { type FormErrors, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import {
  REQUEST_TYPES,
  type RequestType,
  submitRequestInput,
  URGENCIES,
  type Urgency,
} from "../../../common/memberRequests";
import { Msg, type MsgKey } from "../../../common/messages";
import { DescriptionField } from "../../components/DescriptionField";
import { CountrySelect, ProductSelect } from "../../components/ReferenceSelects";
import { RequestFormShell, useReferenceLoadError } from "../../components/RequestFormShell";
import { translateServerText } from "../../i18n/serverMessages";
import { isSignedOut, refusalText, serverMsgKeys } from "../../lib/errors";
import { atLeastOneOf, validateWith } from "../../lib/form";
import { REQUEST_TYPE_LABELS, URGENCY_LABELS } from "../../lib/labels";
import { useCountryOptions, useProducts } from "../../lib/reference";
import { useTRPC } from "../../trpc";

interface Values {
  productId: number | null;
  countryCode: string | null;
  requestType: RequestType | null;
  description: string;
  urgency: Urgency;
}

/** The server's schema, and its product-or-country rule checked with the other fields. */
const validate = validateWith<Values>(submitRequestInput, {
  rules: atLeastOneOf(["productId", "countryCode"], Msg.productOrCountry),
});

/** The rules in the order the toasts name them: the spec text (`Msg`) of each, by field. */
const RULES: { field: keyof Values; keys: MsgKey[] }[] = [
  { field: "productId", keys: ["productOrCountry"] },
  { field: "requestType", keys: ["requestTypeRequired"] },
  { field: "description", keys: ["descriptionRequired", "descriptionTooLong"] },
];

export function SubmitRequestPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const products = useProducts(i18n.locale);
  const countries = useCountryOptions(i18n.locale);
  const form = useForm<Values>({
    initialValues: { productId: null, countryCode: null, requestType: null, description: "", urgency: "normal" },
    validate,
  });
  const submit = useMutation(trpc.memberRequests.submit.mutationOptions());
  const loadError = useReferenceLoadError(products, countries);

  const v = form.values;
  const hasTarget = v.productId !== null || v.countryCode !== null;
  // Submit stays disabled while a rule fails (spec part 2 §8), so the toasts below mostly cover
  // a server refusal.
  const ready = Object.keys(validate(v)).length === 0;

  /** The spec's toast title of each rule's text. */
  const titles: Partial<Record<MsgKey, string>> = {
    productOrCountry: t`Selection required`,
    requestTypeRequired: t`Request type required`,
    descriptionRequired: t`Description required`,
    descriptionTooLong: t`Description too long`,
  };

  function fail(title: string, message: string) {
    notifications.show({ color: "red", title, message });
  }

  /** Toasts the first failed rule among `keys` (spec texts); false when none is a rule. */
  function failRule(keys: readonly MsgKey[]): boolean {
    const key = RULES.flatMap((r) => r.keys).find((k) => keys.includes(k));
    const title = key && titles[key];
    if (!key || !title) return false;
    fail(title, translateServerText(Msg[key]));
    return true;
  }

  function onInvalid(errors: FormErrors) {
    const rule = RULES.find((r) => errors[r.field]);
    if (!rule) return;
    if (rule.field !== "description") failRule(rule.keys);
    else failRule([v.description.trim() === "" ? "descriptionRequired" : "descriptionTooLong"]);
  }

  function onRefused(error: unknown) {
    const keys = serverMsgKeys(error);
    if (isSignedOut(error)) fail(t`Authentication required`, t`Please sign in to submit a request.`);
    else if (!failRule(keys)) {
      fail(
        t`Error submitting request`,
        keys.length > 0 ? refusalText(error) : t`Something went wrong. Please try again.`,
      );
    }
  }

  return (
    <RequestFormShell
      title={t`Submit Member Request`}
      intro={
        <Trans>
          Ask the members whose profile matches your product, target country or request type. Keep it short: at most 30
          words.
        </Trans>
      }
      loadError={loadError}
      form={form}
      send={(values) =>
        submit.mutateAsync({
          productId: values.productId,
          countryCode: values.countryCode,
          requestType: values.requestType as RequestType,
          description: values.description.trim(),
          urgency: values.urgency,
        })
      }
      logLabel="Error submitting request"
      onInvalid={onInvalid}
      onRefused={onRefused}
      onSent={() =>
        notifications.show({
          color: "teal",
          title: t`Request submitted successfully!`,
          message: t`Your request has been sent to matching members.`,
        })
      }
      submitLabel={<Trans>Submit</Trans>}
      pending={submit.isPending}
      submitDisabled={!ready}
      cancel
    >
      {!hasTarget && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          data-testid="selection-notice"
        >
          <Trans>Please select at least one product or target country.</Trans>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ProductSelect {...form.getInputProps("productId")} />
        <CountrySelect {...form.getInputProps("countryCode")} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t`Type of request`}
          placeholder={t`Select a type of request`}
          required
          data={REQUEST_TYPES.map((r) => ({ value: r, label: i18n._(REQUEST_TYPE_LABELS[r]) }))}
          {...form.getInputProps("requestType")}
          data-testid="request-type-select"
        />
        <Select
          label={t`Urgency`}
          required
          allowDeselect={false}
          data={URGENCIES.map((u) => ({ value: u, label: i18n._(URGENCY_LABELS[u]) }))}
          {...form.getInputProps("urgency")}
          data-testid="urgency-select"
        />
      </SimpleGrid>
      <DescriptionField
        overLimitMessage={t`Description exceeds 30 word limit. Please shorten your description.`}
        {...form.getInputProps("description")}
        value={v.description}
      />
    </RequestFormShell>
  );
}
