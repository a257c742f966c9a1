/**
 * Change Password, a collapsible part of Profile information (spec part 2 §2, §5, §8;
 * DESIGN.md §8.10): current password, new password (the sign-up policy, with its strength
 * meter) and confirmation. Update Password stays disabled while any field is empty; Cancel
 * clears the fields. It lives inside the profile <form>, so it is a group, not a nested form:
 * Enter in its fields updates the password instead of submitting the profile.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Collapse, Group, PasswordInput, Stack, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconChevronDown, IconLock } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { type KeyboardEvent, useId, useState } from "react";
import { changePasswordInput } from "../../../common/account";
import { Msg } from "../../../common/messages";
import { errorText } from "../../lib/errors";
import { applyServerErrors, validateWith } from "../../lib/form";
import { useTRPC } from "../../trpc";
import { PasswordStrength, usePasswordHint } from "../auth";
import { rawServerMessage } from "./model";

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: Values = { currentPassword: "", newPassword: "", confirmPassword: "" };
const validate = validateWith(changePasswordInput);

export function ChangePasswordSection() {
  const { t } = useLingui();
  const passwordHint = usePasswordHint();
  const trpc = useTRPC();
  const [opened, setOpened] = useState(false);
  const regionId = useId();
  const form = useForm<Values>({ initialValues: EMPTY, validate });
  const change = useMutation(trpc.account.changePassword.mutationOptions());
  const v = form.values;
  const ready = v.currentPassword !== "" && v.newPassword !== "" && v.confirmPassword !== "";

  function clearFields() {
    form.setValues(EMPTY);
    form.clearErrors();
    form.resetDirty(EMPTY);
  }

  async function update() {
    if (!ready || change.isPending) return;
    const result = form.validate();
    if (result.hasErrors) {
      const raw = changePasswordInput.safeParse(form.getValues());
      const issue = raw.success ? undefined : raw.error.issues[0];
      if (issue?.message === Msg.passwordMismatch) {
        notifications.show({
          color: "red",
          title: t`Password mismatch`,
          message: String(result.errors.confirmPassword),
        });
      } else {
        const message = String(result.errors.newPassword ?? result.errors.currentPassword ?? "");
        notifications.show({
          color: "red",
          title: issue?.message === Msg.passwordTooShort ? t`Password too short` : t`Password update failed`,
          message,
        });
      }
      return;
    }
    try {
      await change.mutateAsync(form.getValues());
    } catch (error) {
      const wrongPassword = rawServerMessage(error) === Msg.currentPasswordWrong;
      applyServerErrors(form, error, { extra: wrongPassword ? { currentPassword: errorText(error) } : {} });
      notifications.show({ color: "red", title: t`Password update failed`, message: errorText(error) });
      return;
    }
    notifications.show({
      color: "teal",
      title: t`Password updated`,
      message: t`Your password has been changed. You have been signed out on your other devices.`,
    });
    clearFields();
    setOpened(false);
  }

  function onKeyDown(e: KeyboardEvent<HTMLFieldSetElement>) {
    if (e.key === "Enter" && (e.target as HTMLElement).tagName === "INPUT") {
      e.preventDefault();
      void update();
    }
  }

  return (
    <div>
      <UnstyledButton
        onClick={() => setOpened((o) => !o)}
        aria-expanded={opened}
        aria-controls={regionId}
        py={6}
        data-testid="change-password-toggle"
      >
        <Group gap="xs" wrap="nowrap">
          <IconLock size={18} aria-hidden />
          <Text fw={600}>
            <Trans>Change Password</Trans>
          </Text>
          <IconChevronDown
            size={16}
            aria-hidden
            style={{ transform: opened ? "rotate(180deg)" : undefined, transition: "transform 150ms ease" }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened} id={regionId} keepMounted={false}>
        <fieldset onKeyDown={onKeyDown} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <VisuallyHidden component="legend">
            <Trans>Change Password</Trans>
          </VisuallyHidden>
          <Stack gap="sm" pt="xs" maw={480}>
            <PasswordInput
              label={t`Current password`}
              autoComplete="current-password"
              {...form.getInputProps("currentPassword")}
            />
            <div>
              <PasswordInput
                label={t`New password`}
                autoComplete="new-password"
                description={passwordHint}
                {...form.getInputProps("newPassword")}
              />
              <PasswordStrength password={v.newPassword} />
            </div>
            <PasswordInput
              label={t`Confirm new password`}
              autoComplete="new-password"
              {...form.getInputProps("confirmPassword")}
            />
            <Group gap="sm">
              <Button onClick={() => void update()} disabled={!ready} loading={change.isPending}>
                <Trans>Update Password</Trans>
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  clearFields();
                  setOpened(false);
                }}
                disabled={change.isPending}
              >
                <Trans>Cancel</Trans>
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </Collapse>
    </div>
  );
}
