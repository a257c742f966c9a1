import { Center, Loader, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** Centered spinner with a caption, for route-level loading states. */
export function FullPageLoader({ label }: { label: ReactNode }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
