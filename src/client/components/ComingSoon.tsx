import { Trans } from "@lingui/react/macro";
import { Button, Card, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconTools } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

/** An honest card for a screen that is not built yet, inside the layout. */
export function ComingSoon({ title }: { title: ReactNode }) {
  return (
    <Card withBorder radius="lg" p="xl" maw={640} mx="auto" mt="lg">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconTools size={28} />
        </ThemeIcon>
        <Title order={2}>{title}</Title>
        <Text c="dimmed">
          <Trans>This part of the club is being built and will open soon. Thank you for your patience.</Trans>
        </Text>
        <Button component={Link} to="/dashboard" variant="light">
          <Trans>Back to Dashboard</Trans>
        </Button>
      </Stack>
    </Card>
  );
}
