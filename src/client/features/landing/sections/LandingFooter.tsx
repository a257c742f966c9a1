import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Box, Container, Group, Image, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { dateTimeFormat } from "../../../i18n";

/** Footer of the public pages: name and tagline, useful links, copyright. */
export function LandingFooter() {
  const { i18n, t } = useLingui();
  const year = dateTimeFormat(i18n.locale, { year: "numeric" }).format(new Date());
  return (
    <Box component="footer" py="xl" style={{ borderBlockStart: "1px solid var(--mantine-color-default-border)" }}>
      <Container size="lg">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="lg">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Image src="/logo.svg" alt="" w={32} h={32} fit="contain" />
              <div>
                <Text fw={700}>
                  <Trans>Export Club</Trans>
                </Text>
                <Text size="sm" c="dimmed">
                  <Trans>Synergy for export</Trans>
                </Text>
              </div>
            </Group>
            <Group component="nav" aria-label={t`Footer`} gap="lg">
              <Anchor component={Link} to="/export-readiness-assessment" size="sm" c="dimmed">
                <Trans>Export Readiness Assessment</Trans>
              </Anchor>
              <Anchor component={Link} to="/porter-diamond-analysis" size="sm" c="dimmed">
                <Trans>Porter Diamond Analysis</Trans>
              </Anchor>
              <Anchor component={Link} to="/landing" hash="contact" size="sm" c="dimmed">
                <Trans>Contact Us</Trans>
              </Anchor>
            </Group>
          </Group>
          <Text size="xs" c="dimmed">
            <Trans>© {year} Export Club. All rights reserved.</Trans>
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
