/**
 * Recovery codes shown once (docs/architecture.md "Security model"; ASVS V6.5.1): the ten codes,
 * a Copy and a Download button, and why they matter. The codes stay Latin and left-to-right on
 * Persian pages too, as they must be typed.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCheck, IconCopy, IconDownload } from "@tabler/icons-react";
import { recoveryCodesFile } from "./codes";

export function RecoveryCodesView({ codes }: { codes: readonly string[] }) {
  const { t } = useLingui();
  const fileText = recoveryCodesFile(codes, t`Export Club recovery codes (each works once)`);

  function download() {
    const url = URL.createObjectURL(new Blob([fileText], { type: "text/plain;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "export-club-recovery-codes.txt";
    a.click();
    URL.revokeObjectURL(url);
  }

  return (
    <Stack gap="sm">
      <Alert color="yellow" title={t`Save your recovery codes now`}>
        <Trans>
          Each code signs you in once if you lose your phone. Keep them somewhere safe, such as a password manager. They
          are not shown again.
        </Trans>
      </Alert>
      <SimpleGrid
        cols={2}
        spacing="xs"
        component="ul"
        dir="ltr"
        aria-label={t`Recovery codes`}
        data-testid="recovery-codes"
        style={{ listStyle: "none", padding: 0, margin: 0, fontFamily: "var(--mantine-font-family-monospace)" }}
      >
        {codes.map((code) => (
          <Text component="li" key={code} size="md" ta="center">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={fileText}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            >
              {copied ? <Trans>Copied</Trans> : <Trans>Copy codes</Trans>}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={download} leftSection={<IconDownload size={16} aria-hidden />}>
          <Trans>Download codes</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
