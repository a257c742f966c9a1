/**
 * "Ask a question" (issue #13 §3): a member writes a question for the admins and chooses whether
 * it is export-related or club-related (the same `qaAskInput` schema as the server). The question
 * reaches Q&A Management as a draft with the asker's name; the member follows it under
 * "My questions". At most 5 a day (`RATE_LIMITS.qaAsk`); a refusal is shown in the form.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { RATE_LIMITS } from "../../../common/constants";
import { QA_SUBSECTIONS, qaAskInput } from "../../../common/qa";
import { formatNumber } from "../../i18n";
import { errorText } from "../../lib/errors";
import { applyServerErrors, validateWith } from "../../lib/form";
import { QA_SUBSECTION_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";

type Subsection = (typeof QA_SUBSECTIONS)[number];

interface AskValues {
  question: string;
  subsection: Subsection | "";
}

const QUESTION_MAX = 500;
const EMPTY: AskValues = { question: "", subsection: "" };
const validate = validateWith(qaAskInput);

export function QaAskModal({
  opened,
  defaultSubsection,
  onClose,
}: {
  opened: boolean;
  /** The tab the member was reading, preselected. */
  defaultSubsection: Subsection;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ask = useMutation(trpc.qa.ask.mutationOptions());
  const form = useForm<AskValues>({ initialValues: EMPTY, validate });
  const perDay = formatNumber(RATE_LIMITS.qaAsk.max, i18n.locale);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset each time the dialog opens.
  useEffect(() => {
    if (!opened) return;
    const values = { question: "", subsection: defaultSubsection };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened]);

  async function send(values: AskValues) {
    try {
      await ask.mutateAsync({ question: values.question, subsection: values.subsection as Subsection });
    } catch (error) {
      console.error("Failed to send the question", error);
      applyServerErrors(form, error);
      notifications.show({ color: "red", title: t`Failed to send your question`, message: errorText(error) });
      return;
    }
    notifications.show({
      color: "teal",
      message: t`Your question was sent to the admins. You will find their answer under "My questions".`,
    });
    await queryClient.invalidateQueries({ queryKey: trpc.qa.mine.queryKey() });
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={() => !ask.isPending && onClose()}
      title={<Trans>Ask a question</Trans>}
      size="lg"
      centered
      closeButtonProps={{ "aria-label": t`Close` }}
    >
      <form onSubmit={form.onSubmit((values) => void send(values))} noValidate data-testid="qa-ask-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            <Trans>
              The admins read every question. When they answer it, the answer is published in the Q&A for all members.
              You can ask up to {perDay} questions a day.
            </Trans>
          </Text>
          <Radio.Group
            label={t`Subsection`}
            required
            {...form.getInputProps("subsection")}
            data-testid="qa-ask-subsection"
          >
            <Group gap="lg" mt={6}>
              {QA_SUBSECTIONS.map((s) => (
                <Radio key={s} value={s} label={i18n._(QA_SUBSECTION_LABELS[s])} data-testid={`qa-ask-${s}`} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea
            label={t`Your question`}
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={QUESTION_MAX}
            data-autofocus
            dir="auto"
            {...form.getInputProps("question")}
            data-testid="qa-ask-question"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={ask.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={ask.isPending} data-testid="qa-ask-send">
              <Trans>Send question</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
