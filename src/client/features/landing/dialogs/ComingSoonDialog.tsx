import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconHourglass, IconMail } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { DialogProps } from "../LazyDialog";

/**
 * Opened by Start Assessment / Start Analysis. The spec does not show what they do, so this
 * says honestly that the interactive version is coming and offers the contact form instead.
 */
export function ComingSoonDialog({ opened, onClose, kind }: DialogProps & { kind: "readiness" | "porter" }) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={kind === "readiness" ? t`Export Readiness Assessment` : t`Porter Diamond Analysis`}
      centered
    >
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal" aria-hidden>
          <IconHourglass size={30} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          <Trans>The interactive version is coming soon</Trans>
        </Text>
        <Text c="dimmed" size="sm">
          {kind === "readiness" ? (
            <Trans>
              We are still building the online assessment that scores your answers. Until it is ready, use the guiding
              questions on this page, and if you would like an expert to review your answers with you, send our team a
              message.
            </Trans>
          ) : (
            <Trans>
              We are still building the online analysis that scores your answers. Until it is ready, use the guiding
              questions on this page, and if you would like an expert to go through the diamond with you, send our team
              a message.
            </Trans>
          )}
        </Text>
        <Group justify="center" gap="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
          <Button component={Link} to="/landing" hash="contact" leftSection={<IconMail size={18} aria-hidden />}>
            <Trans>Contact the Team</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
