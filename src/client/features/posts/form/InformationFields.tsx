/**
 * The fields of the information forms (ask for / offer information; issue #14): the kind of
 * information and its topic (a country, a sector, a product: at least one); the offer's optional
 * attachment is `AttachmentField`.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { SimpleGrid, Text } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { FileUpload } from "../../../components/FileUpload";
import { CountrySelect, ProductSelect, SectorSelect } from "../../../components/ReferenceSelects";
import { INFORMATION_KIND_LABELS } from "../labels";
import { LabelSelect } from "./fields";
import type { PostFormState } from "./state";

export function InformationFields({ form }: { form: UseFormReturnType<PostFormState> }) {
  const { t } = useLingui();
  const topicError = form.errors.countryCode;
  /** One of the three topic pickers: clears the rule's error (kept on countryCode) and turns red with it. */
  const topic = <K extends "countryCode" | "sector" | "productId">(field: K) => ({
    value: form.values[field] as never,
    onChange: (value: unknown) => {
      form.setFieldValue(field, value as never);
      form.clearFieldError("countryCode");
    },
    error: topicError ? true : undefined,
  });
  return (
    <>
      <LabelSelect
        label={t`Kind of information`}
        placeholder={t`Select a kind`}
        labels={INFORMATION_KIND_LABELS}
        maw={{ sm: "calc(50% - var(--mantine-spacing-md) / 2)" }}
        {...form.getInputProps("informationKind")}
        data-testid="information-kind-select"
      />
      <div>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <CountrySelect label={t`Country`} {...topic("countryCode")} />
          <SectorSelect {...topic("sector")} />
          <ProductSelect label={t`Product`} {...topic("productId")} />
        </SimpleGrid>
        {topicError ? (
          <Text size="xs" c="red.9" mt={6} role="alert" data-testid="topic-error">
            {topicError}
          </Text>
        ) : (
          <Text size="xs" c="dimmed" mt={6}>
            <Trans>Choose at least one of the three.</Trans>
          </Text>
        )}
      </div>
    </>
  );
}

/** Offer information: an optional document (purpose `post_attachment`: PDF, Word, Excel, JPEG/PNG, ≤ 5 MB). */
export function AttachmentField({ form }: { form: UseFormReturnType<PostFormState> }) {
  const { t } = useLingui();
  return (
    <FileUpload
      purpose="post_attachment"
      label={t`Attachment (optional)`}
      value={form.values.attachment}
      onChange={(file) => {
        form.setFieldValue("attachment", file);
        form.clearFieldError("attachment");
      }}
      error={form.errors.attachment}
      data-testid="attachment"
    />
  );
}
