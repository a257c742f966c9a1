/**
 * The public viewers (issue #16 §2; spec part 1 §2, §8 "Viewers"): a PDF rendered in the page
 * by the browser's own viewer in a same-origin frame (the file is served inline, and its answer
 * allows being framed by our own pages only: `frame-ancestors 'self'`), with a download link
 * beside it; a Word document offered as a download; a video played from `/api/files/:id`, which
 * answers byte ranges (206) so the player can seek.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Box, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import type { ContentItem } from "../../../../common/content";
import type { DialogProps } from "../../../components/LazyDialog";

/** A PDF in the page, or a Word document to download. */
export function DocumentView({ item }: { item: ContentItem }) {
  const { t } = useLingui();
  const isPdf = item.contentType === "application/pdf";
  return (
    <Stack gap="sm" data-testid="document-view">
      {isPdf ? (
        <Box
          component="iframe"
          src={item.url}
          title={item.title}
          w="100%"
          h="min(70vh, 720px)"
          style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: 8 }}
          data-testid="pdf-frame"
        />
      ) : (
        <Text>
          <Trans>This document is a Word file. Download it to read it.</Trans>
        </Text>
      )}
      <Group justify="flex-end">
        <Button
          component="a"
          href={item.url}
          download={item.fileName}
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          aria-label={t`Download ${item.title}`}
        >
          <Trans>Download</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

export interface ItemDialogProps extends DialogProps {
  item: ContentItem | null;
}

/** The About card's Details: the active PDF. */
export function PdfDialog({ item, opened, onClose }: ItemDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={item?.title} size="xl" data-testid="pdf-dialog">
      {item && <DocumentView item={item} />}
    </Modal>
  );
}

/** The About card's Watch a Video: the active video, with seeking. */
export function VideoDialog({ item, opened, onClose }: ItemDialogProps) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title={item?.title} size="xl" data-testid="video-dialog">
      {item && (
        <Stack gap="sm">
          {failed ? (
            <Alert color="red" role="alert">
              {t`Failed to load video`}
            </Alert>
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: an uploaded video comes without a captions file
            <video
              src={item.url}
              controls
              preload="metadata"
              style={{ width: "100%", maxHeight: "70vh", background: "black", borderRadius: 8 }}
              aria-label={item.title}
              onError={() => setFailed(true)}
              data-testid="video-player"
            />
          )}
          {item.description && <Text>{item.description}</Text>}
          <Anchor href={item.url} download={item.fileName} size="sm">
            <Trans>Download the video</Trans>
          </Anchor>
        </Stack>
      )}
    </Modal>
  );
}
