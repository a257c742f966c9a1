import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconSend } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { LIMITS } from "../../../../common/constants";
import { type ContactInput, contactInput } from "../../../../common/landing";
import { formatNumber } from "../../../i18n";
import { errorCode } from "../../../lib/errors";
import { applyServerErrors, validateWith } from "../../../lib/form";
import { useTRPC } from "../../../trpc";

/**
 * Ask Questions Online (spec part 1 §2, §5, §8; DESIGN.md §8 item 4): the message is stored for
 * the admins, who reply by email. Errors appear under each field.
 */
export function ContactForm() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const form = useForm<ContactInput>({
    initialValues: { name: "", email: "", message: "" },
    validate: validateWith(contactInput),
    validateInputOnBlur: true,
  });

  const send = useMutation(
    trpc.landing.contact.mutationOptions({
      onSuccess() {
        notifications.show({
          color: "teal",
          title: t`Message Sent`,
          message: t`Thank you for your message. An admin will reply to your email soon.`,
        });
        form.reset();
      },
      onError(error) {
        if (errorCode(error) === "TOO_MANY_REQUESTS") {
          notifications.show({
            color: "orange",
            title: t`Too Many Requests`,
            message: t`Please wait a few minutes before sending another message.`,
          });
          return;
        }
        if (Object.keys(applyServerErrors(form, error)).length > 0) return;
        notifications.show({ color: "red", message: t`Failed to send message. Please try again.` });
      },
    }),
  );

  const used = formatNumber(form.values.message.length, i18n.locale);
  const max = formatNumber(LIMITS.contactMessageMax, i18n.locale);

  return (
    <form onSubmit={form.onSubmit((values) => send.mutate(values))} noValidate>
      <Stack gap="md">
        <TextInput
          label={t`Name`}
          placeholder={t`Your full name`}
          autoComplete="name"
          withAsterisk
          {...form.getInputProps("name")}
        />
        <TextInput
          label={t`Email`}
          placeholder={t`you@company.com`}
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.getInputProps("email")}
        />
        <Textarea
          label={t`Message`}
          placeholder={t`How can we help you?`}
          autosize
          minRows={4}
          maxRows={10}
          withAsterisk
          description={
            <Trans>
              {used} of {max} characters
            </Trans>
          }
          inputWrapperOrder={["label", "input", "description", "error"]}
          {...form.getInputProps("message")}
        />
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed" maw={320}>
            <Trans>We use your email address only to reply to your message.</Trans>
          </Text>
          <Button type="submit" loading={send.isPending} leftSection={<IconSend size={18} aria-hidden />}>
            <Trans>Send Message</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
