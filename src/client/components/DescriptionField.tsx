/**
 * A description box with its word limit and a live counter "n/limit words" (words split on
 * whitespace, as the server counts them; numbers in the UI language). Used by the request forms
 * (30 words) and the service-area post forms (150 words for descriptions, 60 for bring/seek).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Text, Textarea, type TextareaProps } from "@mantine/core";
import { countWords, DESCRIPTION_MAX_WORDS } from "../../common/memberRequests";
import { formatNumber } from "../i18n";

export type DescriptionFieldProps = Omit<TextareaProps, "value"> & {
  value: string;
  /** The limit in words (30, the request forms', by default). */
  maxWords?: number;
  /** Shown as the field's error while over the limit; "Description must be 30 words or less" by default. */
  overLimitMessage?: string;
  /** The counter's test id ("word-count" by default). */
  counterTestId?: string;
};

/**
 * Description box with the live counter 'n/limit words', labelled "Description" unless `label`
 * is given. Above the limit the counter turns red and `overLimitMessage` shows as the field's
 * error; otherwise `error` (from validation) shows.
 */
export function DescriptionField({
  maxWords = DESCRIPTION_MAX_WORDS,
  overLimitMessage,
  counterTestId = "word-count",
  error,
  value,
  ...props
}: DescriptionFieldProps) {
  const { t, i18n } = useLingui();
  const words = countWords(value);
  const over = words > maxWords;
  const count = formatNumber(words, i18n.locale);
  const max = formatNumber(maxWords, i18n.locale);
  return (
    <Textarea
      label={t`Description`}
      placeholder={t`Describe briefly what you need`}
      data-testid="description"
      autosize
      minRows={4}
      maxRows={10}
      required
      {...props}
      value={value}
      error={over ? (overLimitMessage ?? t`Description must be 30 words or less`) : error}
      inputWrapperOrder={["label", "input", "description", "error"]}
      description={
        <Text
          component="span"
          size="xs"
          c={over ? "red.9" : "dimmed"}
          fw={over ? 600 : undefined}
          data-testid={counterTestId}
        >
          <Trans>
            {count}/{max} words
          </Trans>
        </Text>
      }
      data-over-limit={over || undefined}
    />
  );
}
