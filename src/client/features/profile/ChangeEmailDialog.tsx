/**
 * Change email (spec part 2 §4 Email change, §8; DESIGN.md §8.10): the new address and the
 * current password. The server mails a confirmation link to the new address; nothing changes
 * until it is opened (`/confirm-email`).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { requestEmailChangeInput } from "../../../common/account";
import { Msg } from "../../../common/messages";
import { errorText } from "../../lib/errors";
import { applyServerErrors, validateWith } from "../../lib/form";
import { useTRPC } from "../../trpc";
import { rawServerMessage } from "./model";

interface Values {
  newEmail: string;
  currentPassword: string;
}

const validate = validateWith(requestEmailChangeInput);

export function ChangeEmailDialog({
  opened,
  onClose,
  currentEmail,
}: {
  opened: boolean;
  onClose: () => void;
  currentEmail: string;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { newEmail: "", currentPassword: "" },
    validate,
    validateInputOnBlur: ["newEmail"],
  });
  const request = useMutation(trpc.account.requestEmailChange.mutationOptions());

  function close() {
    form.reset();
    setFailure(null);
    onClose();
  }

  async function submit(values: Values) {
    setFailure(null);
    try {
      // The confirmation mail is written in the language of this page (issue #13 §4).
      await request.mutateAsync({ ...values, locale: i18n.locale === "fa" ? "fa" : "en" });
    } catch (error) {
      const raw = rawServerMessage(error);
      const extra =
        raw === Msg.currentPasswordWrong
          ? { currentPassword: errorText(error) }
          : raw === Msg.sameEmail || raw === Msg.emailTaken
            ? { newEmail: errorText(error) }
            : {};
      const fields = applyServerErrors(form, error, { extra });
      if (Object.keys(fields).length === 0) setFailure(errorText(error));
      return;
    }
    notifications.show({
      color: "teal",
      title: t`Email update initiated`,
      message: t`Please check your new email address to confirm the change.`,
      autoClose: 8000,
    });
    close();
  }

  return (
    <Modal opened={opened} onClose={close} title={<Trans>Change email</Trans>} centered>
      <form
        noValidate
        onSubmit={(e) => {
          // The dialog is rendered through a portal: keep its submit away from the profile form.
          e.stopPropagation();
          form.onSubmit((v) => void submit(v))(e);
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            <Trans>
              Your current email is <b dir="ltr">{currentEmail}</b>. We will send a confirmation link to the new
              address; the change takes effect when you open it.
            </Trans>
          </Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t`New email`}
            type="email"
            autoComplete="email"
            dir="auto"
            required
            data-autofocus
            {...form.getInputProps("newEmail")}
          />
          <PasswordInput
            label={t`Current password`}
            autoComplete="current-password"
            required
            {...form.getInputProps("currentPassword")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={request.isPending}>
              <Trans>Send confirmation</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
