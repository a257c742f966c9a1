import { Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";

/** A titled card of the Profile Settings page; a labelled region for screen readers. */
export function SectionCard({
  icon,
  title,
  description,
  children,
  testId,
}: {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <Card
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby={id}
      data-testid={testId}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="teal" size={36} radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={id}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </div>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
