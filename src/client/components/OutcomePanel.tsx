/**
 * The result of following an e-mailed link (confirm e-mail, reset password): a round icon — the
 * success `icon` (a check unless given) in teal, or a red warning when `failed` — the heading, then `children`
 * (explanation and the next step's button).
 */
import { Stack, ThemeIcon, Title } from "@mantine/core";
import { type Icon, IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";

export function OutcomePanel({
  failed,
  icon: SuccessIcon = IconCircleCheck,
  title,
  testId,
  children,
}: {
  failed?: boolean;
  /** Shown when not `failed`; a check by default. */
  icon?: Icon;
  /** The page's h1. */
  title: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Stack align="center" ta="center" gap="sm" data-testid={testId}>
      <ThemeIcon size={56} radius="xl" color={failed ? "red" : "teal"} variant="light" aria-hidden>
        {failed ? <IconAlertTriangle size={28} /> : <SuccessIcon size={28} />}
      </ThemeIcon>
      <Title order={1} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
