import { Trans } from "@lingui/react/macro";
import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation } from "@tanstack/react-router";
import { useEffect } from "react";

/** 404 page (spec part 1 §2): 'Oops! Page not found' with a link home; the path is logged. */
export function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.warn("404: no route for", location.pathname);
  }, [location.pathname]);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md">
        <Title order={1} size={64} c="dimmed">
          404
        </Title>
        <Text size="xl">
          <Trans>Oops! Page not found</Trans>
        </Text>
        <Button component={Link} to="/">
          <Trans>Return to Home</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
