/**
 * The description box of the request forms, with its live word counter.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Text, Textarea, type TextareaProps } from "@mantine/core";
import { countWords, DESCRIPTION_MAX_WORDS } from "../../../common/memberRequests";
import { formatNumber } from "../../i18n";

/**
 * Description box with the live counter 'n/30 words' (words split on whitespace, as the server
 * counts them). Above the limit the counter turns red and `overLimitMessage` shows as the
 * field's error; otherwise `error` (from validation) shows.
 */
export function DescriptionField({
  overLimitMessage,
  error,
  value,
  ...props
}: Omit<TextareaProps, "value"> & { value: string; overLimitMessage: string }) {
  const { i18n } = useLingui();
  const words = countWords(value);
  const over = words > DESCRIPTION_MAX_WORDS;
  const count = formatNumber(words, i18n.locale);
  const max = formatNumber(DESCRIPTION_MAX_WORDS, i18n.locale);
  return (
    <Textarea
      autosize
      minRows={4}
      maxRows={10}
      required
      {...props}
      value={value}
      error={over ? overLimitMessage : error}
      inputWrapperOrder={["label", "input", "description", "error"]}
      description={
        <Text
          component="span"
          size="xs"
          c={over ? "red.7" : "dimmed"}
          fw={over ? 600 : undefined}
          data-testid="word-count"
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
