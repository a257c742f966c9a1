/**
 * Add / edit a Q&A item (spec part 2 §5 Q&A form: question and answer required; the same
 * `qaItemInput` schema as the server): question, answer, subsection and the Published switch.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Modal, Select, Stack, Switch, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { QA_SUBSECTIONS, qaItemInput } from "../../../common/qa";
import { errorText } from "../../lib/errors";
import { applyServerErrors, validateWith } from "../../lib/form";
import { QA_SUBSECTION_LABELS } from "../../lib/labels";
import { useTRPC } from "../../trpc";

export type QaSubsection = (typeof QA_SUBSECTIONS)[number];

export interface QaFormValues {
  question: string;
  answer: string;
  subsection: QaSubsection;
  isPublished: boolean;
}

/** The item being edited, or `"new"`; `null` = closed. */
export type QaEditTarget = ({ id: number } & QaFormValues) | "new" | null;

const QUESTION_MAX = 500;
const ANSWER_MAX = 10_000;
const EMPTY: QaFormValues = { question: "", answer: "", subsection: "export_related", isPublished: false };
const validate = validateWith(qaItemInput);

export function QaFormModal({
  target,
  onClose,
  onSaved,
}: {
  target: QaEditTarget;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const create = useMutation(trpc.qa.create.mutationOptions());
  const update = useMutation(trpc.qa.update.mutationOptions());
  const pending = create.isPending || update.isPending;
  const form = useForm<QaFormValues>({ initialValues: EMPTY, validate });
  const editing = target !== null && target !== "new" ? target : null;

  // Load the chosen item (or a blank form) each time the dialog opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the target changes.
  useEffect(() => {
    if (target === null) return;
    const values =
      target === "new"
        ? EMPTY
        : {
            question: target.question,
            answer: target.answer,
            subsection: target.subsection,
            isPublished: target.isPublished,
          };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [target]);

  async function save(values: QaFormValues) {
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...values });
        notifications.show({ color: "teal", message: t`Q&A item updated successfully` });
      } else {
        await create.mutateAsync(values);
        notifications.show({ color: "teal", message: t`Q&A item created successfully` });
      }
    } catch (error) {
      console.error("Failed to save Q&A item", error);
      applyServerErrors(form, error);
      notifications.show({ color: "red", title: t`Failed to save Q&A item`, message: errorText(error) });
      return;
    }
    await onSaved();
    onClose();
  }

  return (
    <Modal
      opened={target !== null}
      onClose={() => !pending && onClose()}
      title={editing ? <Trans>Edit Q&A item</Trans> : <Trans>Add Q&A item</Trans>}
      size="lg"
      centered
      closeButtonProps={{ "aria-label": t`Close` }}
    >
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate data-testid="qa-form">
        <Stack gap="md">
          <Textarea
            label={t`Question`}
            required
            autosize
            minRows={2}
            maxRows={5}
            maxLength={QUESTION_MAX}
            data-autofocus
            {...form.getInputProps("question")}
            data-testid="qa-question"
          />
          <Textarea
            label={t`Answer`}
            required
            autosize
            minRows={5}
            maxRows={14}
            maxLength={ANSWER_MAX}
            {...form.getInputProps("answer")}
            data-testid="qa-answer"
          />
          <Select
            label={t`Subsection`}
            required
            allowDeselect={false}
            data={QA_SUBSECTIONS.map((s) => ({ value: s, label: i18n._(QA_SUBSECTION_LABELS[s]) }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("subsection")}
            data-testid="qa-subsection"
          />
          <Switch
            label={t`Published`}
            description={t`Only published items are shown to members.`}
            {...form.getInputProps("isPublished", { type: "checkbox" })}
            data-testid="qa-published"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={pending} data-testid="qa-save">
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
