import { Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A landing card with an icon, a level-2 heading, an optional lead text and its content. */
export function SectionCard({
  id,
  icon,
  title,
  lead,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id} withBorder radius="lg" padding="lg" shadow="xs" h="100%">
      <Stack gap="md" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light" color="teal" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title id={id} order={2} fz={{ base: 20, sm: 24 }}>
            {title}
          </Title>
        </Group>
        {lead ? <Text c="dimmed">{lead}</Text> : null}
        {children}
      </Stack>
    </Card>
  );
}
