/**
 * Join the Club (spec part 1 §2, §3, §5, §8): name, e-mail, password with the strength meter,
 * one activity, user type and an optional referral code. Submit stays disabled until an
 * activity and a user type are chosen. Success signs the applicant in; the gate then shows
 * Application Pending.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, Modal, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { signUpInput } from "../../../common/auth";
import { ACTIVITIES, type Activity, USER_TYPES, type UserType } from "../../../common/constants";
import { errorCode, errorText } from "../../lib/errors";
import { applyServerErrors, validateWith } from "../../lib/form";
import { ACTIVITY_LABELS, USER_TYPE_LABELS } from "../../lib/labels";
import { closeWebSocket, useTRPC } from "../../trpc";
import { PasswordStrength } from "./PasswordStrength";

interface Values {
  name: string;
  email: string;
  password: string;
  activity: Activity | "";
  userType: UserType | "";
  referralCode: string;
}

export function SignUpDialog({
  opened,
  onClose,
  onSwitchToSignIn,
}: {
  opened: boolean;
  onClose: () => void;
  onSwitchToSignIn?: () => void;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const form = useForm<Values>({
    initialValues: { name: "", email: "", password: "", activity: "", userType: "", referralCode: "" },
    validate: validateWith(signUpInput),
    validateInputOnBlur: true,
  });
  const signUp = useMutation(trpc.auth.signUp.mutationOptions());
  const ready = form.values.activity !== "" && form.values.userType !== "";

  async function submit(values: Values) {
    setFailure(null);
    let adminConfirmation = false;
    try {
      const result = await signUp.mutateAsync({
        ...values,
        activity: values.activity as Activity,
        userType: values.userType as UserType,
        locale: i18n.locale === "fa" ? "fa" : "en",
      });
      adminConfirmation = result.adminConfirmationSent;
    } catch (error) {
      applyServerErrors(form, error);
      const code = errorCode(error);
      if (code === "TOO_MANY_REQUESTS" || code === "CONFLICT" || code === "BAD_REQUEST") {
        setFailure({ title: t`Sign up failed`, message: errorText(error) });
      } else {
        setFailure({ title: t`An error occurred`, message: t`Please try again later.` });
      }
      return;
    }
    notifications.show(
      adminConfirmation
        ? {
            color: "teal",
            title: t`Confirm your email address`,
            message: t`We sent a link to your administrator address. Open it in this browser to activate the administrator account.`,
            autoClose: false,
          }
        : {
            color: "teal",
            title: t`Application submitted successfully!`,
            message: t`Your application is pending admin approval. You'll receive an email once approved.`,
            autoClose: 8000,
          },
    );
    closeWebSocket();
    queryClient.clear();
    await queryClient.fetchQuery(trpc.session.get.queryOptions());
    form.reset();
    onClose();
    await navigate({ to: "/dashboard" });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={<Trans>Join the Club</Trans>} centered size="lg">
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" title={failure.title} role="alert">
              {failure.message}
            </Alert>
          )}
          <TextInput label={t`Full name`} autoComplete="name" required data-autofocus {...form.getInputProps("name")} />
          <TextInput label={t`Email`} type="email" autoComplete="email" required {...form.getInputProps("email")} />
          <div>
            <PasswordInput
              label={t`Password`}
              autoComplete="new-password"
              required
              description={t`At least 8 characters with upper and lower case letters, a number and one of @$!%*?&`}
              {...form.getInputProps("password")}
            />
            <PasswordStrength password={form.values.password} />
          </div>
          <Radio.Group label={t`Your activity`} required {...form.getInputProps("activity")}>
            <SimpleGrid cols={{ base: 1, xs: 3 }} mt="xs">
              {ACTIVITIES.map((a) => (
                <Radio key={a} value={a} label={i18n._(ACTIVITY_LABELS[a])} />
              ))}
            </SimpleGrid>
          </Radio.Group>
          <Radio.Group label={t`User type`} required {...form.getInputProps("userType")}>
            <SimpleGrid cols={2} mt="xs">
              {USER_TYPES.map((u) => (
                <Radio key={u} value={u} label={i18n._(USER_TYPE_LABELS[u])} />
              ))}
            </SimpleGrid>
          </Radio.Group>
          <TextInput label={t`Referral code (optional)`} {...form.getInputProps("referralCode")} />
          <Button type="submit" disabled={!ready} loading={signUp.isPending} fullWidth>
            <Trans>Submit application</Trans>
          </Button>
          {!ready && (
            <Text size="xs" c="dimmed" ta="center">
              <Trans>Choose your activity and user type to continue.</Trans>
            </Text>
          )}
          {onSwitchToSignIn && (
            <Text size="sm" ta="center">
              <Trans>Already a member?</Trans>{" "}
              <Anchor component="button" type="button" onClick={onSwitchToSignIn}>
                <Trans>Sign In</Trans>
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
