/**
 * Manage Membership Documents / Manage Videos / Manage PDFs (issue #16 §1; spec part 1 §2, §4,
 * §5 "Admin uploads", §8 "Admin content tools"): every item of the kind, newest first, with its
 * active switch and Delete (confirmed); above, the upload form: title, file (with a progress
 * bar, through the one upload pipeline), a document's type or a video's description. One dialog
 * for the three kinds.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  CONTENT_DESCRIPTION_MAX,
  CONTENT_PURPOSE,
  CONTENT_TITLE_MAX,
  type ContentItem,
  type ContentKind,
  type MembershipDocumentType,
} from "../../../../common/content";
import { FileUpload } from "../../../components/FileUpload";
import type { DialogProps } from "../../../components/LazyDialog";
import { formatDate } from "../../../i18n";
import { errorText } from "../../../lib/errors";
import type { Uploaded } from "../../../lib/upload";
import { trpc } from "../../../trpc";
import { useContentTexts } from "./texts";

export interface ContentAdminDialogProps extends DialogProps {
  kind: ContentKind;
}

export function ContentAdminDialog({ kind, opened, onClose }: ContentAdminDialogProps) {
  const texts = useContentTexts(kind);
  return (
    <Modal opened={opened} onClose={onClose} title={texts.manage} size="lg" data-testid={`content-admin-${kind}`}>
      <Stack gap="lg">
        <UploadForm kind={kind} />
        <Divider />
        <ItemList kind={kind} />
      </Stack>
    </Modal>
  );
}

function UploadForm({ kind }: { kind: ContentKind }) {
  const { t } = useLingui();
  const texts = useContentTexts(kind);
  const queryClient = useQueryClient();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [documentType, setDocumentType] = useState<MembershipDocumentType>("terms_conditions");
  const [file, setFile] = useState<Uploaded | null>(null);
  const create = useMutation(
    trpc.content.create.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: "teal", message: texts.uploaded });
        setTitle("");
        setDescription("");
        setFile(null);
        await queryClient.invalidateQueries({ queryKey: trpc.content.pathKey() });
      },
      onError: (err) => notifications.show({ color: "red", title: texts.uploadFailed, message: errorText(err) }),
    }),
  );

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!title.trim() || !file) {
      notifications.show({ color: "yellow", title: t`Missing Information`, message: texts.missing });
      return;
    }
    const base = { title: title.trim(), uploadId: file.id };
    if (kind === "document") create.mutate({ kind, ...base, documentType });
    else if (kind === "video") create.mutate({ kind, ...base, description: description.trim() || undefined });
    else create.mutate({ kind, ...base });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t`Title`}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={CONTENT_TITLE_MAX}
          required
          data-testid="content-title"
        />
        {kind === "document" && (
          <Radio.Group
            label={t`Document type`}
            value={documentType}
            onChange={(v) => setDocumentType(v as MembershipDocumentType)}
          >
            <Group gap="md" mt={6}>
              <Radio value="terms_conditions" label={t`Terms and Conditions`} />
              <Radio value="membership_levels" label={t`Membership Levels and Services`} />
            </Group>
          </Radio.Group>
        )}
        {kind === "video" && (
          <Textarea
            label={t`Description (optional)`}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            maxLength={CONTENT_DESCRIPTION_MAX}
            autosize
            minRows={2}
          />
        )}
        <FileUpload
          purpose={CONTENT_PURPOSE[kind]}
          value={file}
          onChange={setFile}
          label={texts.fileLabel}
          data-testid="content-file"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} data-testid="content-submit">
            <Trans>Upload</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ItemList({ kind }: { kind: ContentKind }) {
  const texts = useContentTexts(kind);
  const list = useQuery(trpc.content.list.queryOptions({ kind }));
  if (list.isPending) return <Loader size="sm" aria-label={texts.manage} />;
  if (list.isError)
    return (
      <Alert color="red" role="alert">
        {errorText(list.error)}
      </Alert>
    );
  if (list.data.length === 0) return <Text c="dimmed">{texts.empty}</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {list.data.map((item) => (
        <li key={item.id}>
          <ItemRow item={item} />
        </li>
      ))}
    </Stack>
  );
}

function ItemRow({ item }: { item: ContentItem }) {
  const { t, i18n } = useLingui();
  const texts = useContentTexts(item.kind);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.content.pathKey() });
  const setActive = useMutation(
    trpc.content.setActive.mutationOptions({
      onSuccess: async (_r, v) => {
        notifications.show({ color: "teal", message: v.active ? texts.activated : texts.deactivated });
        await refresh();
      },
      onError: (err) => notifications.show({ color: "red", title: texts.statusFailed, message: errorText(err) }),
    }),
  );
  const remove = useMutation(
    trpc.content.delete.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: "teal", message: texts.deleted });
        await refresh();
      },
      onError: (err) => notifications.show({ color: "red", title: texts.deleteFailed, message: errorText(err) }),
    }),
  );
  const typeLabel =
    item.documentType === "terms_conditions"
      ? t`Terms and Conditions`
      : item.documentType === "membership_levels"
        ? t`Membership Levels and Services`
        : null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="content-item">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: "1 1 220px" }}>
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {item.title}
            </Text>
            <Group gap={6} wrap="wrap">
              {typeLabel && (
                <Badge variant="light" color="blue">
                  {typeLabel}
                </Badge>
              )}
              <Badge variant="light" color={item.isActive ? "teal" : "gray"}>
                {item.isActive ? t`Active` : t`Inactive`}
              </Badge>
              <Text size="xs" c="dimmed">
                {formatDate(new Date(item.createdAt), i18n.locale)}
              </Text>
            </Group>
            {item.description && (
              <Text size="sm" c="dimmed">
                {item.description}
              </Text>
            )}
            <Anchor href={item.url} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: "anywhere" }}>
              {item.fileName}
            </Anchor>
          </Stack>
          <Group gap="sm">
            <Switch
              checked={item.isActive}
              disabled={setActive.isPending}
              onChange={(e) => setActive.mutate({ kind: item.kind, id: item.id, active: e.currentTarget.checked })}
              label={t`Active`}
              aria-label={t`Active: ${item.title}`}
              data-testid="content-active"
            />
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
              aria-label={t`Delete ${item.title}`}
              data-testid="content-delete"
            >
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Group>
        {confirming && (
          <Alert color="red" variant="light" role="alertdialog" aria-label={texts.confirmDelete}>
            <Stack gap="xs">
              <Text size="sm">{texts.confirmDelete}</Text>
              <Group gap="sm" justify="flex-end">
                <Button variant="default" size="xs" onClick={() => setConfirming(false)} data-autofocus>
                  <Trans>Cancel</Trans>
                </Button>
                <Button
                  color="red"
                  size="xs"
                  loading={remove.isPending}
                  onClick={() => remove.mutate({ kind: item.kind, id: item.id })}
                  data-testid="content-delete-confirm"
                >
                  <Trans>Delete</Trans>
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
