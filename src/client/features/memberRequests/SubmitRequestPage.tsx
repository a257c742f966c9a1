/**
 * Submit Member Request `/member-request` (spec part 2 §2, §5, §8): product and/or country,
 * one of the four request types, a description of at most 30 words with a live counter, and
 * urgency. Submit stays disabled while a rule fails; the yellow notice asks for a product or a
 * country. Success goes to the dashboard.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDocumentTitle } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconSend } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import {
  countWords,
  DESCRIPTION_MAX_WORDS,
  REQUEST_TYPES,
  type RequestType,
  URGENCIES,
  type Urgency,
} from "../../../common/memberRequests";
import { LoadError } from "../../components/LoadError";
import { CountrySelect, ProductSelect } from "../../components/ReferenceSelects";
import { REQUEST_TYPE_LABELS, URGENCY_LABELS } from "../../lib/labels";
import { useCountryOptions, useProducts } from "../../lib/reference";
import { useTRPC } from "../../trpc";
import { DescriptionField } from "./fields";
import { isSignedOut, refusalText, serverMsgKeys } from "./serverErrors";

interface Values {
  productId: number | null;
  countryCode: string | null;
  requestType: RequestType | null;
  description: string;
  urgency: Urgency;
}

export function SubmitRequestPage() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const navigate = useNavigate();
  useDocumentTitle(t`Submit Member Request`);
  const products = useProducts(i18n.locale);
  const countries = useCountryOptions(i18n.locale);
  const form = useForm<Values>({
    initialValues: { productId: null, countryCode: null, requestType: null, description: "", urgency: "normal" },
  });
  const submit = useMutation(trpc.memberRequests.submit.mutationOptions());

  const v = form.values;
  const words = countWords(v.description);
  const hasTarget = v.productId !== null || v.countryCode !== null;
  const problems = {
    selection: !hasTarget,
    requestType: v.requestType === null,
    description: v.description.trim() === "",
    tooLong: words > DESCRIPTION_MAX_WORDS,
  };
  const ready = !Object.values(problems).some(Boolean);

  function fail(title: string, message: string) {
    notifications.show({ color: "red", title, message });
  }

  async function send(values: Values) {
    // The button is disabled while a rule fails; these also cover submitting by Enter.
    if (problems.selection)
      return fail(t`Selection required`, t`Please select at least one product or target country.`);
    if (problems.requestType) return fail(t`Request type required`, t`Please select a type of request.`);
    if (problems.description) {
      return fail(t`Description required`, t`Please provide a brief description of your request.`);
    }
    if (problems.tooLong) return fail(t`Description too long`, t`Please limit your description to 30 words or less.`);
    try {
      await submit.mutateAsync({
        productId: values.productId,
        countryCode: values.countryCode,
        requestType: values.requestType as RequestType,
        description: values.description.trim(),
        urgency: values.urgency,
      });
    } catch (error) {
      console.error("Error submitting request", error);
      const keys = serverMsgKeys(error);
      if (isSignedOut(error)) fail(t`Authentication required`, t`Please sign in to submit a request.`);
      else if (keys.includes("productOrCountry")) {
        fail(t`Selection required`, t`Please select at least one product or target country.`);
      } else if (keys.includes("requestTypeRequired")) {
        fail(t`Request type required`, t`Please select a type of request.`);
      } else if (keys.includes("descriptionRequired")) {
        fail(t`Description required`, t`Please provide a brief description of your request.`);
      } else if (keys.includes("descriptionTooLong")) {
        fail(t`Description too long`, t`Please limit your description to 30 words or less.`);
      } else {
        fail(
          t`Error submitting request`,
          keys.length > 0 ? refusalText(error) : t`Something went wrong. Please try again.`,
        );
      }
      return;
    }
    notifications.show({
      color: "teal",
      title: t`Request submitted successfully!`,
      message: t`Your request has been sent to matching members.`,
    });
    await navigate({ to: "/dashboard" });
  }

  return (
    <Stack maw={760} mx="auto" gap="md" pb="md">
      <div>
        <Title order={1} size="h2">
          <Trans>Submit Member Request</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>
            Ask the members whose profile matches your product, target country or request type. Keep it short: at most
            30 words.
          </Trans>
        </Text>
      </div>

      {(products.query.isError || countries.query.isError) && (
        <LoadError
          title={t`Failed to load products and countries`}
          onRetry={() => {
            void products.query.refetch();
            void countries.query.refetch();
          }}
        />
      )}

      <Card withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        <form onSubmit={form.onSubmit((values) => void send(values))} noValidate>
          <Stack gap="md">
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
              label={t`Description`}
              placeholder={t`Describe briefly what you need`}
              overLimitMessage={t`Description exceeds 30 word limit. Please shorten your description.`}
              {...form.getInputProps("description")}
              value={v.description}
              data-testid="description"
            />
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to="/dashboard" variant="default">
                <Trans>Cancel</Trans>
              </Button>
              <Button
                type="submit"
                disabled={!ready}
                loading={submit.isPending}
                leftSection={<IconSend size={16} aria-hidden />}
              >
                <Trans>Submit</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
