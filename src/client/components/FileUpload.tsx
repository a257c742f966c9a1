/**
 * One upload control for every purpose (spec part 1 §5, part 2 §2 photo and attachment, §8):
 * a keyboard-reachable button that opens the file picker, a progress bar with the percentage
 * while the bytes go out (with Cancel), and the current file — name, size, a link to open it and
 * Remove. The photo purpose shows an avatar preview. Refusals are toasts in the spec's words:
 * 'File too large' with the purpose's message, 'Invalid file' for names and types, 'Upload limit exceeded' for the hourly limit; success
 * 'File uploaded successfully'.
 *
 * Controlled: `value` is the current file (or null) and `onChange` receives the new upload or
 * null after Remove. Nothing is saved to the profile here; the owning form does that.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Anchor,
  Avatar,
  Button,
  FileButton,
  Group,
  Input,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconFile, IconPaperclip, IconTrash, IconUpload, IconX } from "@tabler/icons-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { UPLOAD_RULES, type UploadPurpose } from "../../common/uploads";
import { formatNumber } from "../i18n";
import { photoImage } from "../lib/photos";
import { formatFileSize, UPLOAD_FAILURE_TITLES, type Uploaded, UploadFailure, uploadFile } from "../lib/upload";

export interface FileUploadProps {
  purpose: UploadPurpose;
  value: Uploaded | null;
  onChange: (file: Uploaded | null) => void;
  label: ReactNode;
  /** Shown under the label; defaults to the accepted kinds and the size limit. */
  description?: ReactNode;
  /** An error to show under the control (e.g. from the server on save). */
  error?: ReactNode;
  /** Name for the avatar's initials when there is no photo yet. */
  avatarName?: string;
  disabled?: boolean;
  "data-testid"?: string;
}

export function FileUpload({
  purpose,
  value,
  onChange,
  label,
  description,
  error,
  avatarName,
  disabled,
  "data-testid": testId,
}: FileUploadProps) {
  const { t, i18n } = useLingui();
  const rule = UPLOAD_RULES[purpose];
  const [progress, setProgress] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const resetRef = useRef<() => void>(null);
  const labelId = useId();
  const isPhoto = purpose === "profile_photo";
  const uploading = progress !== null;

  // Leaving the page cancels an upload still under way.
  useEffect(() => () => abortRef.current?.abort(), []);

  const kinds = rule.accept
    .split(",")
    .map((e) => e.replace(".", "").toUpperCase())
    .join(", ");
  const limit = formatFileSize(rule.maxBytes, i18n.locale);

  async function pick(file: File | null) {
    resetRef.current?.();
    if (!file) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    try {
      const uploaded = await uploadFile(file, purpose, setProgress, { signal: controller.signal });
      onChange(uploaded);
      notifications.show({ color: "teal", message: t`File uploaded successfully` });
    } catch (err) {
      const failure =
        err instanceof UploadFailure
          ? err
          : new UploadFailure("failed", t`An unexpected error occurred. Please try again.`);
      if (failure.reason !== "aborted") {
        notifications.show({
          color: "red",
          title: i18n._(UPLOAD_FAILURE_TITLES[failure.reason]),
          message: failure.message,
        });
      }
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setProgress(null);
    }
  }

  return (
    <Input.Wrapper
      labelElement="div"
      label={<span id={labelId}>{label}</span>}
      description={
        description ?? (
          <Trans>
            {kinds} · at most {limit}
          </Trans>
        )
      }
      error={error}
      data-testid={testId}
    >
      <Paper withBorder radius="md" p="sm" mt={6} role="group" aria-labelledby={labelId}>
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="center">
            {isPhoto ? (
              <Avatar
                {...photoImage(value?.url, 64)}
                name={avatarName}
                color="teal"
                size={64}
                radius="xl"
                alt={value ? t`Profile photo preview` : undefined}
              />
            ) : (
              <ThemeIcon size={44} radius="md" variant="light" color={value ? "teal" : "gray"} aria-hidden>
                {value ? <IconFile size={22} /> : <IconPaperclip size={22} />}
              </ThemeIcon>
            )}
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              {value ? (
                <>
                  <Anchor
                    href={value.url}
                    target="_blank"
                    rel="noopener"
                    size="sm"
                    fw={500}
                    truncate="end"
                    title={value.fileName}
                    data-testid="current-file"
                  >
                    <bdi>{value.fileName}</bdi>
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatFileSize(value.sizeBytes, i18n.locale)}
                  </Text>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {isPhoto ? <Trans>No photo yet</Trans> : <Trans>No file yet</Trans>}
                </Text>
              )}
            </Stack>
          </Group>

          {uploading && (
            <div aria-live="polite">
              <Group justify="space-between" gap="xs" mb={4}>
                <Text size="xs" c="dimmed">
                  <Trans>Uploading… {formatNumber(progress, i18n.locale)}%</Trans>
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="gray"
                  leftSection={<IconX size={12} />}
                  onClick={() => abortRef.current?.abort()}
                >
                  <Trans>Cancel</Trans>
                </Button>
              </Group>
              <Progress value={progress} animated aria-label={t`Upload progress`} />
            </div>
          )}

          <Group gap="xs">
            <FileButton
              onChange={(f) => void pick(f)}
              accept={rule.accept}
              resetRef={resetRef}
              disabled={disabled || uploading}
            >
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconUpload size={14} />}
                  disabled={disabled || uploading}
                  aria-describedby={labelId}
                >
                  {value ? (
                    isPhoto ? (
                      <Trans>Change photo</Trans>
                    ) : (
                      <Trans>Replace file</Trans>
                    )
                  ) : isPhoto ? (
                    <Trans>Upload photo</Trans>
                  ) : (
                    <Trans>Upload file</Trans>
                  )}
                </Button>
              )}
            </FileButton>
            {value && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => onChange(null)}
                disabled={disabled || uploading}
              >
                <Trans>Remove</Trans>
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Input.Wrapper>
  );
}
