/**
 * The profile's card of one assessment tool's saved results (issue #18 §3): its title with an
 * icon, the button that starts the tool, then a skeleton while `assessments.mine` loads, its
 * error with a retry, `empty` when there is no result yet, or `children`. `ResultLink` opens one
 * saved result.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Card, Group, Skeleton, Stack, Title } from "@mantine/core";
import { IconPlayerPlay } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LoadError } from "../../components/LoadError";

export interface SavedResultsCardProps {
  /** The section's id (the profile links to it), if any, and its heading's id. */
  id?: string;
  titleId: string;
  icon: ReactNode;
  title: ReactNode;
  /** The tool's Start page and the button's text. */
  startTo: "/export-readiness-assessment/start" | "/porter-diamond-analysis/start";
  startLabel: ReactNode;
  /** `assessments.mine`'s state. */
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** Shown when there is no result of this tool yet (`hasResults` false). */
  hasResults: boolean;
  empty: ReactNode;
  children: ReactNode;
}

export function SavedResultsCard(props: SavedResultsCardProps) {
  const { t } = useLingui();
  const { query } = props;
  return (
    <Card withBorder radius="lg" p="lg" component="section" id={props.id} aria-labelledby={props.titleId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            {props.icon}
            <Title order={2} size="h4" id={props.titleId}>
              {props.title}
            </Title>
          </Group>
          <Button
            component={Link}
            to={props.startTo}
            size="sm"
            variant="light"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
          >
            {props.startLabel}
          </Button>
        </Group>
        {query.isPending ? (
          <Skeleton h={80} />
        ) : query.isError ? (
          <LoadError
            title={t`Failed to load your assessments`}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : !props.hasResults ? (
          props.empty
        ) : (
          props.children
        )}
      </Stack>
    </Card>
  );
}

/** "View": opens saved result `id`; `label` is its accessible name (which result, by date). */
export function ResultLink({ id, label }: { id: number; label: string }) {
  return (
    <Anchor
      renderRoot={(p) => <Link to="/assessments/$assessmentId" params={{ assessmentId: String(id) }} {...p} />}
      size="sm"
      aria-label={label}
    >
      <Trans>View</Trans>
    </Anchor>
  );
}
