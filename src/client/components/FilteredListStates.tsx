/**
 * The states a filtered, paged list shows around its items (the library, the member directory,
 * member administration): the empty card — "nothing matches, Reset filters" when filters are set,
 * the list's own "nothing yet" otherwise — and the dimming of the previous results while the
 * next filter's results load (`keepPreviousData`).
 */
import { Trans } from "@lingui/react/macro";
import { Button, Card, Stack, Text } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import type { CSSProperties, ReactNode } from "react";

/**
 * The card of an empty list. `children` is the message (the caller picks the filtered or the
 * unfiltered wording); when `filtered`, a "Reset filters" button under it calls `onReset`.
 */
export function EmptyFilteredList({
  icon: ListIcon,
  filtered,
  onReset,
  testId,
  children,
}: {
  /** A 40 px dimmed icon above the message. */
  icon?: Icon;
  filtered: boolean;
  onReset: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" p="xl" data-testid={testId}>
      <Stack align="center" gap="sm" ta="center">
        {ListIcon && <ListIcon size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />}
        <Text fw={600}>{children}</Text>
        {filtered && (
          <Button variant="light" onClick={onReset}>
            <Trans>Reset filters</Trans>
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** Style of the shown results: dimmed (0.6) while they are the previous filter's placeholder. */
export function staleResultsStyle(isPlaceholderData: boolean): CSSProperties {
  return { opacity: isPlaceholderData ? 0.6 : 1, transition: "opacity 120ms" };
}
