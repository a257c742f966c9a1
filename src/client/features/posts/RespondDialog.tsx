/**
 * Respond to a post (spec part 2 §2, §5, §8; issue #14): the post in the header (poster, badges,
 * title, description), a response message of at most 200 characters with its counter, and
 * e-mail, telephone and WhatsApp, at least one of them. Validated with the server's
 * `respondPostInput`; sent with `posts.respond`. Requests read "Respond to Request", offers
 * "Respond to Offer". A consultation request also takes a proposed date and one of the session
 * modes the member asked for, both optional (issue #15 §3).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { type FormErrors, useForm } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconBrandWhatsapp, IconMail, IconPhone, IconSend } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { RESPONSE_MAX_CHARS } from "../../../common/memberRequests";
import { Msg } from "../../../common/messages";
import { HELPFUL_ANSWER_POINTS } from "../../../common/points";
import { type Board, respondPostInput } from "../../../common/posts";
import type { SessionMode } from "../../../common/services";
import { DateField } from "../../components/DateField";
import { useMemberName } from "../../components/MemberName";
import { UserText } from "../../components/UserText";
import { formatNumber } from "../../i18n";
import { translateServerText } from "../../i18n/serverMessages";
import { normalizePhone } from "../../lib/digits";
import { refusalText, serverMsgKeys } from "../../lib/errors";
import { validateWith } from "../../lib/form";
import { SESSION_MODE_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";
import { PostBadges } from "./PostDetails";
import type { ReceivedPost } from "./types";

interface Values {
  message: string;
  contactEmail: string;
  contactPhone: string;
  contactWhatsapp: string;
  proposedDate: string | null;
  proposedMode: SessionMode | null;
}

const EMPTY: Values = {
  message: "",
  contactEmail: "",
  contactPhone: "",
  contactWhatsapp: "",
  proposedDate: null,
  proposedMode: null,
};

function toInput(post: Pick<ReceivedPost, "id" | "area" | "kind"> | null, v: Values) {
  return {
    postId: post?.id ?? 1,
    board: post ? (`${post.area}.${post.kind}` as Board) : undefined,
    message: v.message,
    contactEmail: v.contactEmail.trim(),
    contactPhone: normalizePhone(v.contactPhone),
    contactWhatsapp: normalizePhone(v.contactWhatsapp),
    proposedDate: v.proposedDate,
    proposedMode: v.proposedMode,
  };
}

const schemaErrors = validateWith(respondPostInput);

export function RespondDialog({
  post: request,
  onClose,
  onResponded,
}: {
  /** The post being answered; null closes the dialog. */
  post: ReceivedPost | null;
  onClose: () => void;
  /** The post left the list: answered, or answered or withdrawn meanwhile. */
  onResponded: (postId: number) => void;
}) {
  const { t, i18n } = useLingui();
  const memberName = useMemberName();
  const trpc = useTRPC();
  const mobile = useMediaQuery("(max-width: 36em)");
  const helpfulPoints = formatNumber(HELPFUL_ANSWER_POINTS, i18n.locale);
  const profile = useQuery({ ...trpc.profile.get.queryOptions(), enabled: request !== null });
  const respond = useMutation(trpc.posts.respond.mutationOptions());
  const contactRequired = translateServerText(Msg.contactRequired);
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: (values) => {
      const errors = schemaErrors(toInput(request, values));
      delete errors.postId;
      delete errors.board;
      return errors;
    },
  });

  // A new request opens a fresh form.
  const requestId = request?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another request opens
  useEffect(() => {
    form.reset();
  }, [requestId]);

  const chars = form.values.message.trim().length;
  const over = chars > RESPONSE_MAX_CHARS;
  const charCount = formatNumber(chars, i18n.locale);
  const charMax = formatNumber(RESPONSE_MAX_CHARS, i18n.locale);
  // The "at least one contact" rule sits on the e-mail path; it is shown for the whole group.
  const groupError = form.errors.contactEmail === contactRequired ? contactRequired : null;
  const emailError = groupError ? undefined : form.errors.contactEmail;
  const mine = profile.data;
  const hasOwnContacts = !!mine && (!!mine.email || !!mine.mobile || !!mine.whatsapp);

  /** Any contact given answers the group's "at least one" message. */
  function contactChanged(field: "contactPhone" | "contactWhatsapp", value: string) {
    form.setFieldValue(field, value);
    form.clearFieldError(field);
    if (groupError) form.clearFieldError("contactEmail");
  }

  function onInvalid(errors: FormErrors) {
    if (errors.message && form.values.message.trim() === "") {
      notifications.show({
        color: "red",
        title: t`Response Required`,
        message: t`Please provide a brief response message`,
      });
    }
    if (errors.contactEmail === contactRequired) {
      notifications.show({
        color: "red",
        title: t`Contact Information Required`,
        message: t`Please provide at least one contact method (email, phone, or WhatsApp)`,
      });
    }
  }

  async function submit(values: Values) {
    if (!request) return;
    try {
      await respond.mutateAsync(toInput(request, values));
    } catch (error) {
      console.error("Failed to send response", error);
      const keys = serverMsgKeys(error);
      // Answered meanwhile, or no longer shown to this member: it leaves the list either way.
      const gone = (
        ["alreadyResponded", "alreadyRespondedPost", "requestUnavailable", "postUnavailable"] as const
      ).some((k) => keys.includes(k));
      notifications.show({ color: "red", title: t`Failed to send response`, message: refusalText(error) });
      if (gone) onResponded(request.id);
      return;
    }
    notifications.show({
      color: "teal",
      title: t`Response Sent`,
      message:
        request.kind === "offer"
          ? t`Your response has been sent to the member who made the offer`
          : t`Your response has been sent to the requesting member`,
    });
    onResponded(request.id);
  }

  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={request?.kind === "offer" ? <Trans>Respond to Offer</Trans> : <Trans>Respond to Request</Trans>}
      size="lg"
      fullScreen={mobile}
      centered
    >
      {request && (
        <form onSubmit={form.onSubmit((v) => void submit(v), onInvalid)} noValidate>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)" data-testid="respond-request">
              <Stack gap="xs">
                <UserText size="sm" fw={600} preWrap={false}>
                  {memberName(request.posterName)}
                </UserText>
                <PostBadges post={request} />
                {request.title && (
                  <UserText size="sm" fw={700} data-testid="respond-request-title">
                    {request.title}
                  </UserText>
                )}
                {request.description && <UserText size="sm">{request.description}</UserText>}
              </Stack>
            </Paper>
            <Text size="xs" c="dimmed" data-testid="respond-points-hint">
              <Trans>If the member rates your answer 3 stars, you earn +{helpfulPoints} points.</Trans>
            </Text>

            <Textarea
              label={t`Your response`}
              placeholder={t`A brief answer: how you can help`}
              required
              autosize
              minRows={3}
              maxRows={8}
              data-autofocus
              {...form.getInputProps("message")}
              inputWrapperOrder={["label", "input", "description", "error"]}
              description={
                <Text component="span" size="xs" c={over ? "red.7" : "dimmed"} fw={over ? 600 : undefined}>
                  <Trans>
                    {charCount}/{charMax} characters
                  </Trans>
                </Text>
              }
              data-testid="response-message"
            />

            <div>
              <Group justify="space-between" gap="xs" mb={4}>
                <Text size="sm" fw={500}>
                  <Trans>How can they reach you?</Trans>
                </Text>
                {hasOwnContacts && (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => {
                      form.setValues({
                        contactEmail: mine.email ?? "",
                        contactPhone: mine.mobile ?? "",
                        contactWhatsapp: mine.whatsapp ?? "",
                      });
                      form.clearErrors();
                    }}
                  >
                    <Trans>Use my profile contacts</Trans>
                  </Anchor>
                )}
              </Group>
              <Text size="xs" c="dimmed" mb="xs">
                <Trans>Give at least one. The member sees them only when they choose to reveal them.</Trans>
              </Text>
              {groupError && (
                <Alert color="red" variant="light" p="xs" mb="xs" role="alert" data-testid="contact-error">
                  <Text size="sm">{groupError}</Text>
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput
                  label={t`Email`}
                  type="email"
                  autoComplete="email"
                  dir="ltr"
                  leftSection={<IconMail size={16} aria-hidden />}
                  {...form.getInputProps("contactEmail")}
                  error={emailError}
                  data-testid="contact-email"
                />
                <TextInput
                  label={t`Telephone`}
                  type="tel"
                  autoComplete="tel"
                  dir="ltr"
                  placeholder="+98 912 123 4567"
                  leftSection={<IconPhone size={16} aria-hidden />}
                  {...form.getInputProps("contactPhone")}
                  onChange={(e) => contactChanged("contactPhone", e.currentTarget.value)}
                  data-testid="contact-phone"
                />
                <TextInput
                  label={t`WhatsApp`}
                  type="tel"
                  dir="ltr"
                  placeholder="+98 912 123 4567"
                  leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
                  {...form.getInputProps("contactWhatsapp")}
                  onChange={(e) => contactChanged("contactWhatsapp", e.currentTarget.value)}
                  data-testid="contact-whatsapp"
                />
              </SimpleGrid>
            </div>

            {request.area === "consultancy" && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="proposal">
                <DateField
                  label={t`Proposed date (optional)`}
                  minDate={new Date()}
                  {...form.getInputProps("proposedDate")}
                  value={form.values.proposedDate}
                  onChange={(value) => form.setFieldValue("proposedDate", value)}
                  clearLabel={t`Clear proposed date`}
                  data-testid="proposed-date"
                />
                <Select
                  label={t`Proposed session mode`}
                  placeholder={t`No preference`}
                  clearable
                  data={(request.details.modes ?? []).map((m) => ({ value: m, label: i18n._(SESSION_MODE_LABELS[m]) }))}
                  {...form.getInputProps("proposedMode")}
                  value={form.values.proposedMode}
                  onChange={(value) => form.setFieldValue("proposedMode", value as SessionMode | null)}
                  data-testid="proposed-mode"
                />
              </SimpleGrid>
            )}

            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={respond.isPending} leftSection={<IconSend size={16} aria-hidden />}>
                <Trans>Send Response</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
