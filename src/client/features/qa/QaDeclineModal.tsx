/**
 * Declining a member's question (issue #13 §3): the admin writes a note the asker reads under
 * "My questions" (the same `qaDeclineInput` schema as the server).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { qaDeclineInput } from "../../../common/qa";
import { errorText } from "../../lib/errors";
import { applyServerErrors, validateWith } from "../../lib/form";
import { useTRPC } from "../../trpc";

const NOTE_MAX = 1000;
const validate = validateWith<{ note: string }>(qaDeclineInput, { input: (v) => ({ id: 1, note: v.note }) });

/** `target` is the question being declined; `null` = closed. */
export function QaDeclineModal({
  target,
  onClose,
  onSaved,
}: {
  target: { id: number; question: string } | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const decline = useMutation(trpc.qa.decline.mutationOptions());
  const form = useForm<{ note: string }>({ initialValues: { note: "" }, validate });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the target changes.
  useEffect(() => {
    if (target === null) return;
    form.setValues({ note: "" });
    form.resetDirty({ note: "" });
    form.clearErrors();
  }, [target]);

  async function save(values: { note: string }) {
    if (!target) return;
    try {
      await decline.mutateAsync({ id: target.id, note: values.note });
    } catch (error) {
      console.error("Failed to decline the question", error);
      applyServerErrors(form, error);
      notifications.show({ color: "red", title: t`Failed to decline the question`, message: errorText(error) });
      await onSaved();
      return;
    }
    notifications.show({ color: "teal", message: t`The question was declined. The member can read your note.` });
    await onSaved();
    onClose();
  }

  return (
    <Modal
      opened={target !== null}
      onClose={() => !decline.isPending && onClose()}
      title={<Trans>Decline question</Trans>}
      size="lg"
      centered
      closeButtonProps={{ "aria-label": t`Close` }}
    >
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate data-testid="qa-decline-form">
        <Stack gap="md">
          <Text size="sm" fw={600} dir="auto" lineClamp={4} style={{ overflowWrap: "anywhere" }}>
            {target?.question}
          </Text>
          <Textarea
            label={t`Note for the member`}
            description={t`The member sees this note with their question.`}
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={NOTE_MAX}
            data-autofocus
            dir="auto"
            {...form.getInputProps("note")}
            data-testid="qa-decline-note"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={decline.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" color="red" loading={decline.isPending} data-testid="qa-decline-save">
              <Trans>Decline</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
