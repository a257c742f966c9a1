import { Skeleton, Stack } from "@mantine/core";

/** Roughly the form's height, so nothing jumps when it arrives. */
export function ContactFormPlaceholder() {
  return (
    <Stack gap="md" aria-hidden>
      <Skeleton h={60} radius="sm" />
      <Skeleton h={60} radius="sm" />
      <Skeleton h={150} radius="sm" />
      <Skeleton h={36} w={160} radius="sm" />
    </Stack>
  );
}

/** Stands in for the SMS and WhatsApp buttons while the channels load. */
export function ChannelsPlaceholder() {
  return (
    <Stack gap="sm" aria-hidden>
      <Skeleton h={36} radius="sm" />
      <Skeleton h={36} radius="sm" />
    </Stack>
  );
}
