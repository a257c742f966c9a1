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
import { type ReactNode, useId, useState } from "react";
import { signUpInput } from "../../../common/auth";
import { ACTIVITIES, type Activity, USER_TYPES, type UserType } from "../../../common/constants";
import { Msg } from "../../../common/messages";
import { translateServerText } from "../../i18n/serverMessages";
import { errorCode, errorText } from "../../lib/errors";
import { applyServerErrors, validateWith } from "../../lib/form";
import { ACTIVITY_LABELS, USER_TYPE_LABELS } from "../../lib/labels";
import { closeWebSocket, useTRPC } from "../../trpc";
import { PasswordStrength, usePasswordHint } from "./PasswordStrength";

/**
 * The note under a field: its hint, or its error once validated, in one box as tall as the
 * longest text it may show (`reserve`), so validating on blur never moves what is below it and
 * the click that caused the blur still lands (issue #13 §4). The field points at it with
 * `aria-describedby`; it is announced politely when it changes.
 */
function FieldNote({ id, error, hint, reserve }: { id: string; error?: ReactNode; hint?: string; reserve: string[] }) {
  return (
    <div id={id} aria-live="polite" style={{ display: "grid", marginTop: 4 }} data-testid={`${id}-note`}>
      {[hint ?? "", ...reserve].map((text) => (
        <Text key={text} size="xs" aria-hidden style={{ gridArea: "1 / 1", visibility: "hidden" }}>
          {text}
        </Text>
      ))}
      <Text size="xs" c={error ? "var(--mantine-color-error)" : "dimmed"} style={{ gridArea: "1 / 1" }}>
        {error ?? hint}
      </Text>
    </div>
  );
}

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
  const noteId = useId();
  const passwordHint = usePasswordHint();
  /** A text field's props with its error in a `FieldNote` instead of Mantine's own line. */
  const field = (name: "name" | "email" | "password") => ({
    ...form.getInputProps(name),
    error: form.errors[name] ? true : undefined,
    "aria-describedby": `${noteId}-${name}`,
  });

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
          <div>
            <TextInput label={t`Full name`} autoComplete="name" required data-autofocus {...field("name")} />
            <FieldNote
              id={`${noteId}-name`}
              error={form.errors.name}
              reserve={[translateServerText(Msg.nameTooShort), translateServerText(Msg.nameTooLong)]}
            />
          </div>
          <div>
            <TextInput label={t`Email`} type="email" autoComplete="email" required {...field("email")} />
            <FieldNote
              id={`${noteId}-email`}
              error={form.errors.email}
              reserve={[translateServerText(Msg.invalidEmail)]}
            />
          </div>
          <div>
            <PasswordInput label={t`Password`} autoComplete="new-password" required {...field("password")} />
            <FieldNote
              id={`${noteId}-password`}
              error={form.errors.password}
              hint={passwordHint}
              reserve={[
                translateServerText(Msg.passwordCommon),
                translateServerText(Msg.passwordComposition),
                translateServerText(Msg.passwordTooShort),
                translateServerText(Msg.passwordTooLong),
              ]}
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
