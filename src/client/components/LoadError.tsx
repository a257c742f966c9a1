/**
 * The one "could not load" alert (spec part 2 §8: a load failure is shown with a retry): a red
 * alert titled `title`, the error's translated message when `error` is given, and Try again
 * when `onRetry` is given. Logging the failure stays with the page (its own console text).
 */
import { Trans } from "@lingui/react/macro";
import { Alert, Button, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { errorText } from "../lib/errors";

export interface LoadErrorProps {
  /** What failed, e.g. "Failed to load members". */
  title?: ReactNode;
  /** The failure; its translated message shows under the title. Omit to show the title only. */
  error?: unknown;
  /** Shows Try again, which calls this (usually `query.refetch`). */
  onRetry?: () => void;
}

export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  const retry = onRetry && (
    <Button size="xs" variant="light" color="red" onClick={onRetry}>
      <Trans>Try again</Trans>
    </Button>
  );
  return (
    <Alert color="red" role="alert" title={title}>
      {error === undefined ? (
        retry
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(error)}</Text>
          {retry}
        </Stack>
      )}
    </Alert>
  );
}
